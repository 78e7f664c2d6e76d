CREATE TABLE "email_intake_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"address" text NOT NULL,
	"allowed_senders" text[] DEFAULT '{}'::text[] NOT NULL,
	"acting_user_id" integer NOT NULL,
	"send_receipt" text DEFAULT 'no' NOT NULL,
	CONSTRAINT "email_intake_addresses_receipt_check" CHECK ("email_intake_addresses"."send_receipt" in ('no', 'yes'))
);
--> statement-breakpoint
CREATE TABLE "email_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason_code" text,
	"reason" text,
	"retailer_id" integer,
	"template_id" integer,
	"template_version" integer,
	"invoice_id" integer,
	"import_uuid" text,
	"extracted" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_items_state_check" CHECK ("email_items"."state" in ('pending', 'accepted', 'parked', 'deferred', 'rejected', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "email_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"item_id" integer,
	"message_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_log_kind_check" CHECK ("email_log"."kind" in ('accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "email_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"acting_user_id" integer,
	"subject" text DEFAULT '' NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"duplicate_of" integer,
	"rejected_reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_messages_organisation_id_id_unique" UNIQUE("organisation_id","id")
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"version" integer NOT NULL,
	"senders" text[] DEFAULT '{}'::text[] NOT NULL,
	"patterns" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_retailer_version_unique" UNIQUE("retailer_id","version")
);
--> statement-breakpoint
ALTER TABLE "email_intake_addresses" ADD CONSTRAINT "email_intake_addresses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_items" ADD CONSTRAINT "email_items_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_items" ADD CONSTRAINT "email_items_message_fk" FOREIGN KEY ("organisation_id","message_id") REFERENCES "public"."email_messages"("organisation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_log" ADD CONSTRAINT "email_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_intake_addresses_address_unique" ON "email_intake_addresses" USING btree (lower("address"));--> statement-breakpoint
CREATE INDEX "email_items_state_idx" ON "email_items" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "email_log_kind_at_idx" ON "email_log" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "email_messages_sha_idx" ON "email_messages" USING btree ("organisation_id","sha256");