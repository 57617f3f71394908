ALTER TABLE "mail_outbox" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_last_attempt_idx" ON "mail_outbox" USING btree ("last_attempt_at");