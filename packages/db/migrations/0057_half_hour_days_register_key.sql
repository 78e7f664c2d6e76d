ALTER TABLE "half_hour_days" DROP CONSTRAINT "half_hour_days_meter_id_meters_id_fk";
--> statement-breakpoint
ALTER TABLE "half_hour_days" DROP CONSTRAINT "half_hour_days_organisation_id_organisations_id_fk";
