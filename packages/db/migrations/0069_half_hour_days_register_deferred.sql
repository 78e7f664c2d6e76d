-- A data load may check its days' register key at the end of its read rather than day by day
-- (docs/decisions/half-hour.md, A load's register key checked after its read): the load sets the constraint
-- deferred in its transaction, writes its days by one COPY while the file names new registers, saves the
-- registers, then sets it immediate, which checks every day written. Every other writer checks it as before.
ALTER TABLE "half_hour_days" ALTER CONSTRAINT "half_hour_days_register_fk" DEFERRABLE INITIALLY IMMEDIATE;
