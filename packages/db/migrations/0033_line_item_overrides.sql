CREATE TABLE "line_item_overrides" (
	"id" serial PRIMARY KEY NOT NULL,
	"retailer_id" integer NOT NULL,
	"bill_type_id" integer NOT NULL,
	"line_item" text NOT NULL,
	"instructions" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_item_overrides" ADD CONSTRAINT "line_item_overrides_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_item_overrides" ADD CONSTRAINT "line_item_overrides_bill_type_id_bill_types_id_fk" FOREIGN KEY ("bill_type_id") REFERENCES "public"."bill_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_item_overrides_unique" ON "line_item_overrides" USING btree ("retailer_id","bill_type_id",lower("line_item"));