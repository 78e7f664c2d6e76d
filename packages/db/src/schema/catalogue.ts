import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './core';

/**
 * The catalogue: data types (activities), their units and emission factors. Global rows have no
 * organisation; an organisation may add its own data types and its own factor set.
 */

export const energyReportingGroups = pgTable('energy_reporting_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Composite (comingled) data types take ids from 100000, ordinary ones stay below. */
export const compositeDataTypeIds = pgSequence('composite_data_type_ids', { startWith: 100000 });

export const dataTypes = pgTable(
  'data_types',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1, maxValue: 99999 }),
    name: text('name').notNull(),
    /** Electricity, Natural gas, Water, Diesel, Petrol, LPG, Refrigerants, Waste, Air travel, ... */
    grouping: text('grouping').notNull(),
    /** 1 Energy Consumption, 2 Record Only, 3 Energy Delivery, 4 GHG Emission. */
    typeId: integer('type_id').notNull(),
    /** The unit every quantity is converted to (kWh for energy consumption). */
    stdUnit: text('std_unit').notNull(),
    /** The spec's standardisedUnit: the physical quantity measured (energy, volume, mass, distance, ...). */
    standardisedUnit: text('standardised_unit').notNull(),
    defaultUnitId: integer('default_unit_id'),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    reportingGroupId: integer('reporting_group_id').references(() => energyReportingGroups.id),
    retired: boolean('retired').notNull().default(false),
    composite: boolean('composite').notNull().default(false),
    scope3Category: integer('scope3_category'),
    sourceNotes: text('source_notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('data_types_type_check', sql`${t.typeId} between 1 and 4`),
    index('data_types_organisation_idx').on(t.organisationId),
  ],
);

export const compositeComponents = pgTable(
  'composite_components',
  {
    compositeId: integer('composite_id')
      .notNull()
      .references(() => dataTypes.id, { onDelete: 'cascade' }),
    componentId: integer('component_id')
      .notNull()
      .references(() => dataTypes.id),
    /** Share of the composite, in percent; the components of one composite add up to 100. */
    percentage: numeric('percentage', { precision: 7, scale: 4 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.compositeId, t.componentId] })],
);

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    dataTypeId: integer('data_type_id')
      .notNull()
      .references(() => dataTypes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** standard quantity = quantity x conversionToStandard */
    conversionToStandard: numeric('conversion_to_standard', { precision: 20, scale: 10 }).notNull(),
    sourceInfo: text('source_info'),
  },
  (t) => [uniqueIndex('units_data_type_name_unique').on(t.dataTypeId, sql`lower(${t.name})`)],
);

/** A named set of factors: a government publication, or an organisation's own set. */
export const emissionFactorSources = pgTable('emission_factor_sources', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
  isDefault: boolean('is_default').notNull().default(false),
  notes: text('notes'),
});

/**
 * A publication edition of a factor source (the 2024 guide, say). Publishers revise past years between
 * editions; for each period exactly one edition per source is current (`current_from`..`current_till`).
 */
