CREATE TABLE "advanced_rights" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"asset_type" text NOT NULL,
	"asset_id" integer NOT NULL,
	"right_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advanced_rights_right_check" CHECK ("advanced_rights"."right_id" in (2, 3, 4, -1))
);
--> statement-breakpoint
CREATE TABLE "asset_group_members" (
	"group_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_group_members_group_id_asset_id_pk" PRIMARY KEY("group_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "asset_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"member_type" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_groups_member_type_check" CHECK ("asset_groups"."member_type" in ('site', 'meter'))
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "meters" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"local_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "advanced_rights" ADD CONSTRAINT "advanced_rights_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advanced_rights" ADD CONSTRAINT "advanced_rights_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_group_members" ADD CONSTRAINT "asset_group_members_group_id_asset_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."asset_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_groups" ADD CONSTRAINT "asset_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "advanced_rights_unique" ON "advanced_rights" USING btree ("user_id","organisation_id","asset_type","asset_id");--> statement-breakpoint
CREATE INDEX "advanced_rights_asset_idx" ON "advanced_rights" USING btree ("asset_type","asset_id");--> statement-breakpoint
CREATE INDEX "asset_group_members_asset_idx" ON "asset_group_members" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "asset_groups_organisation_idx" ON "asset_groups" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "entities_organisation_idx" ON "entities" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "entities_site_idx" ON "entities" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "meters_organisation_idx" ON "meters" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "meters_site_idx" ON "meters" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "sites_organisation_idx" ON "sites" USING btree ("organisation_id");