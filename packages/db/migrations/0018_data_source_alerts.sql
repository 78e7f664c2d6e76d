CREATE TABLE "meter_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"alert_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"comment" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_alerts_status_check" CHECK ("meter_alerts"."status" in ('pending', 'scheduled', 'deleted', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "meters" ADD COLUMN "dont_load" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meter_alerts" ADD CONSTRAINT "meter_alerts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_alerts" ADD CONSTRAINT "meter_alerts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_alerts" ADD CONSTRAINT "meter_alerts_meter_fk" FOREIGN KEY ("organisation_id","meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meter_alerts_pending_idx" ON "meter_alerts" USING btree ("organisation_id","meter_id") WHERE "meter_alerts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "meter_alerts_scheduled_idx" ON "meter_alerts" USING btree ("status") WHERE "meter_alerts"."status" = 'scheduled';