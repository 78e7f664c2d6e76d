CREATE TABLE "comp_reports" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"xml" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_dataset_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_dataset_values" (
	"dataset_id" integer NOT NULL,
	"month" date NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "public_dataset_values_dataset_id_month_pk" PRIMARY KEY("dataset_id","month"),
	CONSTRAINT "public_dataset_values_month_check" CHECK (extract(day from "public_dataset_values"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "public_datasets" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"region_id" integer,
	"source" text NOT NULL,
	"sample_note" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comp_reports" ADD CONSTRAINT "comp_reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comp_reports" ADD CONSTRAINT "comp_reports_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_dataset_values" ADD CONSTRAINT "public_dataset_values_dataset_id_public_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."public_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_datasets" ADD CONSTRAINT "public_datasets_collection_id_public_dataset_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."public_dataset_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_datasets" ADD CONSTRAINT "public_datasets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "public_dataset_collections_name_unique" ON "public_dataset_collections" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "public_datasets_name_unique" ON "public_datasets" USING btree ("collection_id",lower("name"));--> statement-breakpoint
INSERT INTO "public_dataset_collections" ("name", "description") VALUES
	('Degree days', 'Heating and cooling degree days by region and month: how much colder or warmer than a base temperature each month was, for weather normalisation.'),
	('Grid intensity', 'Published average carbon intensity of grid electricity by month.');
