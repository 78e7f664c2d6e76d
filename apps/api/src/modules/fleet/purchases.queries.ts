import type { DbOrTx } from '@verdant/db/client';
import { meters } from '@verdant/db/schema/assets';
import { consumptionRecords, fuelPurchases } from '@verdant/db/schema/inputs';
import { and, eq, sql } from 'drizzle-orm';

/** Fleet SQL: every query by id also filters by the organisation. */

/* A vehicle's or a card's fuel purchases, the odometer flags and the distance records they make. */

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
    from fuel_purchases f join meters m on m.organisation_id = f.organisation_id and m.id = f.meter_id join data_types d on d.id = m.energy_id
    join units u on u.id = f.unit_id
    where f.organisation_id = ${organisationId} and f.meter_id = ${meterId}
    order by f.purchase_date, f.purchase_time nulls first, f.id`);
  return rows.rows;
}

/** Incorrect-fuel purchases on the organisation's cards naming a registration. */
export async function incorrectPurchasesOf(db: DbOrTx, organisationId: number, registration: string) {
  const rows = await db.execute<PurchaseRow>(sql`select ${purchaseColumns}
    from fuel_purchases f join meters m on m.organisation_id = f.organisation_id and m.id = f.meter_id join data_types d on d.id = m.energy_id
    join units u on u.id = f.unit_id
    where f.organisation_id = ${organisationId} and f.incorrect_fuel and f.registration = ${registration}
      and m.deleted_at is null
    order by f.purchase_date, f.purchase_time nulls first, f.id`);
  return rows.rows;
}

export async function findPurchase(db: DbOrTx, organisationId: number, meterId: number, id: number) {
  const rows = await db.execute<PurchaseRow>(sql`select ${purchaseColumns}
    from fuel_purchases f join meters m on m.organisation_id = f.organisation_id and m.id = f.meter_id join data_types d on d.id = m.energy_id
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
    from fuel_purchases f join meters m on m.organisation_id = f.organisation_id and m.id = f.meter_id join data_types d on d.id = m.energy_id
    join units u on u.id = f.unit_id
    where f.organisation_id = ${organisationId}
      and f.meter_id = any(${sql.raw(`array[${meterIds.map(Number).join(',')}]::int[]`)})
      and f.purchase_date between ${from} and ${till}
    order by f.meter_id, f.purchase_date, f.purchase_time nulls first, f.id`);
  return rows.rows;
}
