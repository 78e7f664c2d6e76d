ALTER TABLE "jobs" ADD COLUMN "invoice_gap_filler" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_invoice_idx" ON "jobs" USING btree ("invoice_id");--> statement-breakpoint
UPDATE "jobs" SET "date_from" = "date_till", "date_till" = "date_from" WHERE "date_till" < "date_from";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_period_check" CHECK ("jobs"."date_till" is null or "jobs"."date_till" >= "jobs"."date_from");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_invoice_note_check" CHECK ("jobs"."invoice_id" is null or "jobs"."meter_id" is not null);