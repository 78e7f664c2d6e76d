ALTER TABLE "login_attempts" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_user_idx" ON "login_attempts" USING btree ("user_id","at");--> statement-breakpoint
UPDATE "login_attempts" a SET "user_id" = u."id" FROM "users" u WHERE lower(u."email") = a."username" OR lower(u."login_id") = a."username";
