-- The facts of a set of the organisation's meters, by meter and month, with the columns the organisation-month index
-- covers (docs/decisions/performance.md, A grouping's groups read at once): a grouping's performance report reads
-- each group's three years of facts from the index alone instead of the table's pages.
CREATE INDEX "monthly_facts_organisation_meter_idx" ON "monthly_facts" USING btree ("organisation_id", "meter_id", "month")
  INCLUDE ("energy_id", "quantity_std", "days_open", "days_covered", "counts_in_totals", "counts_consumption",
    "counts_emissions", "co2e_scope1", "co2e_scope2_location", "co2e_scope2_market", "co2e_scope3",
    "market_certificate_kwh", "market_supplier_kwh", "market_residual_kwh", "market_grid_kwh", "days_factored",
    "estimated");
