CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"registration" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year" integer NOT NULL,
	"seats" integer NOT NULL,
	"engine_size" numeric(8, 3) NOT NULL,
	"desired_eff" numeric(8, 2) NOT NULL,
	"body_shape_id" integer NOT NULL,
	"transmission_type_id" integer NOT NULL,
	"fuel_id" integer NOT NULL,
	"purchase_date" date NOT NULL,
	"sale_date" date,
	"fleet_number" text,
	"description" text,
	"include_in_org_autoload" boolean DEFAULT true NOT NULL,
	"cons_meter_id" integer NOT NULL,
	"distance_meter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "vehicles_cons_meter_unique" UNIQUE("cons_meter_id"),
	CONSTRAINT "vehicles_distance_meter_unique" UNIQUE("distance_meter_id"),
	CONSTRAINT "vehicles_year_check" CHECK ("vehicles"."year" between 1900 and 2100),
	CONSTRAINT "vehicles_seats_check" CHECK ("vehicles"."seats" between 0 and 200)
);
--> statement-breakpoint
ALTER TABLE "fuel_purchases" ADD COLUMN "odometer_flag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_site_fk" FOREIGN KEY ("organisation_id","site_id") REFERENCES "public"."sites"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_cons_meter_fk" FOREIGN KEY ("organisation_id","cons_meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_distance_meter_fk" FOREIGN KEY ("organisation_id","distance_meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicles_organisation_idx" ON "vehicles" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_registration_unique" ON "vehicles" USING btree ("organisation_id","registration") WHERE deleted_at is null;