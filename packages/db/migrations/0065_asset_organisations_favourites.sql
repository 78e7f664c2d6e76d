-- The directory of assets (migration 0062; docs/decisions/tenancy.md, The directory of assets) lists favourite
-- reports too: the form POST of a favourite (data-portal.md 7) names it by id alone, so its download learns the
-- organisation here and then reads that organisation's row.
CREATE TRIGGER favourite_reports_directory_i AFTER INSERT ON favourite_reports REFERENCING NEW TABLE AS asset_new
  FOR EACH STATEMENT EXECUTE FUNCTION asset_organisations_keep('favourite-report');--> statement-breakpoint
CREATE TRIGGER favourite_reports_directory_d AFTER DELETE ON favourite_reports REFERENCING OLD TABLE AS asset_old
  FOR EACH STATEMENT EXECUTE FUNCTION asset_organisations_keep('favourite-report');--> statement-breakpoint
CREATE TRIGGER favourite_reports_directory_u AFTER UPDATE OF organisation_id ON favourite_reports FOR EACH ROW
  WHEN (OLD.organisation_id IS DISTINCT FROM NEW.organisation_id)
  EXECUTE FUNCTION asset_organisations_moved('favourite-report');--> statement-breakpoint
INSERT INTO "asset_organisations" (kind, id, organisation_id)
  SELECT 'favourite-report', id, organisation_id FROM favourite_reports;
