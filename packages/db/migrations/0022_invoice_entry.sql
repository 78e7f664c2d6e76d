ALTER TABLE "invoice_line_items" ADD COLUMN "charge_type_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "group_name" text;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "calculated_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "manually_adjusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "arithmetic_error" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "items_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount_after_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_percentage" numeric(5, 2) DEFAULT '15' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "opening_balance" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "total_payable" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "meta_edited" boolean DEFAULT false NOT NULL;