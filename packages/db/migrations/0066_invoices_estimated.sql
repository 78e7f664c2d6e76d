-- The estimated reads report starts from the estimated invoices (docs/decisions/performance.md, Estimated reads
-- start from the estimates): a few rows an organisation, found without reading its other invoices.
CREATE INDEX "invoices_estimated_idx" ON "invoices" USING btree ("organisation_id","id") WHERE "invoices"."read_type" = 'estimated';
