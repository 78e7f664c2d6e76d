import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './core';

/**
 * Contracted rates (core-portal.md 3): time-of-use contracts with monthly rates by period and day type,
 * non-half-hourly (NHH) rates by period, prompt-payment discount contracts with their rates. Rates are cents
 * per kWh; a PPD rate is a percentage.
 */
export const touContracts = pgTable(
  'tou_contracts',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tou_contracts_organisation_id_unique').on(t.organisationId, t.id),
    uniqueIndex('tou_contracts_name_unique').on(t.organisationId, sql`lower(${t.name})`),
  ],
);

export const touRates = pgTable(
  'tou_rates',
  {
    organisationId: integer('organisation_id').notNull(),
    contractId: integer('contract_id').notNull(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    periodId: integer('period_id').notNull(),
    daytypeId: integer('daytype_id').notNull(),
    /** Cents per kWh. */
    contractedRate: numeric('contracted_rate', { precision: 18, scale: 6 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.month, t.periodId, t.daytypeId] }),
    index('tou_rates_organisation_idx').on(t.organisationId),
    foreignKey({
      name: 'tou_rates_contract_fk',
      columns: [t.organisationId, t.contractId],
      foreignColumns: [touContracts.organisationId, touContracts.id],
    }).onDelete('cascade'),
    check('tou_rates_month_check', sql`extract(day from ${t.month}) = 1`),
  ],
);

export const nhhRates = pgTable(
  'nhh_rates',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Cents per kWh. */
    retailRate: numeric('retail_rate', { precision: 18, scale: 6 }).notNull(),
    networkRate: numeric('network_rate', { precision: 18, scale: 6 }).notNull(),
  },
  (t) => [
    index('nhh_rates_organisation_idx').on(t.organisationId, t.startDate),
    check('nhh_rates_period_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const ppdContracts = pgTable(
  'ppd_contracts',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ppd_contracts_organisation_id_unique').on(t.organisationId, t.id),
    uniqueIndex('ppd_contracts_name_unique').on(t.organisationId, sql`lower(${t.name})`),
  ],
);

export const ppdRates = pgTable(
  'ppd_rates',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id').notNull(),
    contractId: integer('contract_id').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** Percent. */
    rate: numeric('rate', { precision: 8, scale: 4 }).notNull(),
  },
  (t) => [
    index('ppd_rates_contract_idx').on(t.contractId, t.fromDate),
    foreignKey({
      name: 'ppd_rates_contract_fk',
      columns: [t.organisationId, t.contractId],
      foreignColumns: [ppdContracts.organisationId, ppdContracts.id],
    }).onDelete('cascade'),
    check('ppd_rates_period_check', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);
