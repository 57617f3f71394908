CREATE TABLE "visit_days" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"landing_path" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_days_day_source_campaign_landing_path_pk" PRIMARY KEY("day","source","campaign","landing_path")
);
