ALTER TABLE "meters" ADD COLUMN "reporting_source" text DEFAULT 'ORGANISATION' NOT NULL;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "situation" text DEFAULT 'STANDARD' NOT NULL;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "secondary_type_id" integer;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "regime_id" integer;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "tou_contract_id" integer;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "ppd_contract_id" integer;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "load_group" integer;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "meterco_id" integer;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "has_export" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "landlord" text;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "non_mainland" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "contractor_meter" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "alert_recipient" text;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "invoice_report" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "address1" text;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "address2" text;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "address3" text;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "address4" text;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "location_x" double precision;--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "location_y" double precision;