-- Every API process keeps resolved sessions (the person and their rights) for a few seconds and forgets them
-- when told that sessions, people, memberships or organisations changed (apps/api/src/lib/access-cache.ts).
-- One notification per statement; PostgreSQL folds the same notification within a transaction into one and
-- delivers it at commit. A session's slid expiry (expires_at alone) tells nobody.
CREATE FUNCTION "notify_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verdant_access_changed', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_access_changed" AFTER UPDATE OF "ended_at", "organisation_id", "test_drive", "user_id" OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();--> statement-breakpoint
CREATE TRIGGER "users_access_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();--> statement-breakpoint
CREATE TRIGGER "memberships_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();--> statement-breakpoint
CREATE TRIGGER "organisations_access_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "organisations" FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_changed"();
