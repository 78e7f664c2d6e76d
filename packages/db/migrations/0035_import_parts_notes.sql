ALTER TABLE "import_jobs" ADD COLUMN "notes" text[];--> statement-breakpoint
ALTER TABLE "consumption_records" ADD COLUMN "estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "half_hour_days" ADD COLUMN "parts" jsonb;