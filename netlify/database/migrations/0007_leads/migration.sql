CREATE TABLE "lead_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mail_id" uuid
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_key" text NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"owner_id" text,
	"request_count" integer DEFAULT 0 NOT NULL,
	"is_spam" boolean DEFAULT false NOT NULL,
	"first_request_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"awaiting_since" timestamp with time zone,
	"response_due_at" timestamp with time zone,
	"first_response_at" timestamp with time zone,
	"last_response_at" timestamp with time zone,
	"due_soon_alerted_at" timestamp with time zone,
	"overdue_alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_submissions" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_email_key_idx" ON "leads" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "leads_activity_idx" ON "leads" USING btree ("last_activity_at","id");--> statement-breakpoint
CREATE INDEX "leads_owner_idx" ON "leads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "leads_response_due_idx" ON "leads" USING btree ("response_due_at");--> statement-breakpoint
ALTER TABLE "audit_submissions" ADD CONSTRAINT "audit_submissions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "audit_submissions_lead_idx" ON "audit_submissions" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "contact_messages_lead_idx" ON "contact_messages" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_lead_idx" ON "mail_outbox" USING btree ("lead_id");--> statement-breakpoint
-- Written by hand from here on (drizzle-kit models neither functions nor data).
-- The response clock, in one place (docs/decisions/0030-leads.md): a lead's first response is due 24 hours after the
-- request that started its wait; a request made on a Saturday or Sunday in the agency's time zone
-- (America/New_York) is due at the end of the next Monday there. Daylight saving is the time zone's business.
CREATE FUNCTION "lead_response_due"(requested timestamptz) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN extract(isodow FROM requested AT TIME ZONE 'America/New_York') >= 6 THEN
      (date_trunc('day', requested AT TIME ZONE 'America/New_York')
        + make_interval(days => 9 - extract(isodow FROM requested AT TIME ZONE 'America/New_York')::int)
        - interval '1 millisecond') AT TIME ZONE 'America/New_York'
    ELSE requested + interval '24 hours'
  END
$$;
--> statement-breakpoint
-- Every stored request joins the lead of its address. The person is as last given by a request that is not
-- spam; the wait starts at the earliest request still unanswered (a message not replied, an audit pending).
INSERT INTO "leads" ("email_key", "email", "name", "company", "phone", "request_count", "is_spam",
  "first_request_at", "last_activity_at", "awaiting_since")
SELECT r.key,
  (array_agg(r.email ORDER BY r.is_spam, r.created_at DESC))[1],
  (array_agg(r.name ORDER BY r.is_spam, r.created_at DESC))[1],
  coalesce((array_agg(r.company ORDER BY r.is_spam, r.created_at DESC) FILTER (WHERE r.company <> ''))[1], ''),
  coalesce((array_agg(r.phone ORDER BY r.is_spam, r.created_at DESC) FILTER (WHERE r.phone <> ''))[1], ''),
  count(*), bool_and(r.is_spam), min(r.created_at), max(r.created_at),
  min(r.created_at) FILTER (WHERE r.awaiting)
FROM (
  SELECT lower(trim("email")) AS key, trim("email") AS email, "name", "company", '' AS phone, "created_at",
    "is_spam", (NOT "is_spam" AND "status" <> 'replied') AS awaiting
  FROM "contact_messages"
  UNION ALL
  SELECT lower(trim("contact_email")), trim("contact_email"), "contact_name", "company_name", "contact_phone",
    "created_at", "is_spam", (NOT "is_spam" AND "status" = 'pending')
  FROM "audit_submissions"
) r
GROUP BY r.key;
--> statement-breakpoint
UPDATE "leads" SET "response_due_at" = lead_response_due("awaiting_since") WHERE "awaiting_since" IS NOT NULL;
--> statement-breakpoint
-- A wait already past due when the leads arrive is counted in the portal's header, not mailed: the first run of
-- the alerts would otherwise send one overdue mail for every lead left unanswered before there was a clock.
UPDATE "leads" SET "due_soon_alerted_at" = now(), "overdue_alerted_at" = now() WHERE "response_due_at" < now();
--> statement-breakpoint
UPDATE "contact_messages" m SET "lead_id" = l."id" FROM "leads" l WHERE l."email_key" = lower(trim(m."email"));
--> statement-breakpoint
UPDATE "audit_submissions" s SET "lead_id" = l."id" FROM "leads" l WHERE l."email_key" = lower(trim(s."contact_email"));
--> statement-breakpoint
UPDATE "mail_outbox" o SET "lead_id" = l."id" FROM "leads" l WHERE l."email_key" = lower(trim(o."to"));
--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "lead_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_submissions" ALTER COLUMN "lead_id" SET NOT NULL;
