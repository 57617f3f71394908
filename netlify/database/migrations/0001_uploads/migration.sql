CREATE TABLE "pending_upload_parts" (
	"upload_id" uuid NOT NULL,
	"part_index" integer NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "pending_upload_parts_upload_id_part_index_pk" PRIMARY KEY("upload_id","part_index")
);
--> statement-breakpoint
CREATE TABLE "pending_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_submission_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"declared_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"audit_submission_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_upload_parts" ADD CONSTRAINT "pending_upload_parts_upload_id_pending_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."pending_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_uploads" ADD CONSTRAINT "pending_uploads_audit_submission_id_audit_submissions_id_fk" FOREIGN KEY ("audit_submission_id") REFERENCES "public"."audit_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_tokens" ADD CONSTRAINT "upload_tokens_audit_submission_id_audit_submissions_id_fk" FOREIGN KEY ("audit_submission_id") REFERENCES "public"."audit_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_uploads_created_at_idx" ON "pending_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "upload_tokens_submission_idx" ON "upload_tokens" USING btree ("audit_submission_id");