import type { EntityType } from '@verdant/contracts/entities';
import type { DbOrTx } from '@verdant/db/client';
import { factSums } from '@verdant/db/ledger/read-model';
import { entities, facilities, meters, sites } from '@verdant/db/schema/assets';
import { dataTypes } from '@verdant/db/schema/catalogue';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

export interface ListFilter {
  q?: string;
  includeClosed: boolean;
  hideOpen: boolean;
  types: EntityType[];
  sort: 'name' | 'facility' | 'site' | 'consumption' | 'type';
  dir: 'asc' | 'desc';
}

export interface ListRow {
  id: number;
  name: string;
  facilityName: string | null;
  siteId: number;
  siteName: string;
  type: EntityType;
  closed: boolean;
  /** kWh of the month distributed to the entity; null when no meter shares its consumption with it. */
  consumption: number | null;
}

/** The month and the caller's visible meters the consumption column is read for. */
export interface Figures {
  month: string;
  visible: number[] | null;
}

/** The spec: an asset with a close date shows as closed. */
const closedSql = sql`(e.entity_close is not null)`;

function listWhere(organisationId: number, f: ListFilter) {
  const parts = [
    sql`e.organisation_id = ${organisationId}`,
    sql`e.deleted_at is null`,
    sql`s.deleted_at is null`,
  ];
  if (f.q) parts.push(sql`e.name ilike ${`%${f.q.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (!f.includeClosed) parts.push(sql`not ${closedSql}`);
  if (f.hideOpen) parts.push(closedSql);
  if (f.types.length > 0)
    parts.push(
      sql`e.entity_type in (${sql.join(
        f.types.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  return sql.join(parts, sql` and `);
}

const ORDER = {
  name: sql`lower(e.name)`,
  facility: sql`lower(f.name)`,
  site: sql`lower(s.name)`,
  consumption: sql`consumption`,
  type: sql`e.entity_type`,
};

/** The entities matching a filter, sorted; a page of them when a limit is given, else every one. */
export async function listEntities(
  db: DbOrTx,
  organisationId: number,
  f: ListFilter,
  figures: Figures,
  page?: { offset: number; limit: number },
) {
  const where = listWhere(organisationId, f);
  const sums = factSums({
    organisationId,
    by: ['entity'],
    from: figures.month,
    till: figures.month,
    visible: figures.visible,
  });
  const dir = f.dir === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  const paging = page ? sql`offset ${page.offset} limit ${page.limit}` : sql``;
  const rows = await db.execute<{
    id: number;
    name: string;
    facility_name: string | null;
    site_id: number;
    site_name: string;
    entity_type: EntityType;
    closed: boolean;
    consumption: number | null;
  }>(sql`
    select e.id, e.name, f.name as facility_name, s.id as site_id, s.name as site_name, e.entity_type,
      ${closedSql} as closed,
      case when exists (select 1 from meter_entity_shares sh where sh.organisation_id = e.organisation_id
          and sh.entity_id = e.id and sh.percentage > 0)
        then coalesce(fs.cons, 0) end as consumption
    from entities e
    join sites s on s.organisation_id = e.organisation_id and s.id = e.site_id
    left join facilities f on f.organisation_id = e.organisation_id and f.id = e.facility_id
    left join (${sums}) fs on fs.entity_id = e.id
    where ${where}
    order by ${ORDER[f.sort]} ${dir}, lower(e.name), e.id
    ${paging}`);
  return rows.rows.map(
    (r): ListRow => ({
      id: r.id,
      name: r.name,
      facilityName: r.facility_name,
      siteId: r.site_id,
      siteName: r.site_name,
      type: r.entity_type,
      closed: r.closed,
      consumption: r.consumption === null ? null : Math.round(Number(r.consumption) * 1000) / 1000,
    }),
  );
}

export async function countEntities(db: DbOrTx, organisationId: number, f: ListFilter) {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from entities e
      join sites s on s.organisation_id = e.organisation_id and s.id = e.site_id
    where ${listWhere(organisationId, f)}`);
  return rows.rows[0]?.n ?? 0;
}

export async function findSite(db: DbOrTx, organisationId: number, siteId: number) {
  const [row] = await db
    .select({ id: sites.id, name: sites.name, organisationId: sites.organisationId })
    .from(sites)
    .where(and(eq(sites.organisationId, organisationId), eq(sites.id, siteId), isNull(sites.deletedAt)));
  return row;
}

export async function siteFacilities(db: DbOrTx, organisationId: number, siteId: number) {
  return db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(and(eq(facilities.organisationId, organisationId), eq(facilities.siteId, siteId)))
    .orderBy(asc(sql`lower(${facilities.name})`));
}

/** The facility of that name at the site (case-insensitively), created when there is none. */
export async function facilityNamed(
  db: DbOrTx,
  site: { id: number; organisationId: number },
  name: string,
): Promise<number> {
  const [found] = await db
    .select({ id: facilities.id })
    .from(facilities)
    .where(
      and(
        eq(facilities.organisationId, site.organisationId),
        eq(facilities.siteId, site.id),
        sql`lower(${facilities.name}) = lower(${name})`,
      ),
    );
  if (found) return found.id;
  const [created] = await db
    .insert(facilities)
    .values({ organisationId: site.organisationId, siteId: site.id, name })
    .returning({ id: facilities.id });
  if (!created) throw new Error('facility not created');
  return created.id;
}

export interface SiteMeter {
  id: number;
  name: string;
  grouping: string | null;
}

/** The live meters of a site with their data type's grouping (Electricity, Water, ...). */
export async function siteMeters(db: DbOrTx, organisationId: number, siteId: number): Promise<SiteMeter[]> {
  return db
    .select({ id: meters.id, name: meters.localName, grouping: dataTypes.grouping })
    .from(meters)
    .leftJoin(dataTypes, eq(dataTypes.id, meters.energyId))
    .where(
      and(eq(meters.organisationId, organisationId), eq(meters.siteId, siteId), isNull(meters.deletedAt)),
    )
    .orderBy(asc(sql`lower(${meters.localName})`), asc(meters.id));
}

export async function insertEntity(db: DbOrTx, values: typeof entities.$inferInsert) {
  const [row] = await db.insert(entities).values(values).returning({ id: entities.id });
  if (!row) throw new Error('entity not created');
  return row.id;
}

export async function findEntity(db: DbOrTx, organisationId: number, id: number) {
  const [row] = await db
    .select({ entity: entities, siteName: sites.name, facilityName: facilities.name })
    .from(entities)
    .innerJoin(sites, and(eq(sites.organisationId, entities.organisationId), eq(sites.id, entities.siteId)))
    .leftJoin(
      facilities,
      and(eq(facilities.organisationId, entities.organisationId), eq(facilities.id, entities.facilityId)),
    )
    .where(
      and(
        eq(entities.organisationId, organisationId),
        eq(entities.id, id),
        isNull(entities.deletedAt),
        isNull(sites.deletedAt),
      ),
    );
  return row;
}
export type EntityRecord = NonNullable<Awaited<ReturnType<typeof findEntity>>>;

export async function updateEntity(
  db: DbOrTx,
  organisationId: number,
  id: number,
  values: Partial<typeof entities.$inferInsert>,
) {
  await db
    .update(entities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(entities.organisationId, organisationId), eq(entities.id, id)));
}

export async function lookupExists(db: DbOrTx, list: string, id: number) {
  const rows = await db.execute<{ ok: boolean }>(
    sql`select exists (select 1 from lookup_items where list = ${list} and id = ${id}) as ok`,
  );
  return rows.rows[0]?.ok === true;
}
