CREATE TABLE "ledger_days" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"today" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_days" ADD CONSTRAINT "ledger_days_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;