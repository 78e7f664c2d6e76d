CREATE TABLE "organisation_month_factor_versions" (
	"organisation_id" integer NOT NULL,
	"month" date NOT NULL,
	"energy_id" integer NOT NULL,
	"factor_version_id" integer NOT NULL,
	"facts" integer NOT NULL,
	CONSTRAINT "organisation_month_factor_versions_pk" PRIMARY KEY("organisation_id","month","energy_id","factor_version_id")
);
--> statement-breakpoint
ALTER TABLE "organisation_month_factor_versions" ADD CONSTRAINT "organisation_month_factor_versions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "organisation_month_factor_versions" ("organisation_id", "month", "energy_id", "factor_version_id", "facts")
SELECT f."organisation_id", f."month", coalesce(f."energy_id", 0), v.id, count(*)::int
FROM "monthly_facts" f CROSS JOIN LATERAL unnest(f."factor_versions") AS v(id)
WHERE f."counts_in_totals" AND f."counts_emissions"
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
DROP INDEX IF EXISTS "monthly_facts_organisation_month_idx";
--> statement-breakpoint
CREATE INDEX "monthly_facts_organisation_month_idx" ON "monthly_facts" USING btree ("organisation_id", "month")
  INCLUDE ("meter_id", "energy_id", "quantity_std", "days_open", "days_covered", "counts_in_totals",
    "counts_consumption", "counts_emissions");
