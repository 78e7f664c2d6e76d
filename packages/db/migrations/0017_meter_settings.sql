CREATE TABLE "meter_alert_settings" (
	"organisation_id" integer NOT NULL,
	"meter_id" integer PRIMARY KEY NOT NULL,
	"consumption_differ" integer,
	"consumption_perc" integer,
	"consumption_abs" integer,
	"tariff_rel" numeric(12, 4),
	"tariff_abs" numeric(12, 4),
	"tariff_rate" numeric(12, 4),
	"baseload_trigger" numeric(12, 4),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_alert_settings_differ_check" CHECK ("meter_alert_settings"."consumption_differ" between 1 and 3)
);--> statement-breakpoint
CREATE TABLE "meter_identifier_labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "meter_identifiers" (
	"organisation_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_identifiers_meter_id_label_id_pk" PRIMARY KEY("meter_id","label_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "meter_identifier_labels_organisation_id_unique" ON "meter_identifier_labels" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "meter_identifier_labels_name_unique" ON "meter_identifier_labels" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "meter_identifiers_organisation_idx" ON "meter_identifiers" USING btree ("organisation_id");--> statement-breakpoint
ALTER TABLE "meter_alert_settings" ADD CONSTRAINT "meter_alert_settings_meter_fk" FOREIGN KEY ("organisation_id","meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_identifier_labels" ADD CONSTRAINT "meter_identifier_labels_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_identifiers" ADD CONSTRAINT "meter_identifiers_meter_fk" FOREIGN KEY ("organisation_id","meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_identifiers" ADD CONSTRAINT "meter_identifiers_label_fk" FOREIGN KEY ("organisation_id","label_id") REFERENCES "public"."meter_identifier_labels"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
