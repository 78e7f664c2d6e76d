-- The organisation-month index covers the emissions columns too (docs/decisions/ledger.md, The organisation-month
-- index covers what the charts read): the GHG charts and kg CO2e reads sum a year of facts from the index alone.
DROP INDEX IF EXISTS "monthly_facts_organisation_month_idx";
--> statement-breakpoint
CREATE INDEX "monthly_facts_organisation_month_idx" ON "monthly_facts" USING btree ("organisation_id", "month")
  INCLUDE ("meter_id", "energy_id", "quantity_std", "days_open", "days_covered", "counts_in_totals",
    "counts_consumption", "counts_emissions", "co2e_scope1", "co2e_scope2_location", "co2e_scope2_market",
    "co2e_scope3", "market_certificate_kwh", "market_supplier_kwh", "market_residual_kwh", "market_grid_kwh",
    "days_factored", "estimated");
