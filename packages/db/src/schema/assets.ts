import { sql } from 'drizzle-orm';
import {
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
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { units } from './catalogue';
import { organisations } from './core';
import { retailers } from './retailers';

/**
 * The asset hierarchy the rights engine walks: organisation > site > meter / entity, and groups of sites or
 * meters. Each feature issue adds its own columns to these tables with new migrations.
 */

export const lifecycle = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Soft deletion: archived, restorable by a product administrator, purged after three months. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
};

export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    siteAddress1: text('site_address1'),
    siteAddress2: text('site_address2'),
    siteAddress3: text('site_address3'),
    regionId: integer('region_id'),
    siteOpen: date('site_open', { mode: 'string' }),
    /** Clearable; a site with a close date shows as closed. */
    siteClose: date('site_close', { mode: 'string' }),
    heatPlant: boolean('heat_plant').notNull().default(false),
    deletedBy: integer('deleted_by'),
    ...lifecycle,
  },
  (t) => [
    index('sites_organisation_idx').on(t.organisationId),
    /** The target of children's composite foreign keys (organisation_id, site_id). */
    unique('sites_organisation_id_id_unique').on(t.organisationId, t.id),
    uniqueIndex('sites_organisation_name_unique')
      .on(t.organisationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A facility groups entities at a site (created when an entity names one that does not exist yet). */
export const facilities = pgTable(
  'facilities',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('facilities_site_name_unique').on(t.siteId, sql`lower(${t.name})`),
    foreignKey({
      name: 'facilities_site_fk',
      columns: [t.organisationId, t.siteId],
      foreignColumns: [sites.organisationId, sites.id],
    }).onDelete('cascade'),
  ],
);

/** Data sources: supply meters, check meters, fuel cards and transactional meters. */
export const meters = pgTable(
  'meters',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull(),
    localName: text('local_name').notNull(),
    /** 1 Time of use, 2 Non time of use, 3 Profiled, 4 Unmetered account, 5 Smart, 6 Smart check,
     * 7 Transactional, 8 Unmetered consumption only, 9 Transactional with cost. */
    meterType: integer('meter_type').notNull().default(2),
    /** 1 supply meter, 2 check meter (submeter). */
    metlvlId: integer('metlvl_id').notNull().default(1),
    /** The data type (energy type); null only until the meter is set up. */
    energyId: integer('energy_id'),
    /** The unit its inputs are recorded in. */
    unitId: integer('unit_id'),
    parentMeterId: integer('parent_meter_id'),
    /** The meter this one replaced (Create Replacement): the old one is closed the day before this opens. */
    replacesMeterId: integer('replaces_meter_id'),
    meterNumber: text('meter_number'),
    /** The supply account: ICP for electricity, account number for water. */
    account: text('account'),
    smartMetering: boolean('smart_metering').notNull().default(false),
    inheritSubmeter: boolean('inherit_submeter').notNull().default(false),
    transientMeter: boolean('transient_meter').notNull().default(false),
    meterOpen: date('meter_open', { mode: 'string' }),
    meterClose: date('meter_close', { mode: 'string' }),
    retailerId: integer('retailer_id').references(() => retailers.id),
    /** The unit its figures are reported in (the wizard's 'unit for reporting'); a unit of its data type. */
    outputUnitId: integer('output_unit_id').references(() => units.id),
    /** Bit flags: 1 consumption reporting, 2-6 carbon reporting. */
    reporting: integer('reporting').notNull().default(7),
    /** ORGANISATION, ASSOCIATED, CONTRACTOR or UNREPORTED. */
    reportingSource: text('reporting_source').notNull().default('ORGANISATION'),
    /** STANDARD, CHECK, OFFSHORE or LANDLORD. */
    situation: text('situation').notNull().default('STANDARD'),
    secondaryTypeId: integer('secondary_type_id'),
    regimeId: integer('regime_id'),
    touContractId: integer('tou_contract_id'),
    ppdContractId: integer('ppd_contract_id'),
    loadGroup: integer('load_group'),
    metercoId: integer('meterco_id'),
    hasExport: boolean('has_export').notNull().default(false),
    landlord: text('landlord'),
    nonMainland: boolean('non_mainland').notNull().default(false),
    contractorMeter: boolean('contractor_meter').notNull().default(false),
    alertRecipient: text('alert_recipient'),
    invoiceReport: boolean('invoice_report').notNull().default(true),
    /** Removed with Delete and Don't Load: data loads skip its account from now on. */
    dontLoad: boolean('dont_load').notNull().default(false),
    address1: text('address1'),
    address2: text('address2'),
    address3: text('address3'),
    address4: text('address4'),
    /** Longitude (x, -180..180) and latitude (y, -90..90). */
    locationX: doublePrecision('location_x'),
    locationY: doublePrecision('location_y'),
    ...lifecycle,
  },
  (t) => [
    index('meters_organisation_idx').on(t.organisationId),
    index('meters_site_idx').on(t.siteId),
    unique('meters_organisation_id_id_unique').on(t.organisationId, t.id),
    foreignKey({
      name: 'meters_site_fk',
      columns: [t.organisationId, t.siteId],
      foreignColumns: [sites.organisationId, sites.id],
    }),
    foreignKey({
      name: 'meters_replaces_fk',
      columns: [t.organisationId, t.replacesMeterId],
      foreignColumns: [t.organisationId, t.id],
    }),
    unique('meters_replaces_unique').on(t.organisationId, t.replacesMeterId),
    check('meters_type_check', sql`${t.meterType} between 1 and 9`),
    check('meters_level_check', sql`${t.metlvlId} in (1, 2)`),
  ],
);

