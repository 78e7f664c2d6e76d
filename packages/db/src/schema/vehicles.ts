import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { lifecycle, meters, sites } from './assets';
import { organisations } from './core';

/**
 * Vehicles (docs/domain.md, Assets: each owns a fuel meter and a distance meter). Purchases go on the fuel
 * meter (`fuel_purchases`); odometer differences go on the distance meter as consumption records.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').notNull(),
    /** Uppercased; letters and digits only. */
    registration: text('registration').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    seats: integer('seats').notNull(),
    /** Litres, 3 decimals. */
    engineSize: numeric('engine_size', { precision: 8, scale: 3 }).notNull(),
    /** L/100km (kWh/100km for an EV by kWh), 2 decimals. */
    desiredEff: numeric('desired_eff', { precision: 8, scale: 2 }).notNull(),
    bodyShapeId: integer('body_shape_id').notNull(),
    transmissionTypeId: integer('transmission_type_id').notNull(),
    /** The fuel: the data type of its fuel meter (petrol 5, diesel 4, EV by kWh 14, EV by km 116...). */
    fuelId: integer('fuel_id').notNull(),
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    saleDate: date('sale_date', { mode: 'string' }),
    fleetNumber: text('fleet_number'),
    description: text('description'),
    includeInOrgAutoload: boolean('include_in_org_autoload').notNull().default(true),
    consMeterId: integer('cons_meter_id').notNull(),
    distanceMeterId: integer('distance_meter_id').notNull(),
    ...lifecycle,
  },
  (t) => [
    index('vehicles_organisation_idx').on(t.organisationId),
    uniqueIndex('vehicles_registration_unique')
      .on(t.organisationId, t.registration)
      .where(sql`deleted_at is null`),
    unique('vehicles_cons_meter_unique').on(t.consMeterId),
    unique('vehicles_distance_meter_unique').on(t.distanceMeterId),
    foreignKey({
      name: 'vehicles_site_fk',
      columns: [t.organisationId, t.siteId],
      foreignColumns: [sites.organisationId, sites.id],
    }),
    foreignKey({
      name: 'vehicles_cons_meter_fk',
      columns: [t.organisationId, t.consMeterId],
      foreignColumns: [meters.organisationId, meters.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'vehicles_distance_meter_fk',
      columns: [t.organisationId, t.distanceMeterId],
      foreignColumns: [meters.organisationId, meters.id],
    }).onDelete('cascade'),
    check('vehicles_year_check', sql`${t.year} between 1900 and 2100`),
    check('vehicles_seats_check', sql`${t.seats} between 0 and 200`),
  ],
);
