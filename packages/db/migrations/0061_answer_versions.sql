-- Answer versions (docs/decisions/performance.md, Answer cache): every API process keeps some browsing answers
-- and serves one again only while its organisation's version and the catalogue's (organisation 0) are the ones
-- it was built under. A write to a table that can change an answer asks, once per transaction and organisation,
-- for a bump (a row of answer_version_bumps, never committed); the bump itself runs at commit (a deferred
-- constraint trigger), all of the transaction's organisations in id order, so the version rows are the last
-- locks a transaction takes and are held only while it commits. A write acknowledged to its caller has thus
-- moved the version every process reads before it answers.
CREATE TABLE "answer_versions" (
  "organisation_id" integer PRIMARY KEY,
  "version" bigint NOT NULL
);--> statement-breakpoint
CREATE UNLOGGED TABLE "answer_version_bumps" ("organisation_id" integer NOT NULL);--> statement-breakpoint
CREATE FUNCTION "answer_versions_request"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  noted text := coalesce(current_setting('verdant.answer_bumps', true), '');
  id integer;
BEGIN
  FOREACH id IN ARRAY coalesce(ids, '{}'::integer[]) LOOP
    IF position(',' || id || ',' IN noted) = 0 THEN
      INSERT INTO answer_version_bumps (organisation_id) VALUES (id);
      noted := noted || ',' || id || ',';
    END IF;
  END LOOP;
  PERFORM set_config('verdant.answer_bumps', noted, true);
END $$;--> statement-breakpoint
CREATE FUNCTION "answer_versions_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The first of the transaction's deferred events applies every bump; the others find none left.
  INSERT INTO answer_versions AS v (organisation_id, version)
    SELECT DISTINCT organisation_id, 1 FROM answer_version_bumps ORDER BY 1
    ON CONFLICT (organisation_id) DO UPDATE SET version = v.version + 1;
  DELETE FROM answer_version_bumps;
  PERFORM set_config('verdant.answer_bumps', '', true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "answer_version_bumps_apply" AFTER INSERT ON "answer_version_bumps"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "answer_versions_apply"();--> statement-breakpoint
-- Rows of an organisation: its own version; a row without one (a catalogue row shared by all): organisation 0.
CREATE FUNCTION "answer_versions_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT coalesce(organisation_id, 0)) INTO ids FROM answer_new;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT coalesce(organisation_id, 0)) INTO ids FROM answer_old;
  ELSE
    SELECT array_agg(DISTINCT coalesce(o, 0)) INTO ids
      FROM (SELECT organisation_id AS o FROM answer_new UNION ALL SELECT organisation_id FROM answer_old) x;
  END IF;
  PERFORM answer_versions_request(ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "answer_versions_organisations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT id) INTO ids FROM answer_new;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT id) INTO ids FROM answer_old;
  ELSE
    SELECT array_agg(DISTINCT i) INTO ids
      FROM (SELECT id AS i FROM answer_new UNION ALL SELECT id FROM answer_old) x;
  END IF;
  PERFORM answer_versions_request(ids);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A person's row (name, email, last visit) shows in the users list of each organisation they belong to.
CREATE FUNCTION "answer_versions_users"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT m.organisation_id) INTO ids FROM memberships m WHERE m.user_id IN (SELECT id FROM answer_old);
  ELSE
    SELECT array_agg(DISTINCT m.organisation_id) INTO ids FROM memberships m WHERE m.user_id IN (SELECT id FROM answer_new);
  END IF;
  PERFORM answer_versions_request(ids);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "answer_versions_catalogue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM answer_versions_request(ARRAY[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
-- The tables whose writes move no answer the processes keep: sessions (the session cache has its own
-- notification), the audit trail, the job queue's rows, one-off tokens and attempts, notifications, job workers;
-- and half_hour_days, the largest, whose rows reach an answer only through the recompute (which writes
-- monthly_facts and organisation_month_facts): a trigger with a transition table would copy every row a load writes.
-- packages/db/src/answer-versions.test.ts fails for a table with neither these triggers nor a place here.
DO $$
DECLARE
  t record;
  fn text;
BEGIN
  FOR t IN
    SELECT c.relname,
      EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organisation_id'
        AND NOT a.attisdropped) AS owned
    FROM pg_class c
    WHERE c.relkind IN ('r', 'p') AND c.relnamespace = 'public'::regnamespace
      AND c.relname NOT IN ('answer_versions', 'answer_version_bumps', 'sessions', 'audit_events',
        'background_jobs', 'login_tokens', 'login_attempts', 'password_resets', 'notifications',
        'notification_removals', 'job_workers', 'user_settings', 'sign_in_identifiers', 'half_hour_days')
  LOOP
    fn := CASE
      WHEN t.relname = 'organisations' THEN 'answer_versions_organisations'
      WHEN t.relname = 'users' THEN 'answer_versions_users'
      WHEN t.owned THEN 'answer_versions_rows'
      ELSE 'answer_versions_catalogue' END;
    IF fn = 'answer_versions_catalogue' THEN
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
        'FOR EACH STATEMENT EXECUTE FUNCTION answer_versions_catalogue()', t.relname || '_answers', t.relname);
    ELSE
      EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS answer_new '
        'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.relname || '_answers_i', t.relname, fn);
      EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS answer_old NEW TABLE AS answer_new '
        'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.relname || '_answers_u', t.relname, fn);
      EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS answer_old '
        'FOR EACH STATEMENT EXECUTE FUNCTION %I()', t.relname || '_answers_d', t.relname, fn);
      EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
        'FOR EACH STATEMENT EXECUTE FUNCTION answer_versions_catalogue()', t.relname || '_answers_t', t.relname);
    END IF;
  END LOOP;
END $$;
