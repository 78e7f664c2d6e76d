ALTER TABLE "half_hour_days" ADD COLUMN "quality" text;--> statement-breakpoint
ALTER TABLE "half_hour_days" ADD COLUMN "estimated_readings" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "half_hour_days" ADD CONSTRAINT "half_hour_days_quality_check" CHECK ("half_hour_days"."quality" is null or length("half_hour_days"."quality") = 48);