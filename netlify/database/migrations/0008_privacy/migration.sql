CREATE TABLE "blob_deletions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store" text NOT NULL,
	"key" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "is_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sealed" text;--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD COLUMN "has_macros" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "blob_deletions_store_key_idx" ON "blob_deletions" USING btree ("store","key");--> statement-breakpoint
-- The staff action log (docs/privacy.md): never deleted, never emptied, never rewritten, with one exception an
-- erasure needs: a row may have its target and detail replaced, keeping who did what and when, when the new
-- detail carries the erased lead's opaque id ("erasedLead"). Written by hand; drizzle-kit does not model triggers.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.actor_id = OLD.actor_id
     AND NEW.actor_email = OLD.actor_email AND NEW.action = OLD.action
     AND NEW.detail ? 'erasedLead' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
--> statement-breakpoint
-- Submit keys are stored as their SHA-256 (src/server/idempotency.ts), like every other bearer secret.
UPDATE "idempotency_keys" SET "key" = encode(sha256(convert_to("key", 'UTF8')), 'hex');
--> statement-breakpoint
-- Mails queued before this migration carry report and account links in clear text: the links go.
UPDATE "mail_outbox"
   SET "text_body" = regexp_replace("text_body", '(/report/|[?&]token=|/reset-password/)[A-Za-z0-9_.-]+', '\1(removed)', 'g'),
       "html_body" = regexp_replace("html_body", '(/report/|[?&](amp;)?token=|/reset-password/)[A-Za-z0-9_.-]+', '\1(removed)', 'g')
 WHERE "text_body" ~ '(/report/|[?&]token=|/reset-password/)';
