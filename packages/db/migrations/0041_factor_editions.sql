CREATE TABLE "background_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"boss_id" uuid,
	"queue" text NOT NULL,
	"kind" text NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"owner_id" integer,
	"organisation_id" integer,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"title" text NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer,
	"progress_at" timestamp with time zone,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb,
	"result_file" text,
	"refused" jsonb,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"run_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "background_jobs_status_check" CHECK ("background_jobs"."status" in ('setup', 'pending', 'running', 'paused', 'crashed', 'finished', 'cancelled')),
	CONSTRAINT "background_jobs_type_check" CHECK ("background_jobs"."type" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "job_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"running_job_id" integer
);
--> statement-breakpoint
CREATE TABLE "factor_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"layout" text NOT NULL,
	"key" text NOT NULL,
	"data_type_id" integer NOT NULL,
	"scope" integer NOT NULL,
	"scope2_basis" text,
	"unit_id" integer NOT NULL,
	CONSTRAINT "factor_mappings_scope_check" CHECK ("factor_mappings"."scope" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "organisation_edition_pins" (
	"organisation_id" integer NOT NULL,
	"reporting_year" integer NOT NULL,
	"edition_id" integer NOT NULL,
	CONSTRAINT "organisation_edition_pins_organisation_id_reporting_year_edition_id_pk" PRIMARY KEY("organisation_id","reporting_year","edition_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_edition_policies" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'effective' NOT NULL,
	"switch_date" date,
	"significance_threshold" numeric(6, 2) DEFAULT '5' NOT NULL,
	"recalculation_policy" text,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_edition_policies_mode_check" CHECK ("organisation_edition_policies"."mode" in ('effective', 'pinned'))
);
--> statement-breakpoint
CREATE TABLE "restated_facts" (
	"restatement_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"month" date NOT NULL,
	"co2e_scope1" double precision,
	"co2e_scope2_location" double precision,
	"co2e_scope2_market" double precision,
	"co2e_scope3" double precision,
	"days_factored" integer,
	"factor_versions" integer[],
	CONSTRAINT "restated_facts_restatement_id_meter_id_month_pk" PRIMARY KEY("restatement_id","meter_id","month")
);
--> statement-breakpoint
CREATE TABLE "restatement_organisations" (
	"restatement_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"totals" jsonb NOT NULL,
	"meters" integer DEFAULT 0 NOT NULL,
	"change_percent" numeric(12, 4),
	"threshold" numeric(6, 2),
	CONSTRAINT "restatement_organisations_restatement_id_organisation_id_pk" PRIMARY KEY("restatement_id","organisation_id")
);
--> statement-breakpoint
CREATE TABLE "restatements" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"organisation_id" integer,
	"edition_id" integer,
	"previous_edition_id" integer,
	"change" jsonb NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"preview" jsonb,
	"job_id" integer,
	"proposed_by" integer,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "publisher" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "covers_from" integer;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "covers_till" integer;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "source_title" text;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "source_sha256" text;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "gwp_set" text DEFAULT 'AR5' NOT NULL;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "changelog" text;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "supersedes_id" integer;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "layout" text;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "skipped" jsonb;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "published_by" integer;--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "activity" text;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "published_unit" text;--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "published_rate" numeric(20, 10);--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "background_jobs" ADD CONSTRAINT "background_jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factor_mappings" ADD CONSTRAINT "factor_mappings_data_type_id_data_types_id_fk" FOREIGN KEY ("data_type_id") REFERENCES "public"."data_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factor_mappings" ADD CONSTRAINT "factor_mappings_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_edition_pins" ADD CONSTRAINT "organisation_edition_pins_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_edition_pins" ADD CONSTRAINT "organisation_edition_pins_edition_id_emission_factor_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."emission_factor_editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_edition_policies" ADD CONSTRAINT "organisation_edition_policies_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restated_facts" ADD CONSTRAINT "restated_facts_restatement_id_restatements_id_fk" FOREIGN KEY ("restatement_id") REFERENCES "public"."restatements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restated_facts" ADD CONSTRAINT "restated_facts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restatement_organisations" ADD CONSTRAINT "restatement_organisations_restatement_id_restatements_id_fk" FOREIGN KEY ("restatement_id") REFERENCES "public"."restatements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restatement_organisations" ADD CONSTRAINT "restatement_organisations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restatements" ADD CONSTRAINT "restatements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restatements" ADD CONSTRAINT "restatements_edition_id_emission_factor_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."emission_factor_editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restatements" ADD CONSTRAINT "restatements_previous_edition_id_emission_factor_editions_id_fk" FOREIGN KEY ("previous_edition_id") REFERENCES "public"."emission_factor_editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_jobs_created_idx" ON "background_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "background_jobs_organisation_idx" ON "background_jobs" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "background_jobs_boss_idx" ON "background_jobs" USING btree ("boss_id");--> statement-breakpoint
CREATE UNIQUE INDEX "factor_mappings_layout_key_unique" ON "factor_mappings" USING btree ("layout","key");--> statement-breakpoint
CREATE INDEX "restatements_organisation_idx" ON "restatements" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "emission_factors_edition_idx" ON "emission_factors" USING btree ("edition_id");--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD CONSTRAINT "emission_factor_editions_status_check" CHECK ("emission_factor_editions"."status" in ('draft', 'published', 'superseded', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD CONSTRAINT "emission_factor_editions_gwp_check" CHECK ("emission_factor_editions"."gwp_set" in ('AR4', 'AR5', 'AR6'));