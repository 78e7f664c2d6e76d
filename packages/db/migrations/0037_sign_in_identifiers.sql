CREATE TABLE "sign_in_identifiers" (
	"identifier" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_in_identifiers" ADD CONSTRAINT "sign_in_identifiers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_identifiers_user_idx" ON "sign_in_identifiers" USING btree ("user_id");--> statement-breakpoint
-- Kept by a trigger (docs/decisions/security.md, "One namespace of sign-in identifiers"): every write of a
-- person's email or login id, whoever makes it, puts both in the one key. A collision with another person
-- is raised as a unique violation named for the field, so the API answers the spec's message for it.
CREATE FUNCTION "sign_in_identifiers_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sign_in_identifiers"
    WHERE "user_id" = NEW."id" AND "identifier" <> lower(NEW."email") AND "identifier" <> lower(NEW."login_id");
  BEGIN
    INSERT INTO "sign_in_identifiers" ("identifier", "user_id")
      SELECT lower(NEW."email"), NEW."id"
      WHERE NOT EXISTS (SELECT 1 FROM "sign_in_identifiers" WHERE "identifier" = lower(NEW."email") AND "user_id" = NEW."id");
  EXCEPTION WHEN unique_violation THEN
    RAISE unique_violation USING MESSAGE = 'email is another person''s sign-in identifier',
      CONSTRAINT = 'sign_in_identifiers_email';
  END;
  BEGIN
    INSERT INTO "sign_in_identifiers" ("identifier", "user_id")
      SELECT lower(NEW."login_id"), NEW."id"
      WHERE NOT EXISTS (SELECT 1 FROM "sign_in_identifiers" WHERE "identifier" = lower(NEW."login_id") AND "user_id" = NEW."id");
  EXCEPTION WHEN unique_violation THEN
    RAISE unique_violation USING MESSAGE = 'login id is another person''s sign-in identifier',
      CONSTRAINT = 'sign_in_identifiers_login_id';
  END;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_sign_in_identifiers" AFTER INSERT OR UPDATE OF "email", "login_id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "sign_in_identifiers_keep"();
--> statement-breakpoint
-- Existing people: emails first, then login ids. A login id that is already someone else's email stays on
-- its row but is no sign-in identifier (its person signs in with their email); the email wins, as the
-- sign-in by email always meant that address's owner.
INSERT INTO "sign_in_identifiers" ("identifier", "user_id")
  SELECT lower("email"), "id" FROM "users" ORDER BY "id" ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "sign_in_identifiers" ("identifier", "user_id")
  SELECT lower("login_id"), "id" FROM "users" ORDER BY "id" ON CONFLICT DO NOTHING;
