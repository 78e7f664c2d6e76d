ALTER TABLE "email_items" ADD COLUMN "file_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "file_purged_at" timestamp with time zone;