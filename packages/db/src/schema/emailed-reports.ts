import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations, users } from './core';

/**
 * Emailed reports (data-portal.md 3, Emailed report; docs/decisions/reports.md, Schedules): a report run on a
 * schedule for an organisation as its owner sees it, and mailed to the addresses kept. `next_send_at` is the
 * next instant the sweep makes a send of it (null: a once report already made its send).
 */
export const emailedReports = pgTable(
  'emailed_reports',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportId: integer('report_id').notNull(),
    output: text('output').notNull(),
    assetType: text('asset_type').notNull(),
    assetId: integer('asset_id'),
    /** 'yyyy-MM-dd', or null with a relative period or none. */
    startDate: text('start_date'),
    endDate: text('end_date'),
    relative: text('relative'),
    settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
    /** The addresses, checked and joined by ', '. */
    addresses: text('addresses').notNull(),
    subject: text('subject').notNull().default(''),
    htmlText: text('html_text').notNull().default(''),
    /** M monthly, W weekly, O once. */
    frequency: text('frequency').notNull(),
    /** Day of the month 1-31 (M) or of the week 0-6 (W); null for once. */
    reportOn: integer('report_on'),
    onceOn: text('once_on'),
    /** The completeness hold: the share of days with data asked for, and how many days after the period. */
    holdPercent: integer('hold_percent').notNull().default(0),
    holdDays: integer('hold_days').notNull().default(0),
    skipWhenEmpty: boolean('skip_when_empty').notNull().default(false),
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    /** What its last send did, in words ('Sent 01/11/2026', 'Waiting: 62 % complete'). */
    lastStatus: text('last_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('emailed_reports_organisation_id_id_unique').on(t.organisationId, t.id),
    index('emailed_reports_due_idx').on(t.nextSendAt).where(sql`${t.nextSendAt} is not null`),
    check('emailed_reports_frequency_check', sql`${t.frequency} in ('M', 'W', 'O')`),
    check('emailed_reports_period_check', sql`${t.relative} is null or ${t.startDate} is null`),
  ],
);

/**
 * One scheduled send of an emailed report: the occurrence (its local date) and the period it covers. One row
 * per occurrence, so a sweep that runs twice makes one; a send claims its row before mailing, so two workers
 * never both mail it. Status: due, waiting (the hold), sending, sent, skipped, superseded, failed.
 */
export const emailedReportSends = pgTable(
  'emailed_report_sends',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').notNull(),
    emailedReportId: integer('emailed_report_id').notNull(),
    /** The local date of the occurrence, 'yyyy-MM-dd'. */
    dueOn: text('due_on').notNull(),
    periodStart: text('period_start'),
    periodEnd: text('period_end'),
    status: text('status').notNull().default('due'),
    /** When the sweep next hands it to a worker (a lease while one works on it). */
    checkAt: timestamp('check_at', { withTimezone: true }).notNull().defaultNow(),
    /** The share of the period's days with data when last looked at. */
    percent: numeric('percent', { mode: 'number' }),
    /** The owner has been told the send waits. */
    ownerToldAt: timestamp('owner_told_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'emailed_report_sends_report_fk',
      columns: [t.organisationId, t.emailedReportId],
      foreignColumns: [emailedReports.organisationId, emailedReports.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'emailed_report_sends_organisation_fk',
      columns: [t.organisationId],
      foreignColumns: [organisations.id],
    }).onDelete('cascade'),
    uniqueIndex('emailed_report_sends_occurrence_unique').on(t.emailedReportId, t.dueOn),
    index('emailed_report_sends_open_idx')
      .on(t.checkAt)
      .where(sql`${t.status} in ('due', 'waiting', 'sending')`),
    check(
      'emailed_report_sends_status_check',
      sql`${t.status} in ('due', 'waiting', 'sending', 'sent', 'skipped', 'superseded', 'failed')`,
    ),
  ],
);
