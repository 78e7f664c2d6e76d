-- Fuel purchase times as entered, HH:MM with hours 00 to 29 (data-portal 5), which a time of day cannot hold.
ALTER TABLE "fuel_purchases" ALTER COLUMN "purchase_time" SET DATA TYPE text USING to_char("purchase_time", 'HH24:MI');--> statement-breakpoint
ALTER TABLE "fuel_purchases" ADD CONSTRAINT "fuel_purchases_time_check" CHECK ("fuel_purchases"."purchase_time" ~ '^([01][0-9]|2[0-9]):[0-5][0-9]$');
