import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations, users } from './core';

/**
 * A person's favourite reports in an organisation (data-portal.md 3, Favourite report; docs/decisions/reports.md,
 * Favourites): the report, output, asset and settings to run it with, and its period, fixed (start, end) or
 * sliding (relative to the day it runs). The same name replaces.
 */
export const favouriteReports = pgTable(
  'favourite_reports',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    reportId: integer('report_id').notNull(),
    output: text('output').notNull(),
    assetType: text('asset_type').notNull(),
    assetId: integer('asset_id'),
    /** 'yyyy-MM-dd', or null with a relative period or none. */
    startDate: text('start_date'),
    endDate: text('end_date'),
    relative: text('relative'),
    settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favourite_reports_name_unique').on(t.organisationId, t.userId, t.name),
    check('favourite_reports_period_check', sql`${t.relative} is null or ${t.startDate} is null`),
  ],
);
