import type { DbOrTx } from '@verdant/db/client';
import { meters, sites } from '@verdant/db/schema/assets';
import { units } from '@verdant/db/schema/catalogue';
import { vehicles } from '@verdant/db/schema/vehicles';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';

/** Fleet SQL: every query by id also filters by the organisation. */

export async function findSite(db: DbOrTx, organisationId: number, siteId: number) {
  const [row] = await db
    .select({ id: sites.id, name: sites.name, siteClose: sites.siteClose })
    .from(sites)
    .where(and(eq(sites.organisationId, organisationId), eq(sites.id, siteId), isNull(sites.deletedAt)));
  return row;
}

export async function siteOrganisation(db: DbOrTx, siteId: number) {
  const [row] = await db
    .select({ organisationId: sites.organisationId })
    .from(sites)
    .where(and(eq(sites.id, siteId), isNull(sites.deletedAt)));
  return row?.organisationId ?? null;
}

/** Live registrations of the organisation among the given ones. */
export async function existingRegistrations(db: DbOrTx, organisationId: number, registrations: string[]) {
  if (registrations.length === 0) return new Set<string>();
  const rows = await db
    .select({ registration: vehicles.registration })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.organisationId, organisationId),
        inArray(vehicles.registration, registrations),
        isNull(vehicles.deletedAt),
      ),
    );
  return new Set(rows.map((r) => r.registration));
}

/** A unit of a data type by name (litres, kWh, km). */
export async function unitNamed(db: DbOrTx, dataTypeId: number, name: string) {
  const [row] = await db
    .select({
      id: units.id,
      name: units.name,
      conversion: sql<number>`${units.conversionToStandard}::float8`,
    })
    .from(units)
    .where(and(eq(units.dataTypeId, dataTypeId), sql`lower(${units.name}) = lower(${name})`));
  return row;
}

export async function insertMeter(db: DbOrTx, values: typeof meters.$inferInsert) {
  const [row] = await db.insert(meters).values(values).returning({ id: meters.id });
  if (!row) throw new Error('meter not inserted');
  return row;
}

export async function insertVehicle(db: DbOrTx, values: typeof vehicles.$inferInsert) {
  const [row] = await db.insert(vehicles).values(values).returning({ id: vehicles.id });
  if (!row) throw new Error('vehicle not inserted');
  return row;
}

const vehicleColumns = sql`v.id, v.registration, v.make, v.model, v.year, v.seats, v.engine_size::float8 as engine_size,
  v.desired_eff::float8 as desired_eff, v.body_shape_id, v.transmission_type_id, v.fuel_id, v.purchase_date::text,
  v.sale_date::text, v.fleet_number, v.description, v.include_in_org_autoload, v.cons_meter_id,
  v.distance_meter_id, v.site_id, s.name as site_name, v.organisation_id`;

export type VehicleRow = {
  id: number;
  registration: string;
  make: string;
  model: string;
  year: number;
  seats: number;
  engine_size: number;
  desired_eff: number;
  body_shape_id: number;
  transmission_type_id: number;
  fuel_id: number;
  purchase_date: string;
  sale_date: string | null;
  fleet_number: string | null;
  description: string | null;
  include_in_org_autoload: boolean;
  cons_meter_id: number;
  distance_meter_id: number;
  site_id: number;
  site_name: string;
  organisation_id: number;
};

export async function findVehicle(db: DbOrTx, organisationId: number, id: number) {
  const rows = await db.execute<VehicleRow>(sql`select ${vehicleColumns}
    from vehicles v join sites s on s.organisation_id = v.organisation_id and s.id = v.site_id
    where v.organisation_id = ${organisationId} and v.id = ${id} and v.deleted_at is null`);
  return rows.rows[0];
}

/** The vehicle a live meter (fuel or distance) belongs to. */
export async function vehicleOfMeter(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<{ id: number }>(sql`select v.id from vehicles v
    where v.organisation_id = ${organisationId} and v.deleted_at is null
      and (v.cons_meter_id = ${meterId} or v.distance_meter_id = ${meterId})`);
  return rows.rows[0]?.id ?? null;
}

