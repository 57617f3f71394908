CREATE TABLE "closed_deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid,
	"outcome" text NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"lost_reason" text,
	"source" text,
	"campaign" text,
	"landing_path" text,
	"resource" text,
	"first_touch_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pipeline_stage_settings" (
	"stage" text PRIMARY KEY NOT NULL,
	"probability" integer NOT NULL,
	"stale_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deal_value" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "expected_close_on" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "closed_deals" ADD CONSTRAINT "closed_deals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "closed_deals_lead_idx" ON "closed_deals" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "closed_deals_closed_at_idx" ON "closed_deals" USING btree ("closed_at");--> statement-breakpoint
CREATE INDEX "leads_stage_idx" ON "leads" USING btree ("stage","stage_entered_at");--> statement-breakpoint
-- A lead from before the pipeline has been in `new` since its first request, not since this migration.
UPDATE "leads" SET "stage_entered_at" = "first_request_at";
