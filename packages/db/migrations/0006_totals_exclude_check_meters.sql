ALTER TABLE "monthly_facts" ADD COLUMN "counts_in_totals" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "monthly_facts" f SET "energy_id" = m."energy_id", "counts_in_totals" = (m."metlvl_id" = 1)
FROM "meters" m WHERE m."id" = f."meter_id";--> statement-breakpoint
DELETE FROM "organisation_month_facts";--> statement-breakpoint
INSERT INTO "organisation_month_facts"
  ("organisation_id", "month", "energy_id", "quantity_std", "cost", "co2e", "meters", "incomplete_meters")
SELECT "organisation_id", "month", coalesce("energy_id", 0), sum("quantity_std"), sum("cost"),
  sum("co2e_scope1" + "co2e_scope2" + "co2e_scope3"), count(*),
  count(*) FILTER (WHERE "days_covered" < extract(day from ("month" + interval '1 month' - interval '1 day')))
FROM "monthly_facts" WHERE "counts_in_totals" GROUP BY 1, 2, 3;
