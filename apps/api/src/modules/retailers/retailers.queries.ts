import type { DbOrTx } from '@verdant/db/client';
import { lineItemOverrides } from '@verdant/db/schema/line-item-overrides';
import { retailers } from '@verdant/db/schema/retailers';
import { and, asc, eq, sql } from 'drizzle-orm';

/** Retailers and their line item overrides: global rows, product administrators only. */

const retailerColumns = {
  retailerId: retailers.id,
  retailerDescr: retailers.name,
  loadId: retailers.loadId,
  stdUnit: retailers.stdUnit,
  type: retailers.type,
};

export async function listRetailers(db: DbOrTx) {
  return db
    .select(retailerColumns)
    .from(retailers)
    .orderBy(asc(sql`lower(${retailers.name})`), asc(retailers.id));
}

export async function findRetailer(db: DbOrTx, id: number) {
  const [row] = await db.select(retailerColumns).from(retailers).where(eq(retailers.id, id));
  return row;
}

export async function retailerNamed(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ id: retailers.id })
    .from(retailers)
    .where(sql`lower(${retailers.name}) = lower(${name})`);
  return row;
}

export async function insertRetailer(
  db: DbOrTx,
  values: { name: string; type: string; loadId: number | null },
) {
  const [row] = await db.insert(retailers).values(values).returning(retailerColumns);
  if (!row) throw new Error('retailer not inserted');
  return row;
}

export async function updateRetailer(
  db: DbOrTx,
  id: number,
  values: { name: string; type: string; loadId: number | null },
) {
  const [row] = await db.update(retailers).set(values).where(eq(retailers.id, id)).returning(retailerColumns);
  if (!row) throw new Error('retailer not updated');
  return row;
}

const overrideColumns = {
  retailerMappingId: lineItemOverrides.id,
  retailerId: lineItemOverrides.retailerId,
  retailerLoadingId: lineItemOverrides.billTypeId,
  lineItem: lineItemOverrides.lineItem,
  instructions: lineItemOverrides.instructions,
};
const of = (retailerId: number, typeId: number) =>
  and(eq(lineItemOverrides.retailerId, retailerId), eq(lineItemOverrides.billTypeId, typeId));

export async function overrides(db: DbOrTx, retailerId: number, typeId: number) {
  return db
    .select(overrideColumns)
    .from(lineItemOverrides)
    .where(of(retailerId, typeId))
    .orderBy(asc(sql`lower(${lineItemOverrides.lineItem})`), asc(lineItemOverrides.id));
}

export async function insertOverrides(
  db: DbOrTx,
  rows: { id?: number; retailerId: number; billTypeId: number; lineItem: string; instructions: string }[],
) {
  if (rows.length > 0) await db.insert(lineItemOverrides).values(rows);
}

export async function updateOverride(
  db: DbOrTx,
  retailerId: number,
  typeId: number,
  id: number,
  values: { lineItem: string; instructions: string },
) {
  await db
    .update(lineItemOverrides)
    .set({ ...values, updatedAt: new Date() })
    .where(and(of(retailerId, typeId), eq(lineItemOverrides.id, id)));
}

export async function deleteOverrides(db: DbOrTx, retailerId: number, typeId: number) {
  await db.delete(lineItemOverrides).where(of(retailerId, typeId));
}

/** Serialises writes to one retailer's overrides of one invoice type (the uniqueness check, then the write). */
export async function lockOverrides(db: DbOrTx, retailerId: number, typeId: number) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext('line-item-overrides'), ${retailerId * 16 + typeId})`,
  );
}
