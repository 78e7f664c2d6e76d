CREATE TABLE "organisation_month_facts" (
	"organisation_id" integer NOT NULL,
	"month" date NOT NULL,
	"energy_id" integer NOT NULL,
	"quantity_std" double precision NOT NULL,
	"cost" numeric(16, 2) NOT NULL,
	"co2e" double precision NOT NULL,
	"meters" integer NOT NULL,
	"incomplete_meters" integer NOT NULL,
	CONSTRAINT "organisation_month_facts_organisation_id_month_energy_id_pk" PRIMARY KEY("organisation_id","month","energy_id")
);
--> statement-breakpoint
ALTER TABLE "monthly_facts" ADD COLUMN "energy_id" integer;--> statement-breakpoint
ALTER TABLE "organisation_month_facts" ADD CONSTRAINT "organisation_month_facts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;