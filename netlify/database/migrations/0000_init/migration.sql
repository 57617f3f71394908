CREATE TABLE "audit_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"consent_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"is_spam" boolean DEFAULT false NOT NULL,
	"spam_reason" text,
	"company_name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"service_type" text DEFAULT '' NOT NULL,
	"other_service_type" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"regions" text[] DEFAULT '{}'::text[] NOT NULL,
	"other_region" text DEFAULT '' NOT NULL,
	"stage_of_growth" text DEFAULT '' NOT NULL,
	"has_marketing_dept" text DEFAULT '' NOT NULL,
	"marketing_dept_size" text DEFAULT '' NOT NULL,
	"has_website" boolean DEFAULT false NOT NULL,
	"current_website_url" text DEFAULT '' NOT NULL,
	"last_website_update" text DEFAULT '' NOT NULL,
	"has_linkedin" boolean DEFAULT false NOT NULL,
	"linkedin_url" text DEFAULT '' NOT NULL,
	"linkedin_frequency" text DEFAULT '' NOT NULL,
	"events_attended_per_year" text DEFAULT '' NOT NULL,
	"events_exhibited_per_year" text DEFAULT '' NOT NULL,
	"events_per_year" text DEFAULT '' NOT NULL,
	"held_open_house" text[] DEFAULT '{}'::text[] NOT NULL,
	"open_house_details" text DEFAULT '' NOT NULL,
	"marketing_assets" text[] DEFAULT '{}'::text[] NOT NULL,
	"other_marketing_asset" text DEFAULT '' NOT NULL,
	"paid_advertising" text DEFAULT '' NOT NULL,
	"ad_platforms" text DEFAULT '' NOT NULL,
	"brand_story" text DEFAULT '' NOT NULL,
	"bd_setup" text DEFAULT '' NOT NULL,
	"lead_tracking" text[] DEFAULT '{}'::text[] NOT NULL,
	"crm_specify" text DEFAULT '' NOT NULL,
	"lead_generation" text[] DEFAULT '{}'::text[] NOT NULL,
	"other_lead_generation" text DEFAULT '' NOT NULL,
	"prospecting_tools" text DEFAULT '' NOT NULL,
	"prospecting_tools_specify" text DEFAULT '' NOT NULL,
	"outreach_tools" text DEFAULT '' NOT NULL,
	"outreach_tools_specify" text DEFAULT '' NOT NULL,
	"commercial_goals" text[] DEFAULT '{}'::text[] NOT NULL,
	"other_commercial_goal" text DEFAULT '' NOT NULL,
	"biggest_challenge" text DEFAULT '' NOT NULL,
	"success_looks_like" text[] DEFAULT '{}'::text[] NOT NULL,
	"other_success_looks_like" text DEFAULT '' NOT NULL,
	"hiring_marketing" text DEFAULT '' NOT NULL,
	"hiring_marketing_count" text DEFAULT '' NOT NULL,
	"marketing_spending" text DEFAULT '' NOT NULL,
	"primary_competitors" text DEFAULT '' NOT NULL,
	"website_url" text DEFAULT '' NOT NULL,
	"marketing_channels" text[] DEFAULT '{}'::text[] NOT NULL,
	"other_marketing_channel" text DEFAULT '' NOT NULL,
	"team_size" text DEFAULT '' NOT NULL,
	"pain_points" text[] DEFAULT '{}'::text[] NOT NULL,
	"other_pain_point" text DEFAULT '' NOT NULL,
	"goals" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"featured_image_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"author_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"subscribe" boolean DEFAULT false NOT NULL,
	"consent_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'unread' NOT NULL,
	"is_spam" boolean DEFAULT false NOT NULL,
	"spam_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "uploaded_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audit_submission_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploaded_documents" ADD CONSTRAINT "uploaded_documents_audit_submission_id_audit_submissions_id_fk" FOREIGN KEY ("audit_submission_id") REFERENCES "public"."audit_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_submissions_created_at_idx" ON "audit_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_submissions_status_idx" ON "audit_submissions" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_idx" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_idempotency_key_idx" ON "mail_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_documents_file_path_idx" ON "uploaded_documents" USING btree ("file_path");--> statement-breakpoint
CREATE INDEX "uploaded_documents_submission_idx" ON "uploaded_documents" USING btree ("audit_submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_user_role_idx" ON "user_roles" USING btree ("user_id","role");