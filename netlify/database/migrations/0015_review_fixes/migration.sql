ALTER TABLE "inbound_messages" ADD COLUMN "sender_check" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
-- Leads still owned by a colleague removed from staff before removals handed their leads over (docs/security.md):
-- handed to nobody now, each handover on the lead's timeline.
INSERT INTO "lead_events" ("lead_id", "kind", "actor_id", "actor_email", "detail")
SELECT l."id", 'owner', 'system', 'system',
  jsonb_build_object('from', u."id", 'fromName', u."name", 'fromEmail', u."email", 'to', null, 'toName', null,
    'toEmail', null, 'reason', 'removed')
FROM "leads" l JOIN "users" u ON u."id" = l."owner_id"
WHERE NOT EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = u."id");--> statement-breakpoint
UPDATE "leads" SET "owner_id" = NULL
WHERE "owner_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "user_roles" r WHERE r."user_id" = "leads"."owner_id");
