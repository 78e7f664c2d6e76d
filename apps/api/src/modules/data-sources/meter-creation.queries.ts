import type { DbOrTx } from '@verdant/db/client';
import { meters, sites } from '@verdant/db/schema/assets';
import { dataTypes, units } from '@verdant/db/schema/catalogue';
import { retailers } from '@verdant/db/schema/retailers';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';

export async function findSite(db: DbOrTx, organisationId: number, siteId: number) {
  const [row] = await db
    .select({ id: sites.id, name: sites.name, siteClose: sites.siteClose })
    .from(sites)
    .where(and(eq(sites.organisationId, organisationId), eq(sites.id, siteId), isNull(sites.deletedAt)));
  return row;
}

/** A data type the organisation may use: global or its own, not retired. */
export async function findDataType(db: DbOrTx, organisationId: number, id: number) {
  const [row] = await db
    .select({ id: dataTypes.id, name: dataTypes.name, grouping: dataTypes.grouping })
    .from(dataTypes)
    .where(
      and(
        eq(dataTypes.id, id),
        eq(dataTypes.retired, false),
        or(isNull(dataTypes.organisationId), eq(dataTypes.organisationId, organisationId)),
      ),
    );
  return row;
}

/** A global data type by name (the water supply and wastewater activities of a combined account). */
export async function globalDataTypeNamed(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ id: dataTypes.id, name: dataTypes.name, defaultUnitId: dataTypes.defaultUnitId })
    .from(dataTypes)
    .where(
      and(
        isNull(dataTypes.organisationId),
        eq(dataTypes.retired, false),
        sql`lower(${dataTypes.name}) = lower(${name})`,
      ),
    )
    .orderBy(asc(dataTypes.id))
    .limit(1);
  return row;
}

/** The data type each unit belongs to. */
export async function unitTypes(db: DbOrTx, unitIds: number[]) {
  if (unitIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: units.id, dataTypeId: units.dataTypeId })
    .from(units)
    .where(inArray(units.id, unitIds));
  return new Map(rows.map((r) => [r.id, r.dataTypeId]));
}

/** A data type's standard unit (factor 1), else its first unit. */
export async function standardUnitOf(db: DbOrTx, dataTypeId: number) {
  const [row] = await db
    .select({ id: units.id })
    .from(units)
    .where(eq(units.dataTypeId, dataTypeId))
    .orderBy(sql`abs(${units.conversionToStandard} - 1)`, asc(units.id))
    .limit(1);
  return row?.id;
}

export async function retailerExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: retailers.id }).from(retailers).where(eq(retailers.id, id));
  return row !== undefined;
}

export async function insertMeter(db: DbOrTx, values: typeof meters.$inferInsert) {
  const [row] = await db.insert(meters).values(values).returning();
  if (!row) throw new Error('meter not inserted');
  return row;
}

/** The organisation's live meters with this account among data types of the given groupings. */
export async function metersWithAccount(
  db: DbOrTx,
  organisationId: number,
  account: string,
  groupings: string[],
) {
  return db
    .select({
      id: meters.id,
      address1: meters.address1,
      address2: meters.address2,
      address3: meters.address3,
      address4: meters.address4,
    })
    .from(meters)
    .innerJoin(dataTypes, eq(dataTypes.id, meters.energyId))
    .where(
      and(
        eq(meters.organisationId, organisationId),
        isNull(meters.deletedAt),
        sql`upper(replace(${meters.account}, '-', '')) = ${account.replace(/-/g, '')}`,
        inArray(sql`lower(${dataTypes.grouping})`, groupings),
      ),
    )
    .orderBy(asc(meters.id));
}
