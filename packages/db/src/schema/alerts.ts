import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { meters } from './assets';
import { organisations, users } from './core';
import { invoices } from './inputs';

/**
 * Alerts raised on a data source (data-portal spec 3 and 4): pending until someone schedules it for sending
 * (with an optional comment) or deletes it with a reason; the alerts report then sends the scheduled ones
 * and marks them sent. Only pending alerts show in the lists and counts.
 *
 * Invoice alerts (docs/architecture.md, Bill audit) are the same alerts with the invoice and the audit that
 * raised them: their reportStatus reads the status (pending 1 Unreviewed, deleted 2 Won't Send, scheduled 3
 * Scheduled for send, sent 4 Sent). An invoice has at most one alert per meter and audit.
 */
export const meterAlerts = pgTable(
  'meter_alerts',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    meterId: integer('meter_id').notNull(),
    message: text('message').notNull(),
    /** A path inside the product the alert points at (an invoice, a month of figures). */
    link: text('link'),
    /** The day the alert is about, 'yyyy-MM-dd'. */
    alertDate: date('alert_date', { mode: 'string' }).notNull(),
    /** pending, scheduled, deleted or sent. */
    status: text('status').notNull().default('pending'),
    /** The comment given when scheduling, or the reason given when deleting. */
    comment: text('comment'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The invoice a bill-audit alert is about; null for other alerts. */
    invoiceId: integer('invoice_id'),
    /** The bill audit that raised it (packages/domain/src/bill-audit AUDIT_CODES). */
    audit: text('audit'),
  },
  (t) => [
    index('meter_alerts_pending_idx').on(t.organisationId, t.meterId).where(sql`${t.status} = 'pending'`),
    index('meter_alerts_scheduled_idx').on(t.status).where(sql`${t.status} = 'scheduled'`),
    foreignKey({
      name: 'meter_alerts_meter_fk',
      columns: [t.organisationId, t.meterId],
      foreignColumns: [meters.organisationId, meters.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'meter_alerts_invoice_fk',
      columns: [t.organisationId, t.invoiceId],
      foreignColumns: [invoices.organisationId, invoices.id],
    }).onDelete('cascade'),
    uniqueIndex('meter_alerts_invoice_audit_unique')
      .on(t.invoiceId, t.meterId, t.audit)
      .where(sql`${t.invoiceId} is not null`),
    check('meter_alerts_invoice_audit_check', sql`(${t.invoiceId} is null) = (${t.audit} is null)`),
    check('meter_alerts_status_check', sql`${t.status} in ('pending', 'scheduled', 'deleted', 'sent')`),
  ],
);
