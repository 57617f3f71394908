CREATE TABLE "preview_data" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pseudonymised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
-- The staff action log stays append-only (migration 0008), with a second narrow update beside an erasure's: a
-- row may have its detail replaced, keeping who did what and when, when the new detail says why its personal
-- details went ("redacted": "retention" for a staff member's device and address past their period, "preview" in a
-- deploy preview's copy of production; docs/privacy.md). Written by hand; drizzle-kit does not model triggers.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.actor_id = OLD.actor_id
     AND NEW.actor_email = OLD.actor_email AND NEW.action = OLD.action
     AND (NEW.detail ? 'erasedLead' OR NEW.detail->>'redacted' IN ('retention', 'preview')) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;
