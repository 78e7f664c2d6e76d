import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
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
import { entities, meters, sites } from './assets';
import { organisations, users } from './core';
import { invoices } from './inputs';

/**
 * Reference lists shown in selectors (regions, occupancy, entity functions, usage types, heating, lighting,
 * air-conditioning control, organisation types, countries, financial reporting, load units, ...): one table,
 * the spec's lookup items {Id, Descr, Order}.
 */
export const lookupItems = pgTable(
  'lookup_items',
  {
    list: text('list').notNull(),
    id: integer('id').notNull(),
    descr: text('descr').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Extra attributes some lists need (an indicator's unit, an entity descriptor's type). */
    detail: text('detail'),
  },
  (t) => [primaryKey({ columns: [t.list, t.id] })],
);

/** Indicators (floor area, occupants, pool volume, ...): `variable` ones change over time. */
export const indicators = pgTable('indicators', {
  id: serial('id').primaryKey(),
  description: text('description').notNull(),
  unit: text('unit').notNull(),
  variable: boolean('variable').notNull().default(false),
  /** site, entity or both */
  appliesTo: text('applies_to').notNull().default('both'),
});

export const siteIndicatorValues = pgTable(
  'site_indicator_values',
  {
    organisationId: integer('organisation_id').notNull(),
    siteId: integer('site_id').notNull(),
    indicatorId: integer('indicator_id')
      .notNull()
      .references(() => indicators.id),
    value: numeric('value', { precision: 18, scale: 4 }),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.indicatorId] }),
    foreignKey({
      name: 'site_indicator_values_site_fk',
      columns: [t.organisationId, t.siteId],
      foreignColumns: [sites.organisationId, sites.id],
    }).onDelete('cascade'),
  ],
);

export const entityIndicatorValues = pgTable(
  'entity_indicator_values',
  {
    organisationId: integer('organisation_id').notNull(),
    entityId: integer('entity_id').notNull(),
    indicatorId: integer('indicator_id')
      .notNull()
      .references(() => indicators.id),
    value: numeric('value', { precision: 18, scale: 4 }),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.indicatorId] }),
    foreignKey({
      name: 'entity_indicator_values_entity_fk',
      columns: [t.organisationId, t.entityId],
      foreignColumns: [entities.organisationId, entities.id],
    }).onDelete('cascade'),
  ],
);

/** How an entity is used and what it was designed for (the Details tab's usage section). */
export const entityUsages = pgTable(
  'entity_usages',
  {
    organisationId: integer('organisation_id').notNull(),
    entityId: integer('entity_id').primaryKey(),
    entusageId: integer('entusage_id'),
    designEui: integer('design_eui'),
    commissionedEui: integer('commissioned_eui'),
    interventionEui: integer('intervention_eui'),
    airconVolume: doublePrecision('aircon_volume'),
    lowHumidity: doublePrecision('low_humidity'),
    highHumidity: doublePrecision('high_humidity'),
    lowTemp: doublePrecision('low_temp'),
    highTemp: doublePrecision('high_temp'),
    airChanges: doublePrecision('air_changes'),
    airInfiltration: doublePrecision('air_infiltration'),
    coreHours: doublePrecision('core_hours'),
    coreOccupancy: doublePrecision('core_occupancy'),
    coreEnergyIntensity: doublePrecision('core_energy_intensity'),
    ncoreHours: doublePrecision('ncore_hours'),
    ncoreOccupancy: doublePrecision('ncore_occupancy'),
    ncoreEnergyIntensity: doublePrecision('ncore_energy_intensity'),
    accontrId: integer('accontr_id'),
    heatId: integer('heat_id'),
    lightId: integer('light_id'),
  },
  (t) => [
    foreignKey({
      name: 'entity_usages_entity_fk',
      columns: [t.organisationId, t.entityId],
      foreignColumns: [entities.organisationId, entities.id],
    }).onDelete('cascade'),
  ],
);

