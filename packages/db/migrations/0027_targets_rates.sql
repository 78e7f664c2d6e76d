CREATE TABLE "nhh_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"retail_rate" numeric(18, 6) NOT NULL,
	"network_rate" numeric(18, 6) NOT NULL,
	CONSTRAINT "nhh_rates_period_check" CHECK ("nhh_rates"."end_date" >= "nhh_rates"."start_date")
);
--> statement-breakpoint
CREATE TABLE "ppd_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ppd_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"rate" numeric(8, 4) NOT NULL,
	CONSTRAINT "ppd_rates_period_check" CHECK ("ppd_rates"."to_date" >= "ppd_rates"."from_date")
);
--> statement-breakpoint
CREATE TABLE "tou_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tou_rates" (
	"organisation_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"month" date NOT NULL,
	"period_id" integer NOT NULL,
	"daytype_id" integer NOT NULL,
	"contracted_rate" numeric(18, 6) NOT NULL,
	CONSTRAINT "tou_rates_contract_id_month_period_id_daytype_id_pk" PRIMARY KEY("contract_id","month","period_id","daytype_id"),
	CONSTRAINT "tou_rates_month_check" CHECK (extract(day from "tou_rates"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "group_targets" (
	"organisation_id" integer NOT NULL,
	"group_id" integer PRIMARY KEY NOT NULL,
	"co2e_target" numeric,
	"cons_target" numeric,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"spec" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "nhh_rates_organisation_idx" ON "nhh_rates" USING btree ("organisation_id","start_date");
--> statement-breakpoint
CREATE UNIQUE INDEX "ppd_contracts_organisation_id_unique" ON "ppd_contracts" USING btree ("organisation_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "ppd_contracts_name_unique" ON "ppd_contracts" USING btree ("organisation_id",lower("name"));
--> statement-breakpoint
CREATE INDEX "ppd_rates_contract_idx" ON "ppd_rates" USING btree ("contract_id","from_date");
--> statement-breakpoint
CREATE UNIQUE INDEX "tou_contracts_organisation_id_unique" ON "tou_contracts" USING btree ("organisation_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "tou_contracts_name_unique" ON "tou_contracts" USING btree ("organisation_id",lower("name"));
--> statement-breakpoint
CREATE INDEX "tou_rates_organisation_idx" ON "tou_rates" USING btree ("organisation_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "targets_organisation_id_unique" ON "targets" USING btree ("organisation_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "targets_name_unique" ON "targets" USING btree ("organisation_id",lower("name"));
--> statement-breakpoint
ALTER TABLE "nhh_rates" ADD CONSTRAINT "nhh_rates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ppd_contracts" ADD CONSTRAINT "ppd_contracts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ppd_rates" ADD CONSTRAINT "ppd_rates_contract_fk" FOREIGN KEY ("organisation_id","contract_id") REFERENCES "public"."ppd_contracts"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tou_contracts" ADD CONSTRAINT "tou_contracts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tou_rates" ADD CONSTRAINT "tou_rates_contract_fk" FOREIGN KEY ("organisation_id","contract_id") REFERENCES "public"."tou_contracts"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "group_targets" ADD CONSTRAINT "group_targets_group_fk" FOREIGN KEY ("organisation_id","group_id") REFERENCES "public"."asset_groups"("organisation_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
