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
} from 'drizzle-orm/pg-core';
import { meters } from './assets';
import { organisations, users } from './core';

/**
 * Alerts raised on a data source (data-portal spec 3 and 4): pending until someone schedules it for sending
 * (with an optional comment) or deletes it with a reason; the alerts report then sends the scheduled ones
 * and marks them sent. Only pending alerts show in the lists and counts.
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
  },
  (t) => [
    index('meter_alerts_pending_idx').on(t.organisationId, t.meterId).where(sql`${t.status} = 'pending'`),
    index('meter_alerts_scheduled_idx').on(t.status).where(sql`${t.status} = 'scheduled'`),
    foreignKey({
      name: 'meter_alerts_meter_fk',
      columns: [t.organisationId, t.meterId],
      foreignColumns: [meters.organisationId, meters.id],
    }).onDelete('cascade'),
    check('meter_alerts_status_check', sql`${t.status} in ('pending', 'scheduled', 'deleted', 'sent')`),
  ],
);
