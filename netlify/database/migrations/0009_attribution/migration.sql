CREATE TABLE "intake_funnel_days" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "intake_funnel_days_day_step_pk" PRIMARY KEY("day","step")
);
--> statement-breakpoint
ALTER TABLE "audit_submissions" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_form" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
CREATE INDEX "audit_report_deliveries_delivered_at_idx" ON "audit_report_deliveries" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "leads_first_request_idx" ON "leads" USING btree ("first_request_at");--> statement-breakpoint
CREATE INDEX "leads_source_idx" ON "leads" USING btree ("source");--> statement-breakpoint
-- A lead from before attribution keeps no source (it was never recorded), but its first form is known: the form
-- of its earliest request.
UPDATE "leads" l SET "first_form" = f.form FROM (
  SELECT DISTINCT ON (r.lead_id) r.lead_id, r.form FROM (
    SELECT "lead_id", 'message' AS form, "created_at" FROM "contact_messages"
    UNION ALL
    SELECT "lead_id", "source" AS form, "created_at" FROM "audit_submissions"
  ) r ORDER BY r.lead_id, r.created_at
) f WHERE f.lead_id = l."id";
