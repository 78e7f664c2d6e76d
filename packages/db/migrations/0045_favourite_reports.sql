CREATE TABLE "favourite_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"report_id" integer NOT NULL,
	"output" text NOT NULL,
	"asset_type" text NOT NULL,
	"asset_id" integer,
	"start_date" text,
	"end_date" text,
	"relative" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_reports_period_check" CHECK ("favourite_reports"."relative" is null or "favourite_reports"."start_date" is null)
);
--> statement-breakpoint
ALTER TABLE "favourite_reports" ADD CONSTRAINT "favourite_reports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_reports" ADD CONSTRAINT "favourite_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "favourite_reports_name_unique" ON "favourite_reports" USING btree ("organisation_id","user_id","name");