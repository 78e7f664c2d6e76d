ALTER TABLE "meter_alerts" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "meter_alerts" ADD COLUMN "audit" text;--> statement-breakpoint
ALTER TABLE "meter_alerts" ADD CONSTRAINT "meter_alerts_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "meter_alerts_invoice_audit_unique" ON "meter_alerts" USING btree ("invoice_id","meter_id","audit") WHERE "meter_alerts"."invoice_id" is not null;--> statement-breakpoint
ALTER TABLE "meter_alerts" ADD CONSTRAINT "meter_alerts_invoice_audit_check" CHECK (("meter_alerts"."invoice_id" is null) = ("meter_alerts"."audit" is null));