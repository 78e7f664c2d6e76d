-- Every organisation-owned row carries organisation_id, child tables included, with composite foreign keys
-- (organisation_id, id) so that a child can never point into another organisation.
ALTER TABLE "sites" ADD CONSTRAINT "sites_organisation_id_id_unique" UNIQUE("organisation_id","id");--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_organisation_id_id_unique" UNIQUE("organisation_id","id");--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_organisation_id_id_unique" UNIQUE("organisation_id","id");--> statement-breakpoint
ALTER TABLE "asset_groups" ADD CONSTRAINT "asset_groups_organisation_id_id_unique" UNIQUE("organisation_id","id");--> statement-breakpoint
ALTER TABLE "asset_group_members" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "entity_indicator_values" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "entity_pumps" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "entity_usages" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "entity_wastewater_plants" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
ALTER TABLE "site_indicator_values" ADD COLUMN "organisation_id" integer;--> statement-breakpoint
UPDATE "asset_group_members" c SET "organisation_id" = p."organisation_id" FROM "asset_groups" p WHERE p."id" = c."group_id";--> statement-breakpoint
UPDATE "entity_indicator_values" c SET "organisation_id" = p."organisation_id" FROM "entities" p WHERE p."id" = c."entity_id";--> statement-breakpoint
UPDATE "entity_pumps" c SET "organisation_id" = p."organisation_id" FROM "entities" p WHERE p."id" = c."entity_id";--> statement-breakpoint
UPDATE "entity_usages" c SET "organisation_id" = p."organisation_id" FROM "entities" p WHERE p."id" = c."entity_id";--> statement-breakpoint
UPDATE "entity_wastewater_plants" c SET "organisation_id" = p."organisation_id" FROM "entities" p WHERE p."id" = c."entity_id";--> statement-breakpoint
UPDATE "site_indicator_values" c SET "organisation_id" = p."organisation_id" FROM "sites" p WHERE p."id" = c."site_id";--> statement-breakpoint
-- A meter chosen for a pump or a plant of another organisation was never valid: forget it rather than fail.
UPDATE "entity_pumps" c SET "power_meter_id" = NULL WHERE NOT EXISTS (SELECT 1 FROM "meters" m WHERE m."id" = c."power_meter_id" AND m."organisation_id" = c."organisation_id");--> statement-breakpoint
UPDATE "entity_pumps" c SET "flow_meter_id" = NULL WHERE NOT EXISTS (SELECT 1 FROM "meters" m WHERE m."id" = c."flow_meter_id" AND m."organisation_id" = c."organisation_id");--> statement-breakpoint
UPDATE "entity_wastewater_plants" c SET "influent_meter_id" = NULL WHERE NOT EXISTS (SELECT 1 FROM "meters" m WHERE m."id" = c."influent_meter_id" AND m."organisation_id" = c."organisation_id");--> statement-breakpoint
ALTER TABLE "asset_group_members" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_indicator_values" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_pumps" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_usages" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_wastewater_plants" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "site_indicator_values" ALTER COLUMN "organisation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_group_members" DROP CONSTRAINT "asset_group_members_group_id_asset_groups_id_fk";--> statement-breakpoint
ALTER TABLE "entities" DROP CONSTRAINT "entities_site_id_sites_id_fk";--> statement-breakpoint
ALTER TABLE "facilities" DROP CONSTRAINT "facilities_site_id_sites_id_fk";--> statement-breakpoint
ALTER TABLE "meters" DROP CONSTRAINT "meters_site_id_sites_id_fk";--> statement-breakpoint
ALTER TABLE "entity_indicator_values" DROP CONSTRAINT "entity_indicator_values_entity_id_entities_id_fk";--> statement-breakpoint
ALTER TABLE "entity_pumps" DROP CONSTRAINT "entity_pumps_entity_id_entities_id_fk";--> statement-breakpoint
ALTER TABLE "entity_pumps" DROP CONSTRAINT "entity_pumps_power_meter_id_meters_id_fk";--> statement-breakpoint
ALTER TABLE "entity_pumps" DROP CONSTRAINT "entity_pumps_flow_meter_id_meters_id_fk";--> statement-breakpoint
ALTER TABLE "entity_usages" DROP CONSTRAINT "entity_usages_entity_id_entities_id_fk";--> statement-breakpoint
ALTER TABLE "entity_wastewater_plants" DROP CONSTRAINT "entity_wastewater_plants_entity_id_entities_id_fk";--> statement-breakpoint
ALTER TABLE "entity_wastewater_plants" DROP CONSTRAINT "entity_wastewater_plants_influent_meter_id_meters_id_fk";--> statement-breakpoint
ALTER TABLE "site_indicator_values" DROP CONSTRAINT "site_indicator_values_site_id_sites_id_fk";--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_meter_id_meters_id_fk";--> statement-breakpoint
ALTER TABLE "asset_group_members" ADD CONSTRAINT "asset_group_members_group_fk" FOREIGN KEY ("organisation_id","group_id") REFERENCES "public"."asset_groups"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_site_fk" FOREIGN KEY ("organisation_id","site_id") REFERENCES "public"."sites"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facilities" ADD CONSTRAINT "facilities_site_fk" FOREIGN KEY ("organisation_id","site_id") REFERENCES "public"."sites"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_site_fk" FOREIGN KEY ("organisation_id","site_id") REFERENCES "public"."sites"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_indicator_values" ADD CONSTRAINT "entity_indicator_values_entity_fk" FOREIGN KEY ("organisation_id","entity_id") REFERENCES "public"."entities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_pumps" ADD CONSTRAINT "entity_pumps_entity_fk" FOREIGN KEY ("organisation_id","entity_id") REFERENCES "public"."entities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_pumps" ADD CONSTRAINT "entity_pumps_power_meter_fk" FOREIGN KEY ("organisation_id","power_meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_pumps" ADD CONSTRAINT "entity_pumps_flow_meter_fk" FOREIGN KEY ("organisation_id","flow_meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_usages" ADD CONSTRAINT "entity_usages_entity_fk" FOREIGN KEY ("organisation_id","entity_id") REFERENCES "public"."entities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_wastewater_plants" ADD CONSTRAINT "entity_wastewater_plants_entity_fk" FOREIGN KEY ("organisation_id","entity_id") REFERENCES "public"."entities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_wastewater_plants" ADD CONSTRAINT "entity_wastewater_plants_influent_meter_fk" FOREIGN KEY ("organisation_id","influent_meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_indicator_values" ADD CONSTRAINT "site_indicator_values_site_fk" FOREIGN KEY ("organisation_id","site_id") REFERENCES "public"."sites"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A note pointing at a data source of another organisation was never valid: keep it as an organisation job.
UPDATE "jobs" j SET "meter_id" = NULL WHERE j."meter_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "meters" m WHERE m."id" = j."meter_id" AND m."organisation_id" = j."organisation_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_meter_fk" FOREIGN KEY ("organisation_id","meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
