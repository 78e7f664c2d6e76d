CREATE TABLE "time_zone_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"from_zone" text NOT NULL,
	"to_zone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"meters" integer DEFAULT 0 NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "time_zone_moves_status_check" CHECK ("time_zone_moves"."status" in ('pending', 'running', 'finished', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "time_zone_moves" ADD CONSTRAINT "time_zone_moves_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_zone_moves" ADD CONSTRAINT "time_zone_moves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "time_zone_moves_organisation_idx" ON "time_zone_moves" USING btree ("organisation_id","created_at");