/** Buildings, heat plants, pumps and wastewater plants. */
export const entities = pgTable(
  'entities',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull(),
    name: text('name').notNull(),
    /** STANDARD, HEAT PLANT, PUMP or WWTP (wastewater treatment plant). */
    entityType: text('entity_type').notNull().default('STANDARD'),
    facilityId: integer('facility_id'),
    /** Occupancy: the building segmentation lookup. */
    buildsegId: integer('buildseg_id'),
    /** Function: the entity descriptor lookup, for standard entities. */
    entdescId: integer('entdesc_id'),
    controlId: integer('control_id'),
    entityOpen: date('entity_open', { mode: 'string' }),
    entityClose: date('entity_close', { mode: 'string' }),
    description: text('description'),
    address1: text('address1'),
    address2: text('address2'),
    address3: text('address3'),
    /** Longitude (x, -180..180) and latitude (y, -90..90). */
    locationX: doublePrecision('location_x'),
    locationY: doublePrecision('location_y'),
    deletedBy: integer('deleted_by'),
    ...lifecycle,
  },
  (t) => [
    index('entities_organisation_idx').on(t.organisationId),
    index('entities_site_idx').on(t.siteId),
    unique('entities_organisation_id_id_unique').on(t.organisationId, t.id),
    foreignKey({
      name: 'entities_site_fk',
      columns: [t.organisationId, t.siteId],
      foreignColumns: [sites.organisationId, sites.id],
    }),
    check('entities_type_check', sql`${t.entityType} in ('STANDARD', 'HEAT PLANT', 'PUMP', 'WWTP')`),
  ],
);

/**
 * The share of a meter's consumption (and of its note) that falls to an entity, from a date on: entities sum
 * their meters' facts times the shares in force.
 */
export const meterEntityShares = pgTable(
  'meter_entity_shares',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    meterId: integer('meter_id').notNull(),
    entityId: integer('entity_id').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** Percent of consumption (and so of cost and emissions). */
    percentage: numeric('percentage', { precision: 7, scale: 4 }).notNull(),
    /** Percent of the meter's note shown on the entity. */
    notePercentage: numeric('note_percentage', { precision: 7, scale: 4 }),
  },
  (t) => [
    primaryKey({ columns: [t.meterId, t.entityId, t.validFrom] }),
    index('meter_entity_shares_entity_idx').on(t.entityId),
    foreignKey({
      columns: [t.organisationId, t.meterId],
      foreignColumns: [meters.organisationId, meters.id],
      name: 'meter_entity_shares_meter_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.organisationId, t.entityId],
      foreignColumns: [entities.organisationId, entities.id],
      name: 'meter_entity_shares_entity_fk',
    }).onDelete('cascade'),
    check('meter_entity_shares_percentage_check', sql`${t.percentage} between 0 and 100`),
  ],
);
