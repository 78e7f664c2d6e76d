import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { meters } from './assets';
import { organisations } from './core';

/** What the ledger computes from the inputs (./inputs.ts): monthly facts, pending work and the rollup. */

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
     * Which totals the meter's facts count in (docs/domain.md, Which meters count): check meters (level 2 or
     * CHECK) and UNREPORTED meters in none; consumption totals need the consumption reporting flag, emissions
     * the carbon flags. counts_in_totals is the cost measure's flag.
     */
    countsInTotals: boolean('counts_in_totals').notNull().default(true),
    countsConsumption: boolean('counts_consumption').notNull().default(true),
    countsEmissions: boolean('counts_emissions').notNull().default(true),
    /** In the data type's standard unit. */
    quantityStd: doublePrecision('quantity_std').notNull(),
    /** From export registers; never subtracted from the quantity. */
    exportedStd: doublePrecision('exported_std').notNull().default(0),
    cost: numeric('cost', { precision: 14, scale: 2 }).notNull(),
    co2eScope1: doublePrecision('co2e_scope1').notNull(),
    co2eScope2Location: doublePrecision('co2e_scope2_location').notNull(),
    co2eScope2Market: doublePrecision('co2e_scope2_market').notNull(),
    co2eScope3: doublePrecision('co2e_scope3').notNull(),
    /**
     * The kWh behind co2e_scope2_market by the factor each took (packages/domain/src/scope2-market.ts):
     * certificates, a supplier-specific factor, the residual mix, or the grid average where no residual mix is
     * in force.
     */
    marketCertificateKwh: doublePrecision('market_certificate_kwh').notNull().default(0),
    marketSupplierKwh: doublePrecision('market_supplier_kwh').notNull().default(0),
    marketResidualKwh: doublePrecision('market_residual_kwh').notNull().default(0),
    marketGridKwh: doublePrecision('market_grid_kwh').notNull().default(0),
    /** Days the meter was open in the month (up to today): a measure is complete when its days reach this. */
    daysOpen: smallint('days_open').notNull(),
    daysCovered: smallint('days_covered').notNull(),
    daysCosted: smallint('days_costed').notNull(),
    /** Covered days with a factor in force; emissions of the other covered days are unknown. */
    daysFactored: smallint('days_factored').notNull(),
    estimated: boolean('estimated').notNull().default(false),
    /** An input was flagged (an incorrect-fuel purchase, say) but counted. */
    flagged: boolean('flagged').notNull().default(false),
    /** The emission factor versions the month's emissions used. */
    factorVersions: integer('factor_versions').array().notNull().default(sql`'{}'::int[]`),
  },
  (t) => [
    primaryKey({ columns: [t.meterId, t.month] }),
    // Built by migrations 0055 and 0059 with `include (meter_id, energy_id, quantity_std, days_open, days_covered,
    // counts_*, co2e_*, market_*_kwh, days_factored, estimated)` (Drizzle cannot declare INCLUDE): the dashboard's
    // month comparisons and the GHG charts read those from the index alone.
    index('monthly_facts_organisation_month_idx').on(t.organisationId, t.month),
    // Built by migration 0068 with the same `include` list: a set of the organisation's meters (a grouping's groups,
    // a group's members) reads its months from the index alone (docs/decisions/performance.md, A grouping's groups
    // read at once).
    index('monthly_facts_organisation_meter_idx').on(t.organisationId, t.meterId, t.month),
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
 * The day (in its time zone) an organisation's facts were last brought up to: facts of an event-based
 * meter's current month count the days up to today, so when the organisation's day turns the recompute job
 * marks its meters with events since the old day's month pending (docs/domain.md, Recompute).
 */
export const ledgerDays = pgTable('ledger_days', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  today: date('today', { mode: 'string' }).notNull(),
});

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
    /** Meters whose facts for the month have days missing: consumption, cost and emissions. */
    incompleteMeters: integer('incomplete_meters').notNull(),
    incompleteCost: integer('incomplete_cost').notNull().default(0),
    incompleteCo2e: integer('incomplete_co2e').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month, t.energyId] })],
);

/**
 * The emission factor versions behind each organisation's months (docs/decisions/factor-editions.md, Which edition
 * produced a figure): per organisation, month, data type and factor version, how many facts counted in emissions
 * totals recorded that version. Kept in step with monthly_facts by the recompute, in the same statements as
 * organisation_month_facts, so a dashboard's editions read a few rows instead of unnesting every fact's versions.
 */
export const organisationMonthFactorVersions = pgTable(
  'organisation_month_factor_versions',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    /** 0 for meters without a data type. */
    energyId: integer('energy_id').notNull(),
    factorVersionId: integer('factor_version_id').notNull(),
    /** Facts counted in emissions totals that recorded the version (a row at 0 is deleted). */
    facts: integer('facts').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'organisation_month_factor_versions_pk',
      columns: [t.organisationId, t.month, t.energyId, t.factorVersionId],
    }),
  ],
);

/**
 * Each meter's invoiced runs: the periods of all its invoices (any kind), overlapping and adjacent ones merged, so
 * the Invoice Entry Report reads a few rows a meter instead of every invoice (docs/decisions/performance.md, The
 * invoice entry report reads kept runs). Triggers on `invoices` and `invoice_meters` note the meters whose
 * invoices moved (`meter_invoice_runs_due`, migration 0067_meter_invoice_runs); the report brings those meters'
 * runs up to date before it reads them. No foreign keys: an organisation's cascade writes the notes while it
 * deletes, and the runs of a meter with no invoice row left are deleted with its next refresh.
 */
export const meterInvoiceRuns = pgTable(
  'meter_invoice_runs',
  {
    organisationId: integer('organisation_id').notNull(),
    meterId: integer('meter_id').notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    /** The run's last day (inclusive). */
    dateTill: date('date_till', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.meterId, t.dateFrom] })],
);

/** Meters whose invoices changed since their runs were last refreshed: a row per writing statement and meter. */
export const meterInvoiceRunsDue = pgTable(
  'meter_invoice_runs_due',
  {
    organisationId: integer('organisation_id').notNull(),
    meterId: integer('meter_id').notNull(),
  },
  (t) => [index('meter_invoice_runs_due_organisation_idx').on(t.organisationId, t.meterId)],
);
