-- Transaction times as entered, HH:MM with hours 00 to 29 (data-portal 5), which a time of day cannot hold.
ALTER TABLE "transactions" ALTER COLUMN "tx_time" SET DATA TYPE text USING to_char("tx_time", 'HH24:MI');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_time_check" CHECK ("transactions"."tx_time" ~ '^([01][0-9]|2[0-9]):[0-5][0-9]$');
