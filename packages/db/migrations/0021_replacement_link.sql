ALTER TABLE "meters" ADD COLUMN "replaces_meter_id" integer;--> statement-breakpoint
-- Replacements made before the link was stored are recovered from their audit events (the latest one per meter).
UPDATE "meters" AS "m" SET "replaces_meter_id" = "r"."old_id"
FROM (
  SELECT DISTINCT ON ("e"."organisation_id", ("e"."changes" -> 'replacement' ->> 'after')::int)
    "e"."organisation_id", "e"."asset_id" AS "old_id", ("e"."changes" -> 'replacement' ->> 'after')::int AS "new_id"
  FROM "audit_events" "e"
  WHERE "e"."action" = 'replace' AND "e"."asset_type" = 'meter' AND "e"."asset_id" IS NOT NULL
    AND ("e"."changes" -> 'replacement' ->> 'after') ~ '^[0-9]+$'
  ORDER BY "e"."organisation_id", ("e"."changes" -> 'replacement' ->> 'after')::int, "e"."occurred_at" DESC
) AS "r"
WHERE "m"."organisation_id" = "r"."organisation_id" AND "m"."id" = "r"."new_id" AND "m"."id" <> "r"."old_id"
  AND EXISTS (SELECT 1 FROM "meters" "o" WHERE "o"."organisation_id" = "r"."organisation_id" AND "o"."id" = "r"."old_id")
  AND NOT EXISTS (
    SELECT 1 FROM "audit_events" "x"
    WHERE "x"."action" = 'replace' AND "x"."asset_type" = 'meter' AND "x"."organisation_id" = "r"."organisation_id"
      AND "x"."asset_id" = "r"."old_id" AND ("x"."changes" -> 'replacement' ->> 'after') <> "r"."new_id"::text
  );--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_replaces_fk" FOREIGN KEY ("organisation_id","replaces_meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_replaces_unique" UNIQUE("organisation_id","replaces_meter_id");
