DROP INDEX "leads_stage_idx";--> statement-breakpoint
CREATE INDEX "leads_pipeline_idx" ON "leads" USING btree ("stage","stage_entered_at","id","deal_value","owner_id") WHERE is_spam = false;--> statement-breakpoint
-- Leads from before the pipeline (docs/decisions/0047-pipeline.md), each only while still at New with no stage
-- change of its own (staff, or a booking since 0017, moved it: that stands). Each lead moved here gets its `stage`
-- event on the timeline, dated when it entered the stage, and a `lead.stage` row in the action log, both by the
-- actor `pipeline backfill`.
-- 1. A lead an admin marked a client is a won deal: won when it was last marked, or its last change when the log
--    has no mark (older than the action log); its closed deal with its value ($0 when none) and first touch.
WITH marked AS (
  SELECT "target_id"::uuid AS "id", max("at") AS "at" FROM "audit_log"
  WHERE "action" = 'lead.client' AND "detail"->>'to' = 'true' GROUP BY "target_id"
), moved AS (
  UPDATE "leads" l SET "stage" = 'won', "stage_entered_at" = coalesce(m."at", l."updated_at")
  FROM "leads" x LEFT JOIN marked m ON m."id" = x."id"
  WHERE x."id" = l."id" AND l."stage" = 'new' AND l."is_client" AND NOT l."is_spam"
    AND NOT EXISTS (SELECT 1 FROM "lead_events" e WHERE e."lead_id" = l."id" AND e."kind" = 'stage')
  RETURNING l."id", l."stage", l."stage_entered_at", l."deal_value", l."source", l."attribution", l."first_request_at"
), events AS (
  INSERT INTO "lead_events" ("lead_id", "kind", "at", "actor_id", "actor_email", "detail")
  SELECT "id", 'stage', "stage_entered_at", 'system', 'pipeline backfill',
    jsonb_build_object('from', 'new', 'to', "stage", 'value', "deal_value", 'fromValue', "deal_value",
      'expectedCloseOn', null, 'lostReason', null)
  FROM moved
), logged AS (
  INSERT INTO "audit_log" ("actor_id", "actor_email", "action", "target_type", "target_id", "detail")
  SELECT 'system', 'pipeline backfill', 'lead.stage', 'lead', "id"::text,
    jsonb_build_object('from', 'new', 'to', "stage", 'value', "deal_value")
  FROM moved
)
INSERT INTO "closed_deals" ("lead_id", "outcome", "closed_at", "value", "source", "campaign", "landing_path",
  "resource", "first_touch_at")
SELECT mv."id", 'won', mv."stage_entered_at", coalesce(mv."deal_value", 0), mv."source",
  mv."attribution"->>'utmCampaign', mv."attribution"->>'landingPath',
  (SELECT d."resource_title" FROM "download_requests" d WHERE d."lead_id" = mv."id" AND NOT d."is_spam"
    ORDER BY d."created_at", d."id" LIMIT 1),
  mv."first_request_at"
FROM moved mv;
--> statement-breakpoint
-- 2. A lead with a call booked or held (issue 54) is at Call booked from its first such booking, as a booking
--    moves a New lead now; a call cancelled or missed moves nothing.
WITH calls AS (
  SELECT "lead_id", min("booked_at") AS "at" FROM "bookings" WHERE "status" IN ('booked', 'held') GROUP BY "lead_id"
), moved AS (
  UPDATE "leads" l SET "stage" = 'call', "stage_entered_at" = c."at"
  FROM calls c
  WHERE c."lead_id" = l."id" AND l."stage" = 'new' AND NOT l."is_spam"
    AND NOT EXISTS (SELECT 1 FROM "lead_events" e WHERE e."lead_id" = l."id" AND e."kind" = 'stage')
  RETURNING l."id", l."stage", l."stage_entered_at", l."deal_value"
), events AS (
  INSERT INTO "lead_events" ("lead_id", "kind", "at", "actor_id", "actor_email", "detail")
  SELECT "id", 'stage', "stage_entered_at", 'system', 'pipeline backfill',
    jsonb_build_object('from', 'new', 'to', "stage", 'value', "deal_value", 'fromValue', "deal_value",
      'expectedCloseOn', null, 'lostReason', null)
  FROM moved
)
INSERT INTO "audit_log" ("actor_id", "actor_email", "action", "target_type", "target_id", "detail")
SELECT 'system', 'pipeline backfill', 'lead.stage', 'lead', "id"::text,
  jsonb_build_object('from', 'new', 'to', "stage", 'value', "deal_value")
FROM moved;
--> statement-breakpoint
-- 3. Every other lead still New as 0017 dated it (from its first request) starts its stage's clock now: nobody
--    knows how long it has really waited at New, and from its first request every lead older than a week would be
--    stale on the first day, all at once in its owner's first alert.
UPDATE "leads" l SET "stage_entered_at" = now()
WHERE l."stage" = 'new' AND l."stage_entered_at" = l."first_request_at"
  AND NOT EXISTS (SELECT 1 FROM "lead_events" e WHERE e."lead_id" = l."id" AND e."kind" = 'stage');
