ALTER TABLE "email_messages" ADD COLUMN "receipt" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "receipt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_messages_receipt_due_idx" ON "email_messages" USING btree ("id") WHERE "email_messages"."receipt" = 'due';--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_receipt_check" CHECK ("email_messages"."receipt" in ('due', 'sent'));