-- Electricity retailers state load (capacity) in kVA (load_measurements id 2): docs/decisions/catalogue.md,
-- "Retailers' load units". Gas, LPG, water and fuel are not billed by load; a unit already chosen stays.
UPDATE "retailers" SET "load_id" = 2 WHERE "load_id" IS NULL AND "type" LIKE 'Electricity%';
