-- Answer versions (docs/decisions/performance.md, What moves a version): an invoice's own rows (the
-- invoice, its meters and its line items) reach a kept answer only through the facts the recompute writes in the
-- same transaction (monthly_facts, organisation_month_facts, which keep their triggers and are written only where a
-- month changed) or a meter's alerts (meter_alerts, which keep theirs), as half_hour_days do. So a save that changes
-- no figure (an invoice's notes, its number, a line's description) moves no version, and the answers every process
-- keeps stay valid. No kept answer reads these tables: apps/api/src/lib/answer-cache-tables.test.ts fails if one does.
DROP TRIGGER "invoices_answers_i" ON "invoices";--> statement-breakpoint
DROP TRIGGER "invoices_answers_u" ON "invoices";--> statement-breakpoint
DROP TRIGGER "invoices_answers_d" ON "invoices";--> statement-breakpoint
DROP TRIGGER "invoices_answers_t" ON "invoices";--> statement-breakpoint
DROP TRIGGER "invoice_meters_answers_i" ON "invoice_meters";--> statement-breakpoint
DROP TRIGGER "invoice_meters_answers_u" ON "invoice_meters";--> statement-breakpoint
DROP TRIGGER "invoice_meters_answers_d" ON "invoice_meters";--> statement-breakpoint
DROP TRIGGER "invoice_meters_answers_t" ON "invoice_meters";--> statement-breakpoint
DROP TRIGGER "invoice_line_items_answers_i" ON "invoice_line_items";--> statement-breakpoint
DROP TRIGGER "invoice_line_items_answers_u" ON "invoice_line_items";--> statement-breakpoint
DROP TRIGGER "invoice_line_items_answers_d" ON "invoice_line_items";--> statement-breakpoint
DROP TRIGGER "invoice_line_items_answers_t" ON "invoice_line_items";
