import type { DbOrTx } from '@verdant/db/client';
import { meters, sites, vehicles } from '@verdant/db/schema/assets';
import { units } from '@verdant/db/schema/catalogue';
import { consumptionRecords, fuelPurchases } from '@verdant/db/schema/inputs';
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
    from vehicles v join sites s on s.id = v.site_id
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

export type PurchaseRow = {
  id: number;
  meter_id: number;
  date: string;
  time: string | null;
  odometer: number | null;
  quantity: number;
  cost: number;
  registration: string | null;
  incorrect_fuel: boolean;
  odometer_flag: boolean;
  fuel: string;
  unit: string;
  conversion: number;
};

const purchaseColumns = sql`f.id, f.meter_id, f.purchase_date::text as date, f.purchase_time as time,
  f.odometer, f.quantity::float8 as quantity, f.cost::float8 as cost, f.registration, f.incorrect_fuel,
  f.odometer_flag, d.name as fuel, u.name as unit, u.conversion_to_standard::float8 as conversion`;

/** A meter's purchases, oldest first. */
export async function purchasesOfMeter(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<PurchaseRow>(sql`select ${purchaseColumns}
    from fuel_purchases f join meters m on m.id = f.meter_id join data_types d on d.id = m.energy_id
    join units u on u.id = f.unit_id
    where f.organisation_id = ${organisationId} and f.meter_id = ${meterId}
    order by f.purchase_date, f.purchase_time nulls first, f.id`);
  return rows.rows;
}

/** Incorrect-fuel purchases on the organisation's cards naming a registration. */
export async function incorrectPurchasesOf(db: DbOrTx, organisationId: number, registration: string) {
  const rows = await db.execute<PurchaseRow>(sql`select ${purchaseColumns}
    from fuel_purchases f join meters m on m.id = f.meter_id join data_types d on d.id = m.energy_id
    join units u on u.id = f.unit_id
    where f.organisation_id = ${organisationId} and f.incorrect_fuel and f.registration = ${registration}
      and m.deleted_at is null
    order by f.purchase_date, f.purchase_time nulls first, f.id`);
  return rows.rows;
}

export async function findPurchase(db: DbOrTx, organisationId: number, meterId: number, id: number) {
  const rows = await db.execute<PurchaseRow>(sql`select ${purchaseColumns}
    from fuel_purchases f join meters m on m.id = f.meter_id join data_types d on d.id = m.energy_id
    join units u on u.id = f.unit_id
    where f.organisation_id = ${organisationId} and f.meter_id = ${meterId} and f.id = ${id}`);
  return rows.rows[0];
}

export async function insertPurchase(db: DbOrTx, values: typeof fuelPurchases.$inferInsert) {
  const [row] = await db.insert(fuelPurchases).values(values).returning({ id: fuelPurchases.id });
  if (!row) throw new Error('purchase not inserted');
  return row.id;
}

export async function updatePurchase(
  db: DbOrTx,
  organisationId: number,
  id: number,
  values: Partial<typeof fuelPurchases.$inferInsert>,
) {
  await db
    .update(fuelPurchases)
    .set(values)
    .where(and(eq(fuelPurchases.organisationId, organisationId), eq(fuelPurchases.id, id)));
}

export async function deletePurchase(db: DbOrTx, organisationId: number, id: number) {
  await db
    .delete(fuelPurchases)
    .where(and(eq(fuelPurchases.organisationId, organisationId), eq(fuelPurchases.id, id)));
}

/** Sets the odometer flags of a meter's purchases to the chain's answer. */
export async function setOdometerFlags(
  db: DbOrTx,
  organisationId: number,
  flagged: number[],
  meterId: number,
) {
  await db.execute(sql`update fuel_purchases set odometer_flag = (id = any(${sql.raw(
    `array[${flagged.map(Number).join(',')}]::int[]`,
  )}))
    where organisation_id = ${organisationId} and meter_id = ${meterId}`);
}

/** Replaces the distance meter's consumption records with the odometer chain's. */
export async function replaceDistanceRecords(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  unitId: number,
  records: { dateFrom: string; dateTill: string; km: number }[],
) {
  await db
    .delete(consumptionRecords)
    .where(
      and(eq(consumptionRecords.organisationId, organisationId), eq(consumptionRecords.meterId, meterId)),
    );
  if (records.length === 0) return;
  await db.insert(consumptionRecords).values(
    records.map((r) => ({
      organisationId,
      meterId,
      unitId,
      dateFrom: r.dateFrom,
      dateTill: r.dateTill,
      units: String(r.km),
    })),
  );
}

