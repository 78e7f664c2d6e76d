DROP INDEX "factor_mappings_layout_key_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "factor_mappings_layout_key_type_unique" ON "factor_mappings" USING btree ("layout","key","data_type_id");