export const emissionFactorEditions = pgTable(
  'emission_factor_editions',
  {
    id: serial('id').primaryKey(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => emissionFactorSources.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    published: date('published', { mode: 'string' }),
    /** The periods this edition is the current one for (inclusive; null: open). */
    currentFrom: date('current_from', { mode: 'string' }),
    currentTill: date('current_till', { mode: 'string' }),
    notes: text('notes'),
    /** Who publishes it; an edition is current within its publisher's series of the source. */
    publisher: text('publisher').notNull().default(''),
    /** The years its factors are for, as the publication says. */
    coversFrom: integer('covers_from'),
    coversTill: integer('covers_till'),
    sourceTitle: text('source_title'),
    sourceUrl: text('source_url'),
    /** Hex SHA-256 of the file the edition was loaded from. */
    sourceSha256: text('source_sha256'),
    gwpSet: text('gwp_set', { enum: ['AR4', 'AR5', 'AR6'] })
      .notNull()
      .default('AR5'),
    /** draft (loaded, editable), published (immutable), superseded (by a correction), withdrawn. */
    status: text('status', { enum: ['draft', 'published', 'superseded', 'withdrawn'] })
      .notNull()
      .default('published'),
    changelog: text('changelog'),
    /** The edition this one corrects (it takes over that edition's current periods when published). */
    supersedesId: integer('supersedes_id'),
    /** The layout of the file it was loaded from, and the rows of that file it did not take, with why. */
    layout: text('layout'),
    skipped: jsonb('skipped').$type<{ line: number; reason: string }[]>(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: integer('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('emission_factor_editions_source_name_unique').on(t.sourceId, sql`lower(${t.name})`),
    check(
      'emission_factor_editions_status_check',
      sql`${t.status} in ('draft', 'published', 'superseded', 'withdrawn')`,
    ),
    check('emission_factor_editions_gwp_check', sql`${t.gwpSet} in ('AR4', 'AR5', 'AR6')`),
  ],
);

export const emissionFactors = pgTable(
  'emission_factors',
  {
    id: serial('id').primaryKey(),
    editionId: integer('edition_id').references(() => emissionFactorEditions.id, { onDelete: 'cascade' }),
    /**
     * For scope 2: location (the grid average, location-based) or residual-mix (the market-based factor of
     * electricity no contractual instrument covers, such as the NZECS residual supply factor). Certificates and
     * supplier-specific factors are an organisation's own (scope2_instruments), not catalogue factors.
     */
    scope2Basis: text('scope2_basis', { enum: ['location', 'residual-mix'] }),
    /** The current version (the latest row of emission_factor_versions). */
    version: integer('version').notNull().default(1),
    dataTypeId: integer('data_type_id')
      .notNull()
      .references(() => dataTypes.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id')
      .notNull()
      .references(() => emissionFactorSources.id, { onDelete: 'cascade' }),
    scope: integer('scope').notNull(),
    /** kg CO2e per standard unit of the data type. */
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    /** The CO2, CH4 and N2O parts of the rate where published. */
    co2: numeric('co2', { precision: 20, scale: 10 }),
    ch4: numeric('ch4', { precision: 20, scale: 10 }),
    n2o: numeric('n2o', { precision: 20, scale: 10 }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Inclusive; null while the factor is still in force. */
    endDate: date('end_date', { mode: 'string' }),
    notes: text('notes'),
    /** As the publication prints it: its activity label, its unit and its rate in that unit. */
    activity: text('activity'),
    publishedUnit: text('published_unit'),
    publishedRate: numeric('published_rate', { precision: 20, scale: 10 }),
  },
  (t) => [
    index('emission_factors_edition_idx').on(t.editionId),
    check('emission_factors_scope_check', sql`${t.scope} between 1 and 3`),
    check('emission_factors_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    index('emission_factors_lookup_idx').on(t.dataTypeId, t.sourceId, t.scope, t.startDate),
    check(
      'emission_factors_scope2_basis_check',
      sql`(${t.scope} = 2 and ${t.scope2Basis} in ('location', 'residual-mix')) or (${t.scope} <> 2 and ${t.scope2Basis} is null)`,
    ),
  ],
);

/** Every change of a factor is a new version (who, when, why); old versions are kept. Facts name them. */
export const emissionFactorVersions = pgTable(
  'emission_factor_versions',
  {
    id: serial('id').primaryKey(),
    factorId: integer('factor_id')
      .notNull()
      .references(() => emissionFactors.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    co2: numeric('co2', { precision: 20, scale: 10 }),
    ch4: numeric('ch4', { precision: 20, scale: 10 }),
    n2o: numeric('n2o', { precision: 20, scale: 10 }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    changedBy: integer('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason'),
  },
  (t) => [uniqueIndex('emission_factor_versions_factor_version_unique').on(t.factorId, t.version)],
);

/**
 * The factor source an organisation uses, from an effective date: a change applies from that date (older
 * years keep the source they had unless an administrator restates them on purpose).
 */
export const organisationFactorSources = pgTable(
  'organisation_factor_sources',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    sourceId: integer('source_id')
      .notNull()
      .references(() => emissionFactorSources.id, { onDelete: 'cascade' }),
    changedBy: integer('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.effectiveFrom] }),
    foreignKey({ columns: [t.sourceId], foreignColumns: [emissionFactorSources.id] }),
  ],
);
