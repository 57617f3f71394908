CREATE TABLE "download_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"resource_title" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"consent_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"is_spam" boolean DEFAULT false NOT NULL,
	"spam_reason" text,
	"attribution" jsonb,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_opens" integer NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"first_opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "download_requests" ADD CONSTRAINT "download_requests_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "download_requests_token_idx" ON "download_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "download_requests_lead_idx" ON "download_requests" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "download_requests_created_at_idx" ON "download_requests" USING btree ("created_at");