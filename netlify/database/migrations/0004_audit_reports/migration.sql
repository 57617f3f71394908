CREATE TABLE "audit_report_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"first_opened_at" timestamp with time zone,
	"delivered_by_id" text NOT NULL,
	"delivered_by_email" text NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_reports" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"areas" jsonb NOT NULL,
	"prefill" jsonb NOT NULL,
	"updated_by_id" text,
	"updated_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_report_deliveries" ADD CONSTRAINT "audit_report_deliveries_submission_id_audit_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."audit_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_reports" ADD CONSTRAINT "audit_reports_submission_id_audit_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."audit_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_report_deliveries_token_idx" ON "audit_report_deliveries" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_report_deliveries_version_idx" ON "audit_report_deliveries" USING btree ("submission_id","version");