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
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { meters } from './assets';
import { organisations, users } from './core';
import { retailers } from './retailers';

/**
 * An organisation's contractual instruments for market-based scope 2 (GHG Protocol Scope 2 Guidance):
 * - certificates: energy attribute certificates (NZ-ECs, say) matched to one electricity meter, MWh over a
 *   period, at the certified generation's emission rate (0 for renewable generation);
 * - supplier-factor: a supplier-specific emission rate over a period, for every meter of a retailer or for
 *   one meter.
 * The ledger spreads certificates over the meter's consumption in their period and prices the rest at the
 * supplier's rate, else the catalogue's residual mix, else the grid average (packages/domain/src/scope2-market).
 */
export const scope2Instruments = pgTable(
  'scope2_instruments',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['certificates', 'supplier-factor'] }).notNull(),
    meterId: integer('meter_id'),
    retailerId: integer('retailer_id').references(() => retailers.id),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    /** Inclusive. */
    dateTill: date('date_till', { mode: 'string' }).notNull(),
    /** Certificates only: the certified consumption. */
    mwh: numeric('mwh', { precision: 14, scale: 3 }),
    /** kg CO2e per kWh. */
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    /** The certificates' registry reference or the supplier's disclosure. */
    reference: text('reference'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scope2_instruments_organisation_idx').on(t.organisationId),
    index('scope2_instruments_meter_idx').on(t.meterId),
    foreignKey({
      columns: [t.organisationId, t.meterId],
      foreignColumns: [meters.organisationId, meters.id],
      name: 'scope2_instruments_meter_fk',
    }).onDelete('cascade'),
    check('scope2_instruments_dates_check', sql`${t.dateTill} >= ${t.dateFrom}`),
    check('scope2_instruments_rate_check', sql`${t.rate} >= 0`),
    check(
      'scope2_instruments_kind_check',
      sql`(${t.kind} = 'certificates' and ${t.meterId} is not null and ${t.retailerId} is null and ${t.mwh} > 0)
        or (${t.kind} = 'supplier-factor' and ${t.mwh} is null and (${t.meterId} is null) <> (${t.retailerId} is null))`,
    ),
  ],
);

/**
 * A grid carbon intensity series (a public dataset, like the catalogue): kg CO2e per kWh of grid electricity,
 * hour by hour or half-hour by half-hour, loaded by a product administrator from CSV. It applies to the meters
 * of sites in its regions (the reference list's regions). Used for time-matched scope 2 beside the annual
 * average (packages/domain/src/time-matched.ts); never by the ledger.
 */
export const gridIntensitySeries = pgTable(
  'grid_intensity_series',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Who publishes the figures and where they come from, said plainly. */
    source: text('source').notNull(),
    /** A sample for demonstration, not official data: shown as such wherever its figures appear. */
    sample: boolean('sample').notNull().default(false),
    /** Region ids (reference list 'regions') whose sites' meters the series applies to. */
    regionIds: integer('region_ids').array().notNull(),
    /** 30 (half-hourly) or 60 (hourly). */
    intervalMinutes: smallint('interval_minutes').notNull(),
    notes: text('notes'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grid_intensity_series_name_unique').on(sql`lower(${t.name})`),
    check('grid_intensity_series_interval_check', sql`${t.intervalMinutes} in (30, 60)`),
  ],
);

/** The intensity of each interval of a series, from its start instant. */
export const gridIntensityPoints = pgTable(
  'grid_intensity_points',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => gridIntensitySeries.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** kg CO2e per kWh. */
    intensity: doublePrecision('intensity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.startsAt] }),
    check('grid_intensity_points_intensity_check', sql`${t.intensity} >= 0`),
  ],
);
