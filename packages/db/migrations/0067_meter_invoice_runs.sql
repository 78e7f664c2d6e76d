-- Each meter's invoiced runs (docs/decisions/performance.md, The invoice entry report reads kept runs): the periods
-- of all the meter's invoices, overlapping and adjacent ones merged, so the Invoice Entry Report reads a few rows a
-- meter instead of every invoice. Writers take no lock for them: a statement that changes a meter's invoice rows or
-- an invoice's period notes the meters (meter_invoice_runs_due), and the report refreshes the noted meters of its
-- organisation before it reads (refresh_meter_invoice_runs). No foreign keys: an organisation's cascade writes
-- notes while it deletes, and a meter deleted gets no runs at its refresh.
CREATE TABLE "meter_invoice_runs" (
	"organisation_id" integer NOT NULL,
	"meter_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_till" date NOT NULL,
	CONSTRAINT "meter_invoice_runs_organisation_id_meter_id_date_from_pk" PRIMARY KEY("organisation_id","meter_id","date_from")
);
--> statement-breakpoint
CREATE TABLE "meter_invoice_runs_due" (
	"organisation_id" integer NOT NULL,
	"meter_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "meter_invoice_runs_due_organisation_idx" ON "meter_invoice_runs_due" USING btree ("organisation_id","meter_id");
--> statement-breakpoint
-- The runs of one organisation's meters named, from their invoices as they stand (a meter deleted gets none). The
-- caller holds the organisation's refresh lock, so two refreshes of a meter never write at once.
CREATE FUNCTION "refresh_meter_invoice_runs"(organisation integer, meter_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM meter_invoice_runs r WHERE r.organisation_id = organisation AND r.meter_id = ANY (meter_ids);
  INSERT INTO meter_invoice_runs (organisation_id, meter_id, date_from, date_till)
    SELECT organisation, meter_id, lower(run), upper(run) - 1
    FROM (
      SELECT im.meter_id, unnest(range_agg(daterange(i.date_from, i.date_till, '[]'))) AS run
      FROM meters m
      JOIN invoice_meters im ON im.organisation_id = m.organisation_id AND im.meter_id = m.id
      JOIN invoices i ON i.organisation_id = im.organisation_id AND i.id = im.invoice_id
      WHERE m.organisation_id = organisation AND m.id = ANY (meter_ids)
      GROUP BY im.meter_id
    ) merged;
END $$;
--> statement-breakpoint
-- A meter's invoice rows added, removed (an invoice deleted removes them by its cascade) or moved: noted.
CREATE FUNCTION "meter_invoice_runs_rows"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO meter_invoice_runs_due SELECT DISTINCT organisation_id, meter_id FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO meter_invoice_runs_due SELECT DISTINCT organisation_id, meter_id FROM old_rows;
  ELSE
    -- Only a row moved to another meter or invoice changes runs (a save sets its consumption again).
    INSERT INTO meter_invoice_runs_due
      SELECT o.organisation_id, o.meter_id FROM old_rows o
      WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.organisation_id = o.organisation_id
        AND n.meter_id = o.meter_id AND n.invoice_id = o.invoice_id)
      UNION
      SELECT n.organisation_id, n.meter_id FROM new_rows n
      WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.organisation_id = n.organisation_id
        AND o.meter_id = n.meter_id AND o.invoice_id = n.invoice_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An invoice's period changed: its meters noted.
CREATE FUNCTION "meter_invoice_runs_periods"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO meter_invoice_runs_due
    SELECT DISTINCT im.organisation_id, im.meter_id
    FROM new_rows n
    JOIN old_rows o ON o.organisation_id = n.organisation_id AND o.id = n.id
    JOIN invoice_meters im ON im.organisation_id = n.organisation_id AND im.invoice_id = n.id
    WHERE (o.date_from, o.date_till) IS DISTINCT FROM (n.date_from, n.date_till);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "invoice_meters_runs_i" AFTER INSERT ON "invoice_meters"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION meter_invoice_runs_rows();
--> statement-breakpoint
CREATE TRIGGER "invoice_meters_runs_u" AFTER UPDATE ON "invoice_meters"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION meter_invoice_runs_rows();
--> statement-breakpoint
CREATE TRIGGER "invoice_meters_runs_d" AFTER DELETE ON "invoice_meters"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION meter_invoice_runs_rows();
--> statement-breakpoint
CREATE TRIGGER "invoices_runs_u" AFTER UPDATE ON "invoices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION meter_invoice_runs_periods();
--> statement-breakpoint
INSERT INTO meter_invoice_runs (organisation_id, meter_id, date_from, date_till)
  SELECT organisation_id, meter_id, lower(run), upper(run) - 1
  FROM (
    SELECT im.organisation_id, im.meter_id, unnest(range_agg(daterange(i.date_from, i.date_till, '[]'))) AS run
    FROM meters m
    JOIN invoice_meters im ON im.organisation_id = m.organisation_id AND im.meter_id = m.id
    JOIN invoices i ON i.organisation_id = im.organisation_id AND i.id = im.invoice_id
    GROUP BY im.organisation_id, im.meter_id
  ) merged;
