CREATE TABLE "emailed_report_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"emailed_report_id" integer NOT NULL,
	"due_on" text NOT NULL,
	"period_start" text,
	"period_end" text,
	"status" text DEFAULT 'due' NOT NULL,
	"check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"percent" numeric,
	"owner_told_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emailed_report_sends_status_check" CHECK ("emailed_report_sends"."status" in ('due', 'waiting', 'sending', 'sent', 'skipped', 'superseded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "emailed_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"report_id" integer NOT NULL,
	"output" text NOT NULL,
	"asset_type" text NOT NULL,
	"asset_id" integer,
	"start_date" text,
	"end_date" text,
	"relative" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"addresses" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"html_text" text DEFAULT '' NOT NULL,
	"frequency" text NOT NULL,
	"report_on" integer,
	"once_on" text,
	"hold_percent" integer DEFAULT 0 NOT NULL,
	"hold_days" integer DEFAULT 0 NOT NULL,
	"skip_when_empty" boolean DEFAULT false NOT NULL,
	"next_send_at" timestamp with time zone,
	"last_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emailed_reports_organisation_id_id_unique" UNIQUE("organisation_id","id"),
	CONSTRAINT "emailed_reports_frequency_check" CHECK ("emailed_reports"."frequency" in ('M', 'W', 'O')),
	CONSTRAINT "emailed_reports_period_check" CHECK ("emailed_reports"."relative" is null or "emailed_reports"."start_date" is null)
);
--> statement-breakpoint
ALTER TABLE "emailed_report_sends" ADD CONSTRAINT "emailed_report_sends_report_fk" FOREIGN KEY ("organisation_id","emailed_report_id") REFERENCES "public"."emailed_reports"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emailed_report_sends" ADD CONSTRAINT "emailed_report_sends_organisation_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emailed_reports" ADD CONSTRAINT "emailed_reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emailed_reports" ADD CONSTRAINT "emailed_reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emailed_report_sends_occurrence_unique" ON "emailed_report_sends" USING btree ("emailed_report_id","due_on");--> statement-breakpoint
CREATE INDEX "emailed_report_sends_open_idx" ON "emailed_report_sends" USING btree ("check_at") WHERE "emailed_report_sends"."status" in ('due', 'waiting', 'sending');--> statement-breakpoint
CREATE INDEX "emailed_reports_due_idx" ON "emailed_reports" USING btree ("next_send_at") WHERE "emailed_reports"."next_send_at" is not null;