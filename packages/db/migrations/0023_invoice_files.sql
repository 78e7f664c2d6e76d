ALTER TABLE "files" DROP CONSTRAINT "files_owner_type_check";--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_type_check" CHECK ("files"."owner_type" in ('organisation', 'site', 'entity', 'meter', 'invoice'));--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "original_file_id" integer;
