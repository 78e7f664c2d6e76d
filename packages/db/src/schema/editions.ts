import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dataTypes, emissionFactorEditions, units } from './catalogue';
import { organisations } from './core';

/**
 * Which factor editions an organisation uses, and the restatements that changed its past figures
 * (docs/decisions/catalogue.md, Editions; Restatement).
 */

/**
 * An organisation's edition policy: effective-dated (each period takes the edition current for it) or pinned
 * (from the switch date, a reporting year takes the edition pinned for it). Its significance threshold and
 * recalculation policy say when a restatement is significant for its annual disclosures.
 */
export const organisationEditionPolicies = pgTable(
  'organisation_edition_policies',
  {
    organisationId: integer('organisation_id')
      .primaryKey()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['effective', 'pinned'] })
      .notNull()
      .default('effective'),
    switchDate: date('switch_date', { mode: 'string' }),
    /** Percent of a year's total; a restatement that moves a year by more is significant. */
    significanceThreshold: numeric('significance_threshold', { precision: 6, scale: 2 })
      .notNull()
      .default('5'),
    recalculationPolicy: text('recalculation_policy'),
    changedBy: integer('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('organisation_edition_policies_mode_check', sql`${t.mode} in ('effective', 'pinned')`)],
);

/** A reporting year pinned to an edition (one per publisher's series, checked by the service). */
export const organisationEditionPins = pgTable(
  'organisation_edition_pins',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Named by the year it ends in (the organisation's reporting year end). */
    reportingYear: integer('reporting_year').notNull(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => emissionFactorEditions.id),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.reportingYear, t.editionId] })],
);

/** How a publisher's row (its labels and unit) maps to a data type, scope and unit; kept for the next edition. */
export const factorMappings = pgTable(
  'factor_mappings',
  {
    id: serial('id').primaryKey(),
    layout: text('layout').notNull(),
    /** The row's labels joined with ' | ' and its unit, lower case. */
    key: text('key').notNull(),
    dataTypeId: integer('data_type_id')
      .notNull()
      .references(() => dataTypes.id, { onDelete: 'cascade' }),
    scope: integer('scope').notNull(),
    scope2Basis: text('scope2_basis', { enum: ['location', 'residual-mix'] }),
    /** The data type's unit the published unit is (its rate is divided by the unit's conversion). */
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // One publisher's row may map to several data types (grid electricity for the grid and for vehicle charging).
    uniqueIndex('factor_mappings_layout_key_type_unique').on(t.layout, t.key, t.dataTypeId),
    check('factor_mappings_scope_check', sql`${t.scope} between 1 and 3`),
  ],
);

/**
 * A deliberate restatement: publishing an edition that moves past figures, or an organisation changing its
 * edition choice for past years. Proposed with a preview, confirmed by a person, run as one job.
 */
export const restatements = pgTable(
  'restatements',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['publish', 'choice'] }).notNull(),
    /** The organisation whose choice changes (kind 'choice'); null for a publication. */
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    editionId: integer('edition_id').references(() => emissionFactorEditions.id),
    previousEditionId: integer('previous_edition_id').references(() => emissionFactorEditions.id),
    /** What confirming applies: the edition's current period, or the organisation's new policy and pins. */
    change: jsonb('change').notNull(),
    reason: text('reason').notNull(),
    /** proposed, running, done, failed, cancelled, or stale (something changed before it was confirmed). */
    status: text('status').notNull().default('proposed'),
    /** The preview's figures: organisations, meters and kg CO2e moved, by organisation, year and scope. */
    preview: jsonb('preview'),
    jobId: integer('job_id'),
    proposedBy: integer('proposed_by'),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedBy: integer('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('restatements_organisation_idx').on(t.organisationId)],
);

/** What a restatement did to one organisation: its totals per year and scope before and after. */
export const restatementOrganisations = pgTable(
  'restatement_organisations',
  {
    restatementId: integer('restatement_id')
      .notNull()
      .references(() => restatements.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    totals: jsonb('totals').notNull(),
    meters: integer('meters').notNull().default(0),
    /** The largest change of a year's total, in percent, and the threshold it was compared with. */
    changePercent: numeric('change_percent', { precision: 12, scale: 4 }),
    threshold: numeric('threshold', { precision: 6, scale: 2 }),
  },
  (t) => [primaryKey({ columns: [t.restatementId, t.organisationId] })],
);

/**
 * The facts a restatement replaced, as they were (their emissions and the factor versions behind them), so
 * reports can be produced as originally reported.
 */
export const restatedFacts = pgTable(
  'restated_facts',
  {
    restatementId: integer('restatement_id')
      .notNull()
      .references(() => restatements.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    meterId: integer('meter_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    co2eScope1: doublePrecision('co2e_scope1'),
    co2eScope2Location: doublePrecision('co2e_scope2_location'),
    co2eScope2Market: doublePrecision('co2e_scope2_market'),
    co2eScope3: doublePrecision('co2e_scope3'),
    daysFactored: integer('days_factored'),
    factorVersions: integer('factor_versions').array(),
  },
  (t) => [
    primaryKey({ columns: [t.restatementId, t.meterId, t.month] }),
    // The figures as originally reported read an organisation's months (ledger/read-model-basis.ts).
    index('restated_facts_organisation_month_idx').on(t.organisationId, t.month),
  ],
);
