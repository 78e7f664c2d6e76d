CREATE TABLE "grid_intensity_points" (
	"series_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"intensity" double precision NOT NULL,
	CONSTRAINT "grid_intensity_points_series_id_starts_at_pk" PRIMARY KEY("series_id","starts_at"),
	CONSTRAINT "grid_intensity_points_intensity_check" CHECK ("grid_intensity_points"."intensity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "grid_intensity_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"region_ids" integer[] NOT NULL,
	"interval_minutes" smallint NOT NULL,
	"notes" text,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grid_intensity_series_interval_check" CHECK ("grid_intensity_series"."interval_minutes" in (30, 60))
);
--> statement-breakpoint
CREATE TABLE "scope2_instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"meter_id" integer,
	"retailer_id" integer,
	"date_from" date NOT NULL,
	"date_till" date NOT NULL,
	"mwh" numeric(14, 3),
	"rate" numeric(20, 10) NOT NULL,
	"reference" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scope2_instruments_dates_check" CHECK ("scope2_instruments"."date_till" >= "scope2_instruments"."date_from"),
	CONSTRAINT "scope2_instruments_rate_check" CHECK ("scope2_instruments"."rate" >= 0),
	CONSTRAINT "scope2_instruments_kind_check" CHECK (("scope2_instruments"."kind" = 'certificates' and "scope2_instruments"."meter_id" is not null and "scope2_instruments"."retailer_id" is null and "scope2_instruments"."mwh" > 0)
        or ("scope2_instruments"."kind" = 'supplier-factor' and "scope2_instruments"."mwh" is null and ("scope2_instruments"."meter_id" is null) <> ("scope2_instruments"."retailer_id" is null)))
);
--> statement-breakpoint
ALTER TABLE "emission_factors" DROP CONSTRAINT "emission_factors_scope2_basis_check";--> statement-breakpoint
UPDATE "emission_factors" SET "scope2_basis" = 'residual-mix' WHERE "scope2_basis" = 'market';--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "market_certificate_kwh" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "market_supplier_kwh" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "market_residual_kwh" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "market_grid_kwh" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "grid_intensity_points" ADD CONSTRAINT "grid_intensity_points_series_id_grid_intensity_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."grid_intensity_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_intensity_series" ADD CONSTRAINT "grid_intensity_series_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scope2_instruments" ADD CONSTRAINT "scope2_instruments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scope2_instruments" ADD CONSTRAINT "scope2_instruments_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scope2_instruments" ADD CONSTRAINT "scope2_instruments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scope2_instruments" ADD CONSTRAINT "scope2_instruments_meter_fk" FOREIGN KEY ("organisation_id","meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grid_intensity_series_name_unique" ON "grid_intensity_series" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "scope2_instruments_organisation_idx" ON "scope2_instruments" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "scope2_instruments_meter_idx" ON "scope2_instruments" USING btree ("meter_id");--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_scope2_basis_check" CHECK (("emission_factors"."scope" = 2 and "emission_factors"."scope2_basis" in ('location', 'residual-mix')) or ("emission_factors"."scope" <> 2 and "emission_factors"."scope2_basis" is null));