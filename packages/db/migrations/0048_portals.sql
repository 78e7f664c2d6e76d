CREATE TABLE "custom_portals" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"link" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_entry_portals" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"period" text NOT NULL,
	"reporting" integer DEFAULT 2 NOT NULL,
	"data_source_prefix" text DEFAULT '' NOT NULL,
	"link_key" text NOT NULL,
	"link_issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"link_expires_on" date,
	"link_revoked_at" timestamp with time zone,
	"due_days" integer DEFAULT 10 NOT NULL,
	"remind_before_days" integer DEFAULT 3 NOT NULL,
	"remind_after_days" integer DEFAULT 3 NOT NULL,
	"second_approval" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_entry_portals_organisation_id_id_unique" UNIQUE("organisation_id","id"),
	CONSTRAINT "data_entry_portals_period_check" CHECK ("data_entry_portals"."period" in ('Monthly', 'Yearly (Calendar)', 'Yearly (Commerical FY)', 'Yearly (Government FY)'))
);
--> statement-breakpoint
CREATE TABLE "portal_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"portal_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"portal_id" integer NOT NULL,
	"quantity_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"value" numeric(18, 4) NOT NULL,
	"consumption_record_id" integer,
	"attachment_file_id" integer,
	"receipt" text NOT NULL,
	"contact_email" text,
	"status" text DEFAULT 'awaiting review' NOT NULL,
	"review_comment" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_entries_status_check" CHECK ("portal_entries"."status" in ('awaiting review', 'sent back', 'reviewed', 'approved'))
);
--> statement-breakpoint
CREATE TABLE "portal_mailings" (
	"organisation_id" integer NOT NULL,
	"portal_id" integer NOT NULL,
	"email" text NOT NULL,
	"period_start" date NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_mailings_portal_id_email_period_start_kind_pk" PRIMARY KEY("portal_id","email","period_start","kind")
);
--> statement-breakpoint
CREATE TABLE "portal_quantities" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"portal_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "portal_quantities_organisation_id_id_unique" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
ALTER TABLE "custom_portals" ADD CONSTRAINT "custom_portals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_entry_portals" ADD CONSTRAINT "data_entry_portals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_entry_portals" ADD CONSTRAINT "data_entry_portals_site_fk" FOREIGN KEY ("organisation_id","site_id") REFERENCES "public"."sites"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_contacts" ADD CONSTRAINT "portal_contacts_portal_fk" FOREIGN KEY ("organisation_id","portal_id") REFERENCES "public"."data_entry_portals"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_entries" ADD CONSTRAINT "portal_entries_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_entries" ADD CONSTRAINT "portal_entries_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_entries" ADD CONSTRAINT "portal_entries_portal_fk" FOREIGN KEY ("organisation_id","portal_id") REFERENCES "public"."data_entry_portals"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_entries" ADD CONSTRAINT "portal_entries_quantity_fk" FOREIGN KEY ("organisation_id","quantity_id") REFERENCES "public"."portal_quantities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_mailings" ADD CONSTRAINT "portal_mailings_portal_fk" FOREIGN KEY ("organisation_id","portal_id") REFERENCES "public"."data_entry_portals"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_quantities" ADD CONSTRAINT "portal_quantities_portal_fk" FOREIGN KEY ("organisation_id","portal_id") REFERENCES "public"."data_entry_portals"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_quantities" ADD CONSTRAINT "portal_quantities_meter_fk" FOREIGN KEY ("organisation_id","meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_entry_portals_url_unique" ON "data_entry_portals" USING btree (lower("url"));--> statement-breakpoint
CREATE UNIQUE INDEX "data_entry_portals_link_key_unique" ON "data_entry_portals" USING btree ("link_key");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_contacts_email_unique" ON "portal_contacts" USING btree ("portal_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "portal_entries_quantity_period_unique" ON "portal_entries" USING btree ("quantity_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_quantities_name_unique" ON "portal_quantities" USING btree ("portal_id",lower("name"));