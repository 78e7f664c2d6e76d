import type { DbOrTx } from '@verdant/db/client';
import { entities, meterEntityShares, meters, sites } from '@verdant/db/schema/assets';
import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';

/** The live meter with its site (locked for the write when asked, so concurrent saves queue). */
export async function findMeter(db: DbOrTx, organisationId: number, meterId: number, lock = false) {
  const query = db
    .select({ id: meters.id, name: meters.localName, siteId: meters.siteId })
    .from(meters)
    .where(and(eq(meters.organisationId, organisationId), eq(meters.id, meterId), isNull(meters.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export interface ShareRow {
  entityId: number;
  entityName: string;
  siteName: string;
  validFrom: string;
  percCons: number;
  percNote: number;
}

/** Every share of the meter on live entities, newest distribution first. */
export async function sharesOf(db: DbOrTx, organisationId: number, meterId: number): Promise<ShareRow[]> {
  return db
    .select({
      entityId: meterEntityShares.entityId,
      entityName: entities.name,
      siteName: sites.name,
      validFrom: meterEntityShares.validFrom,
      percCons: sql<number>`${meterEntityShares.percentage}::float8`,
      percNote: sql<number>`coalesce(${meterEntityShares.notePercentage}, 0)::float8`,
    })
    .from(meterEntityShares)
    .innerJoin(
      entities,
      and(
        eq(entities.organisationId, meterEntityShares.organisationId),
        eq(entities.id, meterEntityShares.entityId),
      ),
    )
    .innerJoin(sites, and(eq(sites.organisationId, entities.organisationId), eq(sites.id, entities.siteId)))
    .where(
      and(
        eq(meterEntityShares.organisationId, organisationId),
        eq(meterEntityShares.meterId, meterId),
        isNull(entities.deletedAt),
      ),
    )
    .orderBy(desc(meterEntityShares.validFrom), asc(sql`lower(${entities.name})`), asc(entities.id));
}

/** Live entities of a site, or of the given ids, with their site's name. */
export async function liveEntities(
  db: DbOrTx,
  organisationId: number,
  where: { siteId: number } | { ids: number[] },
) {
  return db
    .select({ id: entities.id, name: entities.name, siteName: sites.name })
    .from(entities)
    .innerJoin(sites, and(eq(sites.organisationId, entities.organisationId), eq(sites.id, entities.siteId)))
    .where(
      and(
        eq(entities.organisationId, organisationId),
        isNull(entities.deletedAt),
        isNull(sites.deletedAt),
        'siteId' in where
          ? eq(entities.siteId, where.siteId)
          : inArray(entities.id, where.ids.length ? where.ids : [-1]),
      ),
    )
    .orderBy(asc(sql`lower(${entities.name})`), asc(entities.id));
}

/** Drops the meter's shares from a date on (every share when no date). */
export async function deleteShares(db: DbOrTx, organisationId: number, meterId: number, from: string | null) {
  await db
    .delete(meterEntityShares)
    .where(
      and(
        eq(meterEntityShares.organisationId, organisationId),
        eq(meterEntityShares.meterId, meterId),
        from === null ? undefined : gte(meterEntityShares.validFrom, from),
      ),
    );
}

export async function insertShares(db: DbOrTx, rows: (typeof meterEntityShares.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(meterEntityShares).values(rows);
}
