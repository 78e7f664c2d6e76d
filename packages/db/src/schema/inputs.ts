import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  time,
  timestamp,
} from 'drizzle-orm/pg-core';
import { meters } from './assets';
import { organisations, users } from './core';

/** What feeds the ledger: invoices, consumption records, transactions, fuel purchases, half-hour readings. */

const owner = {
  organisationId: integer('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  meterId: integer('meter_id')
    .notNull()
    .references(() => meters.id, { onDelete: 'cascade' }),
};

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    ...owner,
    invoiceNumber: text('invoice_number'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    dateDue: date('date_due', { mode: 'string' }),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTill: date('date_till', { mode: 'string' }).notNull(),
    /** In the meter's unit. */
    consumption: numeric('consumption', { precision: 18, scale: 4 }).notNull(),
    /** Money excludes tax, in dollars to the cent. */
    costExclTax: numeric('cost_excl_tax', { precision: 14, scale: 2 }).notNull(),
    taxAmount: numeric('tax_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    estimated: boolean('estimated').notNull().default(false),
    /** A reversed or replaced invoice no longer counts in the ledger. */
    reversed: boolean('reversed').notNull().default(false),
    replacedById: integer('replaced_by_id'),
    notes: text('notes'),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_meter_period_idx').on(t.meterId, t.dateFrom),
    index('invoices_organisation_idx').on(t.organisationId),
    check('invoices_period_check', sql`${t.dateTill} >= ${t.dateFrom}`),
  ],
);

export const consumptionRecords = pgTable(
  'consumption_records',
  {
    id: serial('id').primaryKey(),
    ...owner,
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTill: date('date_till', { mode: 'string' }).notNull(),
    /** In the meter's unit. */
    units: numeric('units', { precision: 18, scale: 4 }).notNull(),
    attachmentId: integer('attachment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consumption_records_meter_idx').on(t.meterId, t.dateFrom),
    check('consumption_records_period_check', sql`${t.dateTill} >= ${t.dateFrom}`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    ...owner,
    txDate: date('tx_date', { mode: 'string' }).notNull(),
    txTime: time('tx_time'),
    quantity: numeric('quantity', { precision: 18, scale: 4 }).notNull(),
    /** Only for transactional meters with cost (type 9). */
    cost: numeric('cost', { precision: 14, scale: 2 }),
    note: text('note'),
    invoiceId: integer('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transactions_meter_idx').on(t.meterId, t.txDate)],
);

export const fuelPurchases = pgTable(
  'fuel_purchases',
  {
    id: serial('id').primaryKey(),
    ...owner,
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    purchaseTime: time('purchase_time'),
    /** Odometer in km; null when not recorded. */
    odometer: integer('odometer'),
    /** Litres (or kWh for an electric vehicle), in the meter's unit. */
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    cost: numeric('cost', { precision: 14, scale: 2 }).notNull(),
    registration: text('registration'),
    incorrectFuel: boolean('incorrect_fuel').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fuel_purchases_meter_idx').on(t.meterId, t.purchaseDate)],
);

/**
 * Half-hour readings, one row per meter, register and day with the 48 half-hours as arrays (index 0 is
 * 00:00-00:30). Tens of millions of readings become one row per 48, keyed for the access pattern (a meter's
 * days in order), so the table stays small, ingest is a bulk COPY of day rows, and a month reads as ~30 rows.
 */
export const halfHourDays = pgTable(
  'half_hour_days',
  {
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    /** 0 when the register is unspecified. */
    register: smallint('register').notNull().default(0),
    readDate: date('read_date', { mode: 'string' }).notNull(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** kWh per half hour; a missing half hour is null. */
    kwh: real('kwh').array().notNull(),
    kw: real('kw').array(),
    pf: real('pf').array(),
    /** Sum of kwh, kept so that monthly totals never unpack the arrays. */
    dayKwh: doublePrecision('day_kwh').notNull(),
    /** Half hours present (0-48), for completeness. */
    readings: smallint('readings').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.meterId, t.register, t.readDate] }),
    check('half_hour_days_length_check', sql`cardinality(${t.kwh}) = 48`),
  ],
);

/**
 * The ledger: one row per meter and calendar month. Every figure on a chart, list, dashboard, export or
 * report is summed from here.
 */
export const monthlyFacts = pgTable(
  'monthly_facts',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    meterId: integer('meter_id')
      .notNull()
      .references(() => meters.id, { onDelete: 'cascade' }),
    /** The first day of the month. */
    month: date('month', { mode: 'string' }).notNull(),
    /** The meter's data type when the facts were computed. */
    energyId: integer('energy_id'),
    /**
     * False for check (level-2) meters: they measure part of a supply meter, so organisation, site and group
     * totals leave them out to avoid counting the same energy twice.
     */
    countsInTotals: boolean('counts_in_totals').notNull().default(true),
    /** In the data type's standard unit. */
    quantityStd: doublePrecision('quantity_std').notNull(),
    cost: numeric('cost', { precision: 14, scale: 2 }).notNull(),
    co2eScope1: doublePrecision('co2e_scope1').notNull(),
    co2eScope2: doublePrecision('co2e_scope2').notNull(),
    co2eScope3: doublePrecision('co2e_scope3').notNull(),
    daysCovered: smallint('days_covered').notNull(),
    estimated: boolean('estimated').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.meterId, t.month] }),
    index('monthly_facts_organisation_month_idx').on(t.organisationId, t.month),
  ],
);

/**
 * Meters whose facts wait for a background recompute (after an emission factor change). While a meter is
 * listed here, answers that use its facts name it as unavailable and the screens poll again.
 */
export const ledgerPending = pgTable(
  'ledger_pending',
  {
    meterId: integer('meter_id')
      .primaryKey()
      .references(() => meters.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_pending_organisation_idx').on(t.organisationId)],
);

/**
 * Monthly facts added up per organisation, month and data type, kept in step with monthly_facts by the
 * recompute (it adds the difference it makes). Organisation-wide figures read a few dozen rows from here
 * instead of every meter's facts.
 */
export const organisationMonthFacts = pgTable(
  'organisation_month_facts',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    /** 0 for meters without a data type. */
    energyId: integer('energy_id').notNull(),
    quantityStd: doublePrecision('quantity_std').notNull(),
    cost: numeric('cost', { precision: 16, scale: 2 }).notNull(),
    co2e: doublePrecision('co2e').notNull(),
    meters: integer('meters').notNull(),
    /** Meters whose facts for the month have days missing. */
    incompleteMeters: integer('incomplete_meters').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month, t.energyId] })],
);
