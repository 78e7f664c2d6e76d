import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
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

export const emissionFactors = pgTable(
  'emission_factors',
  {
    id: serial('id').primaryKey(),
    dataTypeId: integer('data_type_id')
      .notNull()
      .references(() => dataTypes.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id')
      .notNull()
      .references(() => emissionFactorSources.id, { onDelete: 'cascade' }),
    scope: integer('scope').notNull(),
    /** kg CO2e per standard unit of the data type. */
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Inclusive; null while the factor is still in force. */
    endDate: date('end_date', { mode: 'string' }),
    notes: text('notes'),
  },
  (t) => [
    check('emission_factors_scope_check', sql`${t.scope} between 1 and 3`),
    check('emission_factors_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    index('emission_factors_lookup_idx').on(t.dataTypeId, t.sourceId, t.scope, t.startDate),
  ],
);