export async function meterUnit(db: DbOrTx, organisationId: number, meterId: number) {
  const [row] = await db
    .select({ unitId: meters.unitId })
    .from(meters)
    .where(and(eq(meters.organisationId, organisationId), eq(meters.id, meterId)));
  return row?.unitId ?? null;
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
          join asset_groups g on g.id = gm.group_id
          where gm.asset_id = v.cons_meter_id and g.member_type = 'meter' and g.grouping_id = ${groupingId})`;
  const rows = await db.execute<FleetListRow>(sql`
    select v.id, v.registration, v.make, v.model, v.fuel_id, d.name as fuel, v.site_id, s.name as site_name,
      v.sale_date::text, v.cons_meter_id, v.distance_meter_id, ${memberOf} as member_of
    from vehicles v join sites s on s.id = v.site_id join data_types d on d.id = v.fuel_id
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

// ---- Fuel cards -----------------------------------------------------------------------------------------

export async function cardNameTaken(db: DbOrTx, organisationId: number, name: string) {
  const rows = await db.execute<{ id: number }>(sql`select m.id from meters m
    where m.organisation_id = ${organisationId} and m.deleted_at is null and m.meter_type = 7
      and upper(m.local_name) = upper(${name})
      and not exists (select 1 from vehicles v where v.cons_meter_id = m.id)
    limit 1`);
  return rows.rows.length > 0;
}

export type CardRow = {
  id: number;
  name: string;
  site_id: number;
  site: string;
  energy_id: number;
  fuel: string;
  grouping: string;
  unit_id: number;
};

/** A live fuel card: a type 7 meter of a liquid fuel that no vehicle owns. */
export async function findCard(db: DbOrTx, organisationId: number, id: number) {
  const rows = await db.execute<CardRow>(sql`select m.id, m.local_name as name, m.site_id, s.name as site,
      m.energy_id, d.name as fuel, d.grouping, m.unit_id
    from meters m join sites s on s.id = m.site_id join data_types d on d.id = m.energy_id
    where m.organisation_id = ${organisationId} and m.id = ${id} and m.deleted_at is null and m.meter_type = 7
      and not exists (select 1 from vehicles v where v.cons_meter_id = m.id or v.distance_meter_id = m.id)`);
  return rows.rows[0];
}

/** The live vehicle with a registration, for matching card purchases. */
export async function vehicleByRegistration(db: DbOrTx, organisationId: number, registration: string) {
  const [row] = await db
    .select({ id: vehicles.id, fuelId: vehicles.fuelId })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.organisationId, organisationId),
        eq(vehicles.registration, registration),
        isNull(vehicles.deletedAt),
      ),
    );
  return row;
}

/** The vehicles of the organisation among ids (live only). */
export async function vehiclesIn(db: DbOrTx, organisationId: number, ids: number[]) {
  const rows = await db.execute<VehicleRow>(sql`select ${vehicleColumns}
    from vehicles v join sites s on s.id = v.site_id
    where v.organisation_id = ${organisationId} and v.deleted_at is null
      and v.id = any(${sql.raw(`array[${ids.map(Number).join(',')}]::int[]`)})
    order by v.registration`);
  return rows.rows;
}

/** Purchases on the vehicles' fuel meters between two dates. */
export async function purchasesBetween(
  db: DbOrTx,
  organisationId: number,
  meterIds: number[],
  from: string,
  till: string,
) {
  if (meterIds.length === 0) return [];
  const rows = await db.execute<PurchaseRow>(sql`select ${purchaseColumns}
    from fuel_purchases f join meters m on m.id = f.meter_id join data_types d on d.id = m.energy_id
    join units u on u.id = f.unit_id
    where f.organisation_id = ${organisationId}
      and f.meter_id = any(${sql.raw(`array[${meterIds.map(Number).join(',')}]::int[]`)})
      and f.purchase_date between ${from} and ${till}
    order by f.meter_id, f.purchase_date, f.purchase_time nulls first, f.id`);
  return rows.rows;
}
