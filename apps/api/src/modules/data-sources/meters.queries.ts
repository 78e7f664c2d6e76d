import type { DbOrTx } from '@verdant/db/client';
import { meters, sites } from '@verdant/db/schema/assets';
import { dataTypes, units } from '@verdant/db/schema/catalogue';
import { organisations } from '@verdant/db/schema/core';
import { meterAlertSettings } from '@verdant/db/schema/meter-settings';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';

export * from './meter-identifiers.queries';

/** A live meter of the organisation with its site, organisation, data type and unit names. */
export async function findMeter(db: DbOrTx, organisationId: number, id: number) {
  const [row] = await db
    .select({
      meter: meters,
      siteName: sites.name,
      organisationName: organisations.name,
      reportingYearEnd: organisations.reportingYearEnd,
      energy: dataTypes.name,
      energyGroup: dataTypes.grouping,
      stdUnit: dataTypes.stdUnit,
      unit: units.name,
      conversion: units.conversionToStandard,
    })
    .from(meters)
    .innerJoin(sites, and(eq(sites.organisationId, meters.organisationId), eq(sites.id, meters.siteId)))
    .innerJoin(organisations, eq(organisations.id, meters.organisationId))
    .leftJoin(dataTypes, eq(dataTypes.id, meters.energyId))
    .leftJoin(units, eq(units.id, meters.unitId))
    .where(and(eq(meters.organisationId, organisationId), eq(meters.id, id), isNull(meters.deletedAt)));
  return row;
}
export type FoundMeter = NonNullable<Awaited<ReturnType<typeof findMeter>>>;

/** The live meters a meter replaced and was replaced by (Create Replacement), either possibly absent. */
export async function replacementLinks(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db
    .select({ id: meters.id, name: meters.localName, replacesMeterId: meters.replacesMeterId })
    .from(meters)
    .where(
      and(
        eq(meters.organisationId, organisationId),
        isNull(meters.deletedAt),
        or(
          eq(meters.replacesMeterId, meterId),
          eq(
            meters.id,
            sql`(select r.replaces_meter_id from meters r where r.organisation_id = ${organisationId} and r.id = ${meterId})`,
          ),
        ),
      ),
    );
  return {
    replaces: rows.find((r) => r.replacesMeterId !== meterId),
    replacedBy: rows.find((r) => r.replacesMeterId === meterId),
  };
}

export async function alertSettings(db: DbOrTx, organisationId: number, meterId: number) {
  const [row] = await db
    .select()
    .from(meterAlertSettings)
    .where(
      and(eq(meterAlertSettings.organisationId, organisationId), eq(meterAlertSettings.meterId, meterId)),
    );
  return row;
}

export async function saveAlertSettings(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  values: Partial<typeof meterAlertSettings.$inferInsert>,
) {
  await db
    .insert(meterAlertSettings)
    .values({ organisationId, meterId, ...values })
    .onConflictDoUpdate({ target: meterAlertSettings.meterId, set: { ...values, updatedAt: sql`now()` } });
}

export async function updateMeter(
  db: DbOrTx,
  organisationId: number,
  id: number,
  values: Partial<typeof meters.$inferInsert>,
) {
  if (Object.keys(values).length === 0) return;
  await db
    .update(meters)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(meters.organisationId, organisationId), eq(meters.id, id)));
}

export async function insertMeter(db: DbOrTx, values: typeof meters.$inferInsert) {
  const [row] = await db.insert(meters).values(values).returning();
  if (!row) throw new Error('meter not inserted');
  return row;
}

export async function findUnit(db: DbOrTx, unitId: number) {
  const [row] = await db.select().from(units).where(eq(units.id, unitId));
  return row;
}

/** Whether the organisation holds a TOU or PPD contract of that id (another organisation's is not found). */
export async function contractExists(
  db: DbOrTx,
  organisationId: number,
  kind: 'tou' | 'ppd',
  id: number,
): Promise<boolean> {
  const rows = await db.execute(
    kind === 'tou'
      ? sql`select 1 from tou_contracts where organisation_id = ${organisationId} and id = ${id}`
      : sql`select 1 from ppd_contracts where organisation_id = ${organisationId} and id = ${id}`,
  );
  return rows.rows.length > 0;
}

/** A data type the organisation may use: a global one or its own, not retired. */
export async function findDataType(db: DbOrTx, organisationId: number, id: number) {
  const [row] = await db
    .select()
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

/**
 * Data types a meter of `current` may change to: usable by the organisation, not retired, not composite,
 * of the same kind (type) measuring the same quantity in the same standard unit, so every recorded input
 * keeps its meaning (docs/decisions/data-sources.md, Compatible data types).
 */
export async function compatibleTypes(
  db: DbOrTx,
  organisationId: number,
  current: typeof dataTypes.$inferSelect,
) {
  const types = await db
    .select({ id: dataTypes.id, name: dataTypes.name, grouping: dataTypes.grouping })
    .from(dataTypes)
    .where(
      and(
        ne(dataTypes.id, current.id),
        eq(dataTypes.retired, false),
        eq(dataTypes.composite, false),
        eq(dataTypes.typeId, current.typeId),
        eq(dataTypes.stdUnit, current.stdUnit),
        eq(dataTypes.standardisedUnit, current.standardisedUnit),
        or(isNull(dataTypes.organisationId), eq(dataTypes.organisationId, organisationId)),
      ),
    )
    .orderBy(sql`lower(${dataTypes.name})`);
  if (types.length === 0) return [];
  const unitRows = await db
    .select()
    .from(units)
    .where(
      inArray(
        units.dataTypeId,
        types.map((t) => t.id),
      ),
    )
    .orderBy(units.id);
  return types.map((t) => ({
    ...t,
    units: unitRows
      .filter((u) => u.dataTypeId === t.id)
      .map((u) => ({ unitId: u.id, name: u.name, conversionToStandard: Number(u.conversionToStandard) })),
  }));
}

/** Live meters of a site, or with an account, of the organisation. */
export async function meterSummaries(
  db: DbOrTx,
  organisationId: number,
  where: { siteId?: number; account?: string },
) {
  return db
    .select({
      id: meters.id,
      name: meters.localName,
      energy: dataTypes.name,
      meterNumber: meters.meterNumber,
      closed: sql<boolean>`${meters.meterClose} is not null`,
    })
    .from(meters)
    .leftJoin(dataTypes, eq(dataTypes.id, meters.energyId))
    .where(
      and(
        eq(meters.organisationId, organisationId),
        isNull(meters.deletedAt),
        where.siteId === undefined ? undefined : eq(meters.siteId, where.siteId),
        where.account === undefined ? undefined : eq(meters.account, where.account),
      ),
    )
    .orderBy(sql`lower(${meters.localName})`, meters.id);
}

export async function findLiveSite(db: DbOrTx, organisationId: number, siteId: number) {
  const [row] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.organisationId, organisationId), eq(sites.id, siteId), isNull(sites.deletedAt)));
  return row;
}
