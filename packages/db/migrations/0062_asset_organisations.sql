-- The directory of assets (docs/scaling.md, Shard readiness): the organisation of every asset a call can name by
-- its id alone (`/sites/:id`, `/invoices/:id`), so that the rights engine learns it from this small table (a Citus
-- reference table, copied to every node) and then reads the asset's own rows pinned to that organisation. Kept by
-- the triggers below on every insert, delete and change of organisation of the tables it covers; a deleted asset
-- (deleted_at) keeps its row until it is purged. Kinds: the rights engine's asset types, and 'invoice' and
-- 'meter-alert' for the calls that name an invoice or an invoice alert.
CREATE TABLE "asset_organisations" (
  "kind" text NOT NULL,
  "id" integer NOT NULL,
  "organisation_id" integer NOT NULL,
  CONSTRAINT "asset_organisations_pkey" PRIMARY KEY ("kind", "id")
);--> statement-breakpoint
-- TG_ARGV[0]: the kind, or 'group' for asset_groups (a 'site-group' or a 'meter-group' by its member type).
CREATE FUNCTION "asset_organisations_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM asset_organisations a USING asset_old o
      WHERE a.id = o.id AND a.kind = ANY (CASE WHEN TG_ARGV[0] = 'group'
        THEN ARRAY['site-group', 'meter-group'] ELSE ARRAY[TG_ARGV[0]] END);
  ELSIF TG_ARGV[0] = 'group' THEN
    INSERT INTO asset_organisations (kind, id, organisation_id)
      SELECT n.member_type || '-group', n.id, n.organisation_id FROM asset_new n;
  ELSE
    INSERT INTO asset_organisations (kind, id, organisation_id)
      SELECT TG_ARGV[0], n.id, n.organisation_id FROM asset_new n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An asset moved to another organisation (or a group given another member type): seldom, so row by row.
CREATE FUNCTION "asset_organisations_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'group' THEN
    UPDATE asset_organisations SET kind = NEW.member_type || '-group', organisation_id = NEW.organisation_id
      WHERE kind = OLD.member_type || '-group' AND id = OLD.id;
  ELSE
    UPDATE asset_organisations SET organisation_id = NEW.organisation_id WHERE kind = TG_ARGV[0] AND id = OLD.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('sites', 'site'), ('meters', 'meter'), ('entities', 'entity'),
    ('vehicles', 'vehicle'), ('asset_groups', 'group'), ('invoices', 'invoice'), ('meter_alerts', 'meter-alert'))
    AS x(relname, kind)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS asset_new '
      'FOR EACH STATEMENT EXECUTE FUNCTION asset_organisations_keep(%L)', t.relname || '_directory_i', t.relname,
      t.kind);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS asset_old '
      'FOR EACH STATEMENT EXECUTE FUNCTION asset_organisations_keep(%L)', t.relname || '_directory_d', t.relname,
      t.kind);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OF %s ON %I FOR EACH ROW WHEN (%s) '
      'EXECUTE FUNCTION asset_organisations_moved(%L)', t.relname || '_directory_u',
      CASE WHEN t.kind = 'group' THEN 'organisation_id, member_type' ELSE 'organisation_id' END, t.relname,
      CASE WHEN t.kind = 'group'
        THEN 'OLD.organisation_id IS DISTINCT FROM NEW.organisation_id OR OLD.member_type IS DISTINCT FROM NEW.member_type'
        ELSE 'OLD.organisation_id IS DISTINCT FROM NEW.organisation_id' END,
      t.kind);
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "asset_organisations" (kind, id, organisation_id)
  SELECT 'site', id, organisation_id FROM sites
  UNION ALL SELECT 'meter', id, organisation_id FROM meters
  UNION ALL SELECT 'entity', id, organisation_id FROM entities
  UNION ALL SELECT 'vehicle', id, organisation_id FROM vehicles
  UNION ALL SELECT member_type || '-group', id, organisation_id FROM asset_groups
  UNION ALL SELECT 'invoice', id, organisation_id FROM invoices
  UNION ALL SELECT 'meter-alert', id, organisation_id FROM meter_alerts;
