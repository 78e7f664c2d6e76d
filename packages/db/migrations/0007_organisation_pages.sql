CREATE TABLE "facilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_indicator_values" (
	"entity_id" integer NOT NULL,
	"indicator_id" integer NOT NULL,
	"value" numeric(18, 4),
	CONSTRAINT "entity_indicator_values_entity_id_indicator_id_pk" PRIMARY KEY("entity_id","indicator_id")
);
--> statement-breakpoint
CREATE TABLE "entity_pumps" (
	"entity_id" integer PRIMARY KEY NOT NULL,
	"head_metres" integer,
	"power_meter_id" integer,
	"flow_meter_id" integer
);
--> statement-breakpoint
CREATE TABLE "entity_usages" (
	"entity_id" integer PRIMARY KEY NOT NULL,
	"entusage_id" integer,
	"design_eui" integer,
	"commissioned_eui" integer,
	"intervention_eui" integer,
	"aircon_volume" double precision,
	"low_humidity" double precision,
	"high_humidity" double precision,
	"low_temp" double precision,
	"high_temp" double precision,
	"air_changes" double precision,
	"air_infiltration" double precision,
	"core_hours" double precision,
	"core_occupancy" double precision,
	"core_energy_intensity" double precision,
	"ncore_hours" double precision,
	"ncore_occupancy" double precision,
	"ncore_energy_intensity" double precision,
	"accontr_id" integer,
	"heat_id" integer,
	"light_id" integer
);
--> statement-breakpoint
CREATE TABLE "entity_wastewater_plants" (
	"entity_id" integer PRIMARY KEY NOT NULL,
	"population_served" integer,
	"design_capacity_m3_per_day" double precision,
	"treatment_type" text,
	"influent_meter_id" integer
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"default_image" boolean DEFAULT false NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_owner_type_check" CHECK ("files"."owner_type" in ('organisation', 'site', 'entity', 'meter'))
);
--> statement-breakpoint
CREATE TABLE "indicators" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	"variable" boolean DEFAULT false NOT NULL,
	"applies_to" text DEFAULT 'both' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"meter_id" integer,
	"date_from" date NOT NULL,
	"date_till" date,
	"text" text NOT NULL,
	"permanent" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_items" (
	"list" text NOT NULL,
	"id" integer NOT NULL,
	"descr" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"detail" text,
	CONSTRAINT "lookup_items_list_id_pk" PRIMARY KEY("list","id")
);
--> statement-breakpoint
CREATE TABLE "procurement_expiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"description" text NOT NULL,
	"expiry_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_indicator_values" (
	"site_id" integer NOT NULL,
	"indicator_id" integer NOT NULL,
	"value" numeric(18, 4),
	CONSTRAINT "site_indicator_values_site_id_indicator_id_pk" PRIMARY KEY("site_id","indicator_id")
);
--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "entity_type" text DEFAULT 'STANDARD' NOT NULL;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "facility_id" integer;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "buildseg_id" integer;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "entdesc_id" integer;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "control_id" integer;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "entity_open" date;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "entity_close" date;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "address1" text;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "address2" text;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "address3" text;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "location_x" double precision;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "location_y" double precision;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "site_address1" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "site_address2" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "site_address3" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "region_id" integer;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "site_open" date;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "site_close" date;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "heat_plant" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_indicator_values" ADD CONSTRAINT "entity_indicator_values_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_indicator_values" ADD CONSTRAINT "entity_indicator_values_indicator_id_indicators_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."indicators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_pumps" ADD CONSTRAINT "entity_pumps_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_pumps" ADD CONSTRAINT "entity_pumps_power_meter_id_meters_id_fk" FOREIGN KEY ("power_meter_id") REFERENCES "public"."meters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_pumps" ADD CONSTRAINT "entity_pumps_flow_meter_id_meters_id_fk" FOREIGN KEY ("flow_meter_id") REFERENCES "public"."meters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_usages" ADD CONSTRAINT "entity_usages_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_wastewater_plants" ADD CONSTRAINT "entity_wastewater_plants_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_wastewater_plants" ADD CONSTRAINT "entity_wastewater_plants_influent_meter_id_meters_id_fk" FOREIGN KEY ("influent_meter_id") REFERENCES "public"."meters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_expiries" ADD CONSTRAINT "procurement_expiries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_indicator_values" ADD CONSTRAINT "site_indicator_values_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_indicator_values" ADD CONSTRAINT "site_indicator_values_indicator_id_indicators_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."indicators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_site_name_unique" ON "facilities" USING btree ("site_id",lower("name"));--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_one_default_unique" ON "files" USING btree ("owner_type","owner_id") WHERE "files"."default_image";--> statement-breakpoint
CREATE INDEX "jobs_organisation_idx" ON "jobs" USING btree ("organisation_id","date_from");--> statement-breakpoint
CREATE INDEX "jobs_meter_idx" ON "jobs" USING btree ("meter_id");--> statement-breakpoint
CREATE INDEX "procurement_expiries_organisation_idx" ON "procurement_expiries" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_organisation_name_unique" ON "sites" USING btree ("organisation_id",lower("name")) WHERE "sites"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_type_check" CHECK ("entities"."entity_type" in ('STANDARD', 'HEAT PLANT', 'PUMP', 'WWTP'));