export async function updateVehicle(
  db: DbOrTx,
  organisationId: number,
  id: number,
  values: Partial<typeof vehicles.$inferInsert>,
) {
  await db
    .update(vehicles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(vehicles.organisationId, organisationId), eq(vehicles.id, id)));
}

/** Archives a vehicle and its two meters (restorable by the provider, like other deleted assets). */
export async function archiveVehicle(db: DbOrTx, v: VehicleRow) {
  const now = new Date();
  await db
    .update(vehicles)
    .set({ deletedAt: now })
    .where(and(eq(vehicles.organisationId, v.organisation_id), eq(vehicles.id, v.id)));
  await db
    .update(meters)
    .set({ deletedAt: now })
    .where(
      and(
        eq(meters.organisationId, v.organisation_id),
        inArray(meters.id, [v.cons_meter_id, v.distance_meter_id]),
      ),
    );
}

/** Closes the vehicle's meters with its sale date (null reopens them). */
export async function closeMeters(db: DbOrTx, v: VehicleRow, saleDate: string | null) {
  await db
    .update(meters)
    .set({ meterClose: saleDate, updatedAt: new Date() })
    .where(
      and(
        eq(meters.organisationId, v.organisation_id),
        inArray(meters.id, [v.cons_meter_id, v.distance_meter_id]),
      ),
    );
}

export type FleetListRow = {
  id: number;
  registration: string;
  make: string;
  model: string;
  fuel_id: number;
  fuel: string;
  site_id: number;
  site_name: string;
  sale_date: string | null;
  member_of: string | null;
  cons_meter_id: number;
  distance_meter_id: number;
};

/** Every live vehicle, with the groups of a grouping it is in (its figures: fleet-figures.ts). */
export async function fleetRows(db: DbOrTx, organisationId: number, groupingId: number | null) {
  const memberOf =
    groupingId === null
      ? sql`s.name`
      : sql`(select string_agg(g.name, ', ' order by lower(g.name)) from asset_group_members gm
          join asset_groups g on g.organisation_id = gm.organisation_id and g.id = gm.group_id
          where gm.organisation_id = v.organisation_id and gm.asset_id = v.cons_meter_id and g.member_type = 'meter'
            and g.grouping_id = ${groupingId})`;
  const rows = await db.execute<FleetListRow>(sql`
    select v.id, v.registration, v.make, v.model, v.fuel_id, d.name as fuel, v.site_id, s.name as site_name,
      v.sale_date::text, v.cons_meter_id, v.distance_meter_id, ${memberOf} as member_of
    from vehicles v join sites s on s.organisation_id = v.organisation_id and s.id = v.site_id join data_types d on d.id = v.fuel_id
    where v.organisation_id = ${organisationId} and v.deleted_at is null and s.deleted_at is null
    order by v.registration`);
  return rows.rows;
}

export async function meterGroupings(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{ id: number; name: string }>(sql`
    select g.id, g.name from groupings g where g.organisation_id = ${organisationId} and g.member_type = 'meter'
    order by lower(g.name)`);
  return rows.rows;
}

export async function dataTypeNames(db: DbOrTx, ids: number[]) {
  const rows = await db.execute<{ id: number; name: string }>(
    sql`select id, name from data_types where id = any(${sql.raw(`array[${ids.map(Number).join(',') || 0}]::int[]`)})`,
  );
  return new Map(rows.rows.map((r) => [r.id, r.name]));
}

/** The vehicles of the organisation among ids (live only). */
export async function vehiclesIn(db: DbOrTx, organisationId: number, ids: number[]) {
  const rows = await db.execute<VehicleRow>(sql`select ${vehicleColumns}
    from vehicles v join sites s on s.organisation_id = v.organisation_id and s.id = v.site_id
    where v.organisation_id = ${organisationId} and v.deleted_at is null
      and v.id = any(${sql.raw(`array[${ids.map(Number).join(',')}]::int[]`)})
    order by v.registration`);
  return rows.rows;
}
