CREATE TABLE "benchmark_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"publisher" text NOT NULL,
	"name" text NOT NULL,
	"edition" text NOT NULL,
	"published" date,
	"level" integer NOT NULL,
	"source_title" text NOT NULL,
	"source_url" text,
	"secondary" boolean DEFAULT false NOT NULL,
	"unit" text NOT NULL,
	"metric" text NOT NULL,
	"statistic" text NOT NULL,
	"adjustments" text DEFAULT '' NOT NULL,
	"reference_hdd" double precision,
	"reference_base_c" double precision,
	"status" text DEFAULT 'published' NOT NULL,
	"loaded_by" integer,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "benchmark_sets_series_edition_unique" UNIQUE("series","edition"),
	CONSTRAINT "benchmark_sets_level_check" CHECK ("benchmark_sets"."level" between 2 and 5),
	CONSTRAINT "benchmark_sets_metric_check" CHECK ("benchmark_sets"."metric" in ('site-energy', 'electricity-fossil')),
	CONSTRAINT "benchmark_sets_statistic_check" CHECK ("benchmark_sets"."statistic" in ('median', 'typical')),
	CONSTRAINT "benchmark_sets_status_check" CHECK ("benchmark_sets"."status" in ('published', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "benchmark_type_mappings" (
	"series" text NOT NULL,
	"buildseg_id" integer NOT NULL,
	"entdesc_id" integer DEFAULT 0 NOT NULL,
	"type_key" text NOT NULL,
	CONSTRAINT "benchmark_type_mappings_series_buildseg_id_entdesc_id_pk" PRIMARY KEY("series","buildseg_id","entdesc_id")
);
--> statement-breakpoint
CREATE TABLE "benchmark_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"type_key" text NOT NULL,
	"type_name" text NOT NULL,
	"total" double precision,
	"electricity" double precision,
	"fossil" double precision,
	"good_practice_total" double precision,
	"p25" double precision,
	"p75" double precision,
	"publication" text NOT NULL,
	"secondary" boolean DEFAULT false NOT NULL,
	CONSTRAINT "benchmark_values_type_unique" UNIQUE("set_id","type_key"),
	CONSTRAINT "benchmark_values_positive_check" CHECK (coalesce("benchmark_values"."total", 0) >= 0 and coalesce("benchmark_values"."electricity", 0) >= 0 and coalesce("benchmark_values"."fossil", 0) >= 0
        and coalesce("benchmark_values"."good_practice_total", 0) >= 0 and coalesce("benchmark_values"."p25", 0) >= 0 and coalesce("benchmark_values"."p75", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "degree_day_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"base_c" double precision NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "degree_day_series_organisation_id_id_unique" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "degree_days" (
	"organisation_id" integer NOT NULL,
	"series_id" integer NOT NULL,
	"month" date NOT NULL,
	"hdd" double precision NOT NULL,
	CONSTRAINT "degree_days_series_id_month_pk" PRIMARY KEY("series_id","month"),
	CONSTRAINT "degree_days_hdd_check" CHECK ("degree_days"."hdd" >= 0)
);
--> statement-breakpoint
ALTER TABLE "benchmark_values" ADD CONSTRAINT "benchmark_values_set_id_benchmark_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."benchmark_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degree_day_series" ADD CONSTRAINT "degree_day_series_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "degree_days" ADD CONSTRAINT "degree_days_series_fk" FOREIGN KEY ("organisation_id","series_id") REFERENCES "public"."degree_day_series"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "benchmark_sets" ("series", "publisher", "name", "edition", "published", "level", "source_title", "source_url", "secondary", "unit", "metric", "statistic", "adjustments") VALUES
  ('energy-star-median', 'U.S. EPA ENERGY STAR', 'Portfolio Manager U.S. National Median Table', 'August 2024', '2024-08-01', 2, 'ENERGY STAR Portfolio Manager Technical Reference: U.S. National Median Table (August 2024)', 'https://portfoliomanager.energystar.gov/pdf/reference/US%20National%20Median%20Table.pdf', true, 'kBtu/ft2', 'site-energy', 'median', 'National medians of site energy use intensity: no weather, hours or occupancy adjustment (the ENERGY STAR score adjusts; the median table does not).');--> statement-breakpoint
INSERT INTO "benchmark_sets" ("series", "publisher", "name", "edition", "published", "level", "source_title", "source_url", "secondary", "unit", "metric", "statistic", "adjustments", "reference_hdd", "reference_base_c") VALUES
  ('cibse-tm46', 'CIBSE', 'TM46 Energy benchmarks', '2008', '2008-01-01', 3, 'CIBSE TM46:2008 Energy benchmarks', 'https://www.cibse.org/knowledge-research/knowledge-portal/tm46-energy-benchmarks', false, 'kWh/m2', 'electricity-fossil', 'typical', 'Typical electricity and fossil-thermal use per m2 of floor area; the fossil-thermal figures stand for a year of 2,021 heating degree days (base 15.5 °C) and are adjusted to the year''s degree days where a series exists.', 2021, 15.5);--> statement-breakpoint
INSERT INTO "benchmark_values" ("set_id", "type_key", "type_name", "total", "publication", "secondary")
SELECT s.id, v.type_key, v.type_name, v.total, 'U.S. National Median Table (August 2024), median site EUI, transcribed from a secondary source', true
FROM "benchmark_sets" s, (VALUES
  ('office', 'Office', 52.9),
  ('retail-store', 'Retail store', 51.4),
  ('strip-mall', 'Strip mall', 103.5),
  ('restaurant', 'Restaurant', 325.6),
  ('fast-food', 'Fast food restaurant', 402.7),
  ('supermarket', 'Supermarket/grocery store', 196.0),
  ('multifamily', 'Multifamily housing', 59.6),
  ('hotel', 'Hotel', 63.0),
  ('warehouse-non-refrigerated', 'Non-refrigerated warehouse', 22.7),
  ('hospital', 'Hospital (general medical and surgical)', 234.3),
  ('medical-office', 'Medical office', 97.7),
  ('k12-school', 'K-12 school', 48.5)
) AS v(type_key, type_name, total)
WHERE s.series = 'energy-star-median' AND s.edition = 'August 2024';--> statement-breakpoint
INSERT INTO "benchmark_values" ("set_id", "type_key", "type_name", "total", "electricity", "fossil", "publication", "secondary")
SELECT s.id, v.type_key, v.type_name, v.electricity + v.fossil, v.electricity, v.fossil, 'CIBSE TM46:2008, Table 1, typical electricity and fossil-thermal benchmarks', false
FROM "benchmark_sets" s, (VALUES
  ('general-office', 'General office', 95, 120),
  ('cultural-activities', 'Cultural activities', 70, 200),
  ('swimming-pool-centre', 'Swimming pool centre', 245, 1130),
  ('dry-sports-leisure', 'Dry sports and leisure facility', 95, 330),
  ('public-buildings-light-use', 'Public buildings with light use', 20, 105),
  ('schools-seasonal-public', 'Schools and seasonal public buildings', 40, 150)
) AS v(type_key, type_name, electricity, fossil)
WHERE s.series = 'cibse-tm46' AND s.edition = '2008';--> statement-breakpoint
INSERT INTO "benchmark_type_mappings" ("series", "buildseg_id", "entdesc_id", "type_key") VALUES
  ('energy-star-median', 1, 0, 'office'),
  ('energy-star-median', 2, 0, 'retail-store'),
  ('energy-star-median', 3, 0, 'warehouse-non-refrigerated'),
  ('energy-star-median', 5, 0, 'k12-school'),
  ('energy-star-median', 6, 0, 'hospital'),
  ('energy-star-median', 6, 12, 'medical-office'),
  ('energy-star-median', 7, 0, 'hotel'),
  ('energy-star-median', 11, 0, 'multifamily'),
  ('cibse-tm46', 1, 0, 'general-office'),
  ('cibse-tm46', 5, 0, 'schools-seasonal-public'),
  ('cibse-tm46', 8, 0, 'dry-sports-leisure'),
  ('cibse-tm46', 8, 10, 'swimming-pool-centre'),
  ('cibse-tm46', 9, 0, 'cultural-activities'),
  ('cibse-tm46', 9, 9, 'public-buildings-light-use');
