CREATE TABLE "import_jobs" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" integer NOT NULL,
	"created_by" integer,
	"filename" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"format" text,
	"mapping" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"lines_read" integer DEFAULT 0 NOT NULL,
	"readings" integer DEFAULT 0 NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"meters" integer DEFAULT 0 NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"refused_rows" integer DEFAULT 0 NOT NULL,
	"error" text,
	"report_key" text,
	"duplicate_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('pending', 'running', 'finished', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"organisation_id" integer NOT NULL,
	"header_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_organisation_id_header_key_pk" PRIMARY KEY("organisation_id","header_key")
);
--> statement-breakpoint
ALTER TABLE "half_hour_registers" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_organisation_idx" ON "import_jobs" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "import_jobs_sha256_idx" ON "import_jobs" USING btree ("organisation_id","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "half_hour_registers_label_unique" ON "half_hour_registers" USING btree ("meter_id","label");