export const entityPumps = pgTable(
  'entity_pumps',
  {
    organisationId: integer('organisation_id').notNull(),
    entityId: integer('entity_id').primaryKey(),
    /** Pump head in metres. */
    headMetres: integer('head_metres'),
    powerMeterId: integer('power_meter_id'),
    flowMeterId: integer('flow_meter_id'),
  },
  (t) => [
    foreignKey({
      name: 'entity_pumps_entity_fk',
      columns: [t.organisationId, t.entityId],
      foreignColumns: [entities.organisationId, entities.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'entity_pumps_power_meter_fk',
      columns: [t.organisationId, t.powerMeterId],
      foreignColumns: [meters.organisationId, meters.id],
    }),
    foreignKey({
      name: 'entity_pumps_flow_meter_fk',
      columns: [t.organisationId, t.flowMeterId],
      foreignColumns: [meters.organisationId, meters.id],
    }),
  ],
);

export const entityWastewaterPlants = pgTable(
  'entity_wastewater_plants',
  {
    organisationId: integer('organisation_id').notNull(),
    entityId: integer('entity_id').primaryKey(),
    populationServed: integer('population_served'),
    designCapacityM3PerDay: doublePrecision('design_capacity_m3_per_day'),
    treatmentType: text('treatment_type'),
    influentMeterId: integer('influent_meter_id'),
  },
  (t) => [
    foreignKey({
      name: 'entity_wastewater_plants_entity_fk',
      columns: [t.organisationId, t.entityId],
      foreignColumns: [entities.organisationId, entities.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'entity_wastewater_plants_influent_meter_fk',
      columns: [t.organisationId, t.influentMeterId],
      foreignColumns: [meters.organisationId, meters.id],
    }),
  ],
);

/** Files of an organisation, site, entity or data source; the bytes live behind the storage interface. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    ownerType: text('owner_type').notNull(),
    ownerId: integer('owner_id').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    defaultImage: boolean('default_image').notNull().default(false),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerType, t.ownerId),
    check(
      'files_owner_type_check',
      sql`${t.ownerType} in ('organisation', 'site', 'entity', 'meter', 'invoice')`,
    ),
    uniqueIndex('files_one_default_unique').on(t.ownerType, t.ownerId).where(sql`${t.defaultImage}`),
  ],
);

/** Jobs of an organisation (dated tasks) and notes on a data source (with meterId). */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    meterId: integer('meter_id'),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTill: date('date_till', { mode: 'string' }),
    text: text('text').notNull(),
    /** A contracted permanent job, which cannot be deleted. */
    permanent: boolean('permanent').notNull().default(false),
    /** A meter note marking a period with no invoices on purpose (the invoice report shows no gap there). */
    invoiceGapFiller: boolean('invoice_gap_filler').notNull().default(false),
    /** A meter note bound to one of the meter's invoices (kind INVOICE). */
    invoiceId: integer('invoice_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_organisation_idx').on(t.organisationId, t.dateFrom),
    index('jobs_meter_idx').on(t.meterId),
    index('jobs_invoice_idx').on(t.invoiceId),
    foreignKey({
      name: 'jobs_meter_fk',
      columns: [t.organisationId, t.meterId],
      foreignColumns: [meters.organisationId, meters.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'jobs_invoice_fk',
      columns: [t.organisationId, t.invoiceId],
      foreignColumns: [invoices.organisationId, invoices.id],
    }).onDelete('cascade'),
    check('jobs_period_check', sql`${t.dateTill} is null or ${t.dateTill} >= ${t.dateFrom}`),
    check('jobs_invoice_note_check', sql`${t.invoiceId} is null or ${t.meterId} is not null`),
  ],
);

export const procurementExpiries = pgTable(
  'procurement_expiries',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
  },
  (t) => [index('procurement_expiries_organisation_idx').on(t.organisationId)],
);

/**
 * An administrator's change of the organisation's time zone that moves its stored half hours to the new clock
 * (docs/decisions/organisations.md, Time zone): the job moves them and sets the zone in one transaction.
 */
export const timeZoneMoves = pgTable(
  'time_zone_moves',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    fromZone: text('from_zone').notNull(),
    toZone: text('to_zone').notNull(),
    /** pending, running, finished or failed. */
    status: text('status').notNull().default('pending'),
    /** Data sources and days moved, once finished. */
    meters: integer('meters').notNull().default(0),
    days: integer('days').notNull().default(0),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('time_zone_moves_organisation_idx').on(t.organisationId, t.createdAt),
    check('time_zone_moves_status_check', sql`${t.status} in ('pending', 'running', 'finished', 'failed')`),
  ],
);
