CREATE TABLE "groupings" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"member_type" text NOT NULL,
	"name" text NOT NULL,
	"controlled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "groupings_member_type_check" CHECK ("groupings"."member_type" in ('site', 'meter'))
);
--> statement-breakpoint
CREATE TABLE "meter_entity_shares" (
	"organisation_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"entity_id" integer NOT NULL,
	"valid_from" date NOT NULL,
	"percentage" numeric(7, 4) NOT NULL,
	"note_percentage" numeric(7, 4),
	CONSTRAINT "meter_entity_shares_meter_id_entity_id_valid_from_pk" PRIMARY KEY("meter_id","entity_id","valid_from"),
	CONSTRAINT "meter_entity_shares_percentage_check" CHECK ("meter_entity_shares"."percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "emission_factor_editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_id" integer NOT NULL,
	"name" text NOT NULL,
	"published" date,
	"current_from" date,
	"current_till" date,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "emission_factor_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"factor_id" integer NOT NULL,
	"version" integer NOT NULL,
	"rate" numeric(20, 10) NOT NULL,
	"co2" numeric(20, 10),
	"ch4" numeric(20, 10),
	"n2o" numeric(20, 10),
	"start_date" date NOT NULL,
	"end_date" date,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "organisation_factor_sources" (
	"organisation_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"source_id" integer NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_factor_sources_organisation_id_effective_from_pk" PRIMARY KEY("organisation_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "bill_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"carries_consumption" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "half_hour_registers" (
	"organisation_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"register" smallint NOT NULL,
	"direction" text NOT NULL,
	"quantity" text NOT NULL,
	CONSTRAINT "half_hour_registers_meter_id_register_pk" PRIMARY KEY("meter_id","register"),
	CONSTRAINT "half_hour_registers_direction_check" CHECK ("half_hour_registers"."direction" in ('import', 'export')),
	CONSTRAINT "half_hour_registers_quantity_check" CHECK ("half_hour_registers"."quantity" in ('kWh', 'kVArh'))
);
--> statement-breakpoint
CREATE TABLE "invoice_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"category" text NOT NULL,
	"charge_type" text,
	"description" text,
	"tou_period" text,
	"day_type" text,
	"rate" numeric(18, 6),
	"units" numeric(18, 4),
	"factor" numeric(14, 6),
	"repeat" numeric(10, 2),
	"total" numeric(14, 2) NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"discountable" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_line_items_category_check" CHECK ("invoice_line_items"."category" in ('charge', 'sundry', 'discount', 'tax'))
);
--> statement-breakpoint
CREATE TABLE "invoice_meters" (
	"organisation_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"multiplier" numeric(14, 6) DEFAULT '1' NOT NULL,
	"sharing" numeric(7, 4),
	"consumption" numeric(18, 4) DEFAULT '0' NOT NULL,
	"unit_id" integer NOT NULL,
	CONSTRAINT "invoice_meters_invoice_id_meter_id_pk" PRIMARY KEY("invoice_id","meter_id"),
	CONSTRAINT "invoice_meters_sharing_check" CHECK ("invoice_meters"."sharing" is null or "invoice_meters"."sharing" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "invoice_reversals" (
	"organisation_id" integer NOT NULL,
	"reversal_id" integer NOT NULL,
	"reversed_id" integer NOT NULL,
	CONSTRAINT "invoice_reversals_reversal_id_reversed_id_pk" PRIMARY KEY("reversal_id","reversed_id"),
	CONSTRAINT "invoice_reversals_self_check" CHECK ("invoice_reversals"."reversal_id" <> "invoice_reversals"."reversed_id")
);
--> statement-breakpoint
--> statement-breakpoint
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_organisation_id_unique" ON "invoices" USING btree ("organisation_id","id");
--> statement-breakpoint
ALTER TABLE "asset_group_members" ADD COLUMN "controlled_grouping_id" integer;
--> statement-breakpoint
ALTER TABLE "asset_groups" ADD COLUMN "grouping_id" integer;
--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "edition_id" integer;
--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "scope2_basis" text;
--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "co2" numeric(20, 10);
--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "ch4" numeric(20, 10);
--> statement-breakpoint
ALTER TABLE "emission_factors" ADD COLUMN "n2o" numeric(20, 10);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "time_zone" text DEFAULT 'Pacific/Auckland' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "retailer_id" integer;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'normal' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "bill_type_id" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "read_type" text DEFAULT 'actual' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "charges_total" numeric(14, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sundries_total" numeric(14, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discounts_total" numeric(14, 2) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "counts_consumption" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "counts_emissions" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "exported_std" double precision DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "flagged" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "factor_versions" integer[] DEFAULT '{}'::int[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "organisation_month_facts" ADD COLUMN "incomplete_cost" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "organisation_month_facts" ADD COLUMN "incomplete_co2e" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "consumption_records" ADD COLUMN "unit_id" integer;
--> statement-breakpoint
ALTER TABLE "fuel_purchases" ADD COLUMN "unit_id" integer;
--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "co2e_scope2_location" double precision;
--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "co2e_scope2_market" double precision;
--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "days_open" smallint;
--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "days_costed" smallint;
--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "days_factored" smallint;
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "unit_id" integer;
--> statement-breakpoint
-- Carry today's data over (issue 9): every input row gets the unit of its meter; invoices become documents
-- over invoice_meters; the reversed flag and replaced_by link become reversal links; registers are import kWh.
INSERT INTO "bill_types" ("id", "name", "carries_consumption") VALUES
  (1, 'Supply', true), (2, 'Lines', false), (3, 'Supply and lines', true), (4, 'Other charges', false);
UPDATE "consumption_records" r SET "unit_id" = u.id FROM "meters" m
  CROSS JOIN LATERAL (SELECT coalesce(m.unit_id, d.default_unit_id,
    (SELECT min(x.id) FROM units x WHERE x.data_type_id = m.energy_id)) AS id FROM (SELECT 1) one
    LEFT JOIN data_types d ON d.id = m.energy_id) u WHERE m.id = r.meter_id;
UPDATE "transactions" r SET "unit_id" = u.id FROM "meters" m
  CROSS JOIN LATERAL (SELECT coalesce(m.unit_id, d.default_unit_id,
    (SELECT min(x.id) FROM units x WHERE x.data_type_id = m.energy_id)) AS id FROM (SELECT 1) one
    LEFT JOIN data_types d ON d.id = m.energy_id) u WHERE m.id = r.meter_id;
UPDATE "fuel_purchases" r SET "unit_id" = u.id FROM "meters" m
  CROSS JOIN LATERAL (SELECT coalesce(m.unit_id, d.default_unit_id,
    (SELECT min(x.id) FROM units x WHERE x.data_type_id = m.energy_id)) AS id FROM (SELECT 1) one
    LEFT JOIN data_types d ON d.id = m.energy_id) u WHERE m.id = r.meter_id;
INSERT INTO "invoice_meters" ("organisation_id", "invoice_id", "meter_id", "multiplier", "sharing", "consumption", "unit_id")
  SELECT i.organisation_id, i.id, i.meter_id, 1, NULL, i.consumption, u.id
  FROM "invoices" i JOIN "meters" m ON m.id = i.meter_id
  CROSS JOIN LATERAL (SELECT coalesce(m.unit_id, d.default_unit_id,
    (SELECT min(x.id) FROM units x WHERE x.data_type_id = m.energy_id)) AS id FROM (SELECT 1) one
    LEFT JOIN data_types d ON d.id = m.energy_id) u;
UPDATE "invoices" SET "charges_total" = "cost_excl_tax",
  "read_type" = CASE WHEN "estimated" THEN 'estimated' ELSE 'actual' END;
-- A replaced invoice: its replacement reverses it. A reversed invoice without a replacement: a reversal over
-- its period that charges nothing, so it stops counting as before.
UPDATE "invoices" r SET "kind" = 'replacement' FROM "invoices" o WHERE o."replaced_by_id" = r.id AND o."reversed";
INSERT INTO "invoice_reversals" ("organisation_id", "reversal_id", "reversed_id")
  SELECT o.organisation_id, o.replaced_by_id, o.id FROM "invoices" o JOIN "invoices" r ON r.id = o.replaced_by_id
  WHERE o."reversed";
CREATE TEMP TABLE "reversed_alone" ON COMMIT DROP AS
  SELECT o.id, o.organisation_id, o.meter_id, o.date_from, o.date_till, o.invoice_date FROM "invoices" o
  WHERE o."reversed" AND (o."replaced_by_id" IS NULL OR NOT EXISTS (SELECT 1 FROM "invoices" r WHERE r.id = o.replaced_by_id));
ALTER TABLE "reversed_alone" ADD COLUMN "reversal_id" integer;
UPDATE "reversed_alone" a SET "reversal_id" = nextval(pg_get_serial_sequence('invoices', 'id'));
INSERT INTO "invoices" ("id", "organisation_id", "meter_id", "invoice_date", "date_from", "date_till", "consumption", "cost_excl_tax", "kind", "notes")
  SELECT a.reversal_id, a.organisation_id, a.meter_id, coalesce(a.invoice_date, a.date_till), a.date_from, a.date_till, 0, 0, 'reversal',
    'Reversal carried over from the reversed flag (migration 0009)'
  FROM "reversed_alone" a;
INSERT INTO "invoice_meters" ("organisation_id", "invoice_id", "meter_id", "consumption", "unit_id")
  SELECT a.organisation_id, a.reversal_id, a.meter_id, 0, im.unit_id FROM "reversed_alone" a
  JOIN "invoice_meters" im ON im.invoice_id = a.id;
INSERT INTO "invoice_reversals" ("organisation_id", "reversal_id", "reversed_id")
  SELECT a.organisation_id, a.reversal_id, a.id FROM "reversed_alone" a;
INSERT INTO "half_hour_registers" ("organisation_id", "meter_id", "register", "direction", "quantity")
  SELECT DISTINCT organisation_id, meter_id, register, 'import', 'kWh' FROM "half_hour_days";
-- Factors: scope 2 factors so far are location-based; each factor's current values are its version 1.
UPDATE "emission_factors" SET "scope2_basis" = 'location' WHERE "scope" = 2;
INSERT INTO "emission_factor_versions" ("factor_id", "version", "rate", "start_date", "end_date", "reason")
  SELECT id, 1, rate, start_date, end_date, 'Carried over (migration 0009)' FROM "emission_factors";
INSERT INTO "organisation_factor_sources" ("organisation_id", "effective_from", "source_id")
  SELECT o.id, DATE '1900-01-01', o.emission_factor_data_source_id FROM "organisations" o
  JOIN "emission_factor_sources" s ON s.id = o.emission_factor_data_source_id;
-- Facts: scope 2 so far is location-based; the recompute fills the new measures (npm run ledger:rebuild).
UPDATE "monthly_facts" SET "co2e_scope2_location" = "co2e_scope2", "co2e_scope2_market" = "co2e_scope2",
  "days_open" = extract(day from ("month" + interval '1 month' - interval '1 day'))::smallint,
  "days_costed" = "days_covered", "days_factored" = "days_covered";
UPDATE "monthly_facts" f SET "counts_in_totals" = false FROM "meters" m
  WHERE m.id = f.meter_id AND (m.situation = 'CHECK' OR m.reporting_source = 'UNREPORTED');
UPDATE "monthly_facts" f SET
  "counts_consumption" = f.counts_in_totals AND (m.reporting & 1) <> 0,
  "counts_emissions" = f.counts_in_totals AND (m.reporting & 6) <> 0
  FROM "meters" m WHERE m.id = f.meter_id;
UPDATE "organisation_month_facts" SET "incomplete_cost" = "incomplete_meters", "incomplete_co2e" = "incomplete_meters";
--> statement-breakpoint
ALTER TABLE "consumption_records" ALTER COLUMN "unit_id" SET NOT NULL;
ALTER TABLE "transactions" ALTER COLUMN "unit_id" SET NOT NULL;
ALTER TABLE "fuel_purchases" ALTER COLUMN "unit_id" SET NOT NULL;
ALTER TABLE "monthly_facts" ALTER COLUMN "co2e_scope2_location" SET NOT NULL;
ALTER TABLE "monthly_facts" ALTER COLUMN "co2e_scope2_market" SET NOT NULL;
ALTER TABLE "monthly_facts" ALTER COLUMN "days_open" SET NOT NULL;
ALTER TABLE "monthly_facts" ALTER COLUMN "days_costed" SET NOT NULL;
ALTER TABLE "monthly_facts" ALTER COLUMN "days_factored" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "groupings" ADD CONSTRAINT "groupings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meter_entity_shares" ADD CONSTRAINT "meter_entity_shares_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meter_entity_shares" ADD CONSTRAINT "meter_entity_shares_meter_fk" FOREIGN KEY ("organisation_id","meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "meter_entity_shares" ADD CONSTRAINT "meter_entity_shares_entity_fk" FOREIGN KEY ("organisation_id","entity_id") REFERENCES "public"."entities"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "emission_factor_editions" ADD CONSTRAINT "emission_factor_editions_source_id_emission_factor_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."emission_factor_sources"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "emission_factor_versions" ADD CONSTRAINT "emission_factor_versions_factor_id_emission_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "public"."emission_factors"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "organisation_factor_sources" ADD CONSTRAINT "organisation_factor_sources_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "organisation_factor_sources" ADD CONSTRAINT "organisation_factor_sources_source_id_emission_factor_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."emission_factor_sources"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "half_hour_registers" ADD CONSTRAINT "half_hour_registers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "half_hour_registers" ADD CONSTRAINT "half_hour_registers_meter_fk" FOREIGN KEY ("organisation_id","meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_meters" ADD CONSTRAINT "invoice_meters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_meters" ADD CONSTRAINT "invoice_meters_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_meters" ADD CONSTRAINT "invoice_meters_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_meters" ADD CONSTRAINT "invoice_meters_meter_fk" FOREIGN KEY ("organisation_id","meter_id") REFERENCES "public"."meters"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_reversals" ADD CONSTRAINT "invoice_reversals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_reversals" ADD CONSTRAINT "invoice_reversals_reversal_fk" FOREIGN KEY ("organisation_id","reversal_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_reversals" ADD CONSTRAINT "invoice_reversals_reversed_fk" FOREIGN KEY ("organisation_id","reversed_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "groupings_organisation_id_unique" ON "groupings" USING btree ("organisation_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "groupings_organisation_name_unique" ON "groupings" USING btree ("organisation_id","member_type",lower("name"));
--> statement-breakpoint
CREATE INDEX "meter_entity_shares_entity_idx" ON "meter_entity_shares" USING btree ("entity_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "emission_factor_editions_source_name_unique" ON "emission_factor_editions" USING btree ("source_id",lower("name"));
--> statement-breakpoint
CREATE UNIQUE INDEX "emission_factor_versions_factor_version_unique" ON "emission_factor_versions" USING btree ("factor_id","version");
--> statement-breakpoint
CREATE INDEX "invoice_line_items_invoice_idx" ON "invoice_line_items" USING btree ("invoice_id");
--> statement-breakpoint
CREATE INDEX "invoice_meters_meter_idx" ON "invoice_meters" USING btree ("meter_id");
--> statement-breakpoint
CREATE INDEX "invoice_reversals_reversed_idx" ON "invoice_reversals" USING btree ("reversed_id");
--> statement-breakpoint
ALTER TABLE "asset_groups" ADD CONSTRAINT "asset_groups_grouping_fk" FOREIGN KEY ("organisation_id","grouping_id") REFERENCES "public"."groupings"("organisation_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_edition_id_emission_factor_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."emission_factor_editions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "consumption_records" ADD CONSTRAINT "consumption_records_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fuel_purchases" ADD CONSTRAINT "fuel_purchases_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "half_hour_registers_organisation_unique" ON "half_hour_registers" USING btree ("organisation_id","meter_id","register");
--> statement-breakpoint
ALTER TABLE "half_hour_days" ADD CONSTRAINT "half_hour_days_register_fk" FOREIGN KEY ("organisation_id","meter_id","register") REFERENCES "public"."half_hour_registers"("organisation_id","meter_id","register") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_bill_type_id_bill_types_id_fk" FOREIGN KEY ("bill_type_id") REFERENCES "public"."bill_types"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "asset_group_members_controlled_unique" ON "asset_group_members" USING btree ("controlled_grouping_id","asset_id") WHERE "asset_group_members"."controlled_grouping_id" is not null;
--> statement-breakpoint
ALTER TABLE "emission_factors" ADD CONSTRAINT "emission_factors_scope2_basis_check" CHECK (("emission_factors"."scope" = 2 and "emission_factors"."scope2_basis" in ('location', 'market')) or ("emission_factors"."scope" <> 2 and "emission_factors"."scope2_basis" is null));
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('normal', 'reversal', 'replacement', 'decommission'));
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_read_type_check" CHECK ("invoices"."read_type" in ('actual', 'estimated', 'customer'));
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_meter_id_meters_id_fk";
--> statement-breakpoint
DROP INDEX "invoices_meter_period_idx";
--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "meter_id";
--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "consumption";
--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "reversed";
--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "replaced_by_id";
--> statement-breakpoint
ALTER TABLE "monthly_facts" DROP COLUMN "co2e_scope2";
--> statement-breakpoint
-- One group per asset in a controlled grouping: members carry their group's grouping while it is controlled
-- (kept here, whoever writes), and a unique index on (controlled_grouping_id, asset_id) refuses a second group.
CREATE FUNCTION "asset_group_members_controlled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT g.id INTO NEW.controlled_grouping_id FROM asset_groups a
    JOIN groupings g ON g.id = a.grouping_id AND g.controlled WHERE a.id = NEW.group_id;
  RETURN NEW;
END $$;
CREATE TRIGGER "asset_group_members_controlled" BEFORE INSERT OR UPDATE OF "group_id" ON "asset_group_members"
  FOR EACH ROW EXECUTE FUNCTION "asset_group_members_controlled"();
CREATE FUNCTION "asset_groups_grouping_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_group_members m SET controlled_grouping_id =
    (SELECT g.id FROM groupings g WHERE g.id = NEW.grouping_id AND g.controlled) WHERE m.group_id = NEW.id;
  RETURN NEW;
END $$;
CREATE TRIGGER "asset_groups_grouping_changed" AFTER UPDATE OF "grouping_id" ON "asset_groups"
  FOR EACH ROW EXECUTE FUNCTION "asset_groups_grouping_changed"();
CREATE FUNCTION "groupings_controlled_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_group_members m SET controlled_grouping_id = CASE WHEN NEW.controlled THEN NEW.id END
    FROM asset_groups a WHERE a.id = m.group_id AND a.grouping_id = NEW.id;
  RETURN NEW;
END $$;
CREATE TRIGGER "groupings_controlled_changed" AFTER UPDATE OF "controlled" ON "groupings"
  FOR EACH ROW EXECUTE FUNCTION "groupings_controlled_changed"();
