import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organisations, users } from './core';

/**
 * An organisation's complimentary report (data-portal.md 7; docs/decisions/comp-report.md): its pages and
 * their parameters as the XML the editor saved. One per organisation; none until first saved.
 */
export const compReports = pgTable('comp_reports', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  xml: text('xml').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
