-- The directory of assets (migration 0062; docs/decisions/tenancy.md, The directory of assets) lists files and
-- emailed reports too: a signed direct link names a file by id alone, and the rules on `/emailed-reports/:id`
-- learn the organisation of the report they name, so both learn it here and then read that organisation's rows.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('files', 'file'), ('emailed_reports', 'emailed-report')) AS x(relname, kind)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS asset_new '
      'FOR EACH STATEMENT EXECUTE FUNCTION asset_organisations_keep(%L)', t.relname || '_directory_i', t.relname,
      t.kind);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS asset_old '
      'FOR EACH STATEMENT EXECUTE FUNCTION asset_organisations_keep(%L)', t.relname || '_directory_d', t.relname,
      t.kind);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OF organisation_id ON %I FOR EACH ROW '
      'WHEN (OLD.organisation_id IS DISTINCT FROM NEW.organisation_id) '
      'EXECUTE FUNCTION asset_organisations_moved(%L)', t.relname || '_directory_u', t.relname, t.kind);
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "asset_organisations" (kind, id, organisation_id)
  SELECT 'file', id, organisation_id FROM files
  UNION ALL SELECT 'emailed-report', id, organisation_id FROM emailed_reports;
