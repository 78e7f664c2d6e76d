import type { SiteListQuery, SiteUpdate } from '@verdant/contracts/sites';
import type { DbOrTx } from '@verdant/db/client';
import { type FactEdition, factEditions, factSums, sumFacts } from '@verdant/db/ledger/read-model';
import { entities, sites } from '@verdant/db/schema/assets';
import { indicators, siteIndicatorValues } from '@verdant/db/schema/organisation';
import { andAmong, intArray } from '@verdant/db/sql-arrays';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';

/** The organisation's live sites with their list figures; `allowed` (null = all) narrows by advanced rights. */
export async function listSites(
  db: DbOrTx,
  organisationId: number,
  query: SiteListQuery,
  month: string,
  allowed: number[] | null,
  visibleMeters: number[] | null,
) {
  const sums = factSums({ organisationId, by: ['site'], from: month, till: month, visible: visibleMeters });
  const value = sql.raw(`fs.${query.measure === 'co2' ? 'co2e' : query.measure}`);
  const filters: SQL[] = [sql`s.organisation_id = ${organisationId}`, sql`s.deleted_at is null`];
  if (allowed !== null) filters.push(sql`s.id = any(${intArray(allowed)})`);
  if (query.q) filters.push(sql`s.name ilike ${`%${query.q.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (query.includeClosed !== 'true') filters.push(sql`s.site_close is null`);
  if (query.hideOpen === 'true') filters.push(sql`s.site_close is not null`);
  if (query.groups) {
    filters.push(sql`exists (select 1 from asset_group_members gm join asset_groups g
      on g.organisation_id = gm.organisation_id and g.id = gm.group_id and g.member_type = 'site' where gm.organisation_id = s.organisation_id and gm.asset_id = s.id
      and g.id = any(${`{${query.groups}}`}::int[]))`);
  }
  const order = {
    name: sql`lower(name)`,
    consumption: sql`consumption`,
    groups: sql`lower(array_to_string(groups, ', '))`,
    meters: sql`meters`,
    alerts: sql`alerts`,
  }[query.sort];
  const dir = query.dir === 'desc' ? sql`desc nulls last` : sql`asc nulls first`;
  const rows = await db.execute<{
    id: number;
    name: string;
    consumption: number;
    groups: string[];
    meters: number;
    alerts: number;
    site_open: string | null;
    site_close: string | null;
    total: number;
  }>(sql`
    with listed as (
      select s.id, s.name, s.site_open::text, s.site_close::text,
        coalesce(${value}, 0) as consumption,
        coalesce((select array_agg(g.name order by lower(g.name)) from asset_group_members gm
          join asset_groups g on g.organisation_id = gm.organisation_id and g.id = gm.group_id
            and g.member_type = 'site'
          where gm.organisation_id = s.organisation_id and gm.asset_id = s.id),
          '{}') as groups,
        (select count(*)::int from meters m
          where m.organisation_id = s.organisation_id and m.site_id = s.id and m.deleted_at is null) as meters,
        (select count(*)::int from meter_alerts a join meters m on m.organisation_id = a.organisation_id
          and m.id = a.meter_id and m.deleted_at is null
          where a.organisation_id = s.organisation_id and m.site_id = s.id and a.status = 'pending'
          ${andAmong('m.id', visibleMeters)}) as alerts
      from sites s left join (${sums}) fs on fs.site_id = s.id where ${sql.join(filters, sql` and `)}
    )
    select *, count(*) over ()::int as total from listed
    order by ${order} ${dir}, lower(name), id
    offset ${query.offset} limit ${query.limit}`);
  return rows.rows;
}

export async function countLiveSites(db: DbOrTx, organisationId: number, allowed: number[] | null) {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from sites s where s.organisation_id = ${organisationId} and s.deleted_at is null
      ${andAmong('s.id', allowed)}`);
  return rows.rows[0]?.n ?? 0;
}

export async function liveSiteIds(db: DbOrTx, organisationId: number) {
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.organisationId, organisationId), isNull(sites.deletedAt)));
  return rows.map((r) => r.id);
}

/** A live site of the organisation by id (deleted ones are not found). */
export async function findSite(db: DbOrTx, organisationId: number, id: number) {
  const [row] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.organisationId, organisationId), eq(sites.id, id), isNull(sites.deletedAt)));
  return row;
}

export async function nameTaken(db: DbOrTx, organisationId: number, name: string, exceptId?: number) {
  const rows = await db.execute<{ id: number }>(sql`
    select id from sites where organisation_id = ${organisationId} and deleted_at is null
      and lower(name) = lower(${name.trim()}) ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}
    limit 1`);
  return rows.rows.length > 0;
}

export async function insertSite(db: DbOrTx, values: typeof sites.$inferInsert) {
  const [row] = await db.insert(sites).values(values).returning();
  if (!row) throw new Error('site not inserted');
  return row;
}

export async function updateSite(db: DbOrTx, organisationId: number, id: number, values: SiteUpdate) {
  await db
    .update(sites)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(sites.organisationId, organisationId), eq(sites.id, id)));
}

export async function liveMeterCount(db: DbOrTx, organisationId: number, siteId: number) {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from meters
      where organisation_id = ${organisationId} and site_id = ${siteId} and deleted_at is null`,
  );
  return rows.rows[0]?.n ?? 0;
}

/** Archives the site and its entities with one timestamp, so a restore can bring them back together. */
export async function archiveSite(db: DbOrTx, organisationId: number, id: number, userId: number, at: Date) {
  await db
    .update(sites)
    .set({ deletedAt: at, deletedBy: userId })
    .where(and(eq(sites.organisationId, organisationId), eq(sites.id, id)));
  await db
    .update(entities)
    .set({ deletedAt: at, deletedBy: userId })
    .where(
      and(eq(entities.organisationId, organisationId), eq(entities.siteId, id), isNull(entities.deletedAt)),
    );
}

/** Every indicator a site can carry, with this site's value. */
export async function siteIndicators(db: DbOrTx, organisationId: number, siteId: number) {
  const rows = await db
    .select({
      indicatorId: indicators.id,
      description: indicators.description,
      unit: indicators.unit,
      variable: indicators.variable,
      value: siteIndicatorValues.value,
    })
    .from(indicators)
    .leftJoin(
      siteIndicatorValues,
      and(
        eq(siteIndicatorValues.indicatorId, indicators.id),
        eq(siteIndicatorValues.organisationId, organisationId),
        eq(siteIndicatorValues.siteId, siteId),
      ),
    )
    .where(inArray(indicators.appliesTo, ['site', 'both']))
    .orderBy(indicators.id);
  return rows.map((r) => ({ ...r, value: r.value === null ? null : Number(r.value) }));
}

export async function findSiteIndicator(db: DbOrTx, indicatorId: number) {
  const [row] = await db
    .select()
    .from(indicators)
    .where(and(eq(indicators.id, indicatorId), inArray(indicators.appliesTo, ['site', 'both'])));
  return row;
}

export async function setIndicatorValue(
  db: DbOrTx,
  organisationId: number,
  siteId: number,
  indicatorId: number,
  value: string | null,
) {
  await db
    .insert(siteIndicatorValues)
    .values({ organisationId, siteId, indicatorId, value })
    .onConflictDoUpdate({
      target: [siteIndicatorValues.siteId, siteIndicatorValues.indicatorId],
      set: { value },
      where: eq(siteIndicatorValues.organisationId, organisationId),
    });
}

/** Monthly sums of a measure for a list of sites between two months ('yyyy-MM-01', inclusive). */
export async function siteMonthlyFigures(
  db: DbOrTx,
  organisationId: number,
  siteIds: number[],
  from: string,
  till: string,
  visible: number[] | null,
) {
  return (await sumFacts(db, { organisationId, by: ['site', 'month'], from, till, visible, siteIds })).map(
    (r) => ({
      site_id: r.site_id ?? 0,
      month: r.month ?? '',
      cons: r.cons,
      cost: r.cost,
      co2e: r.co2e,
      units: r.units,
    }),
  );
}

/**
 * The editions of emission factors that produced the location-based kg CO2e of some sites' months (all the sites
 * the caller sees when `siteIds` is null), through the read model (docs/decisions/factor-editions.md).
 */
export function siteEditions(
  db: DbOrTx,
  organisationId: number,
  siteIds: number[] | null,
  from: string,
  till: string,
  visible: number[] | null,
): Promise<FactEdition[]> {
  if (siteIds !== null && siteIds.length === 0) return Promise.resolve([]);
  return factEditions(
    db,
    { organisationId, from, till, visible, ...(siteIds === null ? {} : { siteIds }) },
    { market: false },
  );
}

export async function siteNames(db: DbOrTx, organisationId: number, siteIds: number[]) {
  return db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(
      and(eq(sites.organisationId, organisationId), inArray(sites.id, siteIds), isNull(sites.deletedAt)),
    );
}

export async function siteMeters(db: DbOrTx, organisationId: number, siteId: number) {
  const rows = await db.execute<{
    id: number;
    name: string;
    meter_number: string | null;
    energy: string | null;
    level: number;
    closed: boolean;
  }>(sql`
    select m.id, m.local_name as name, m.meter_number, d.name as energy, m.metlvl_id as level,
      m.meter_close is not null as closed
    from meters m left join data_types d on d.id = m.energy_id
    where m.organisation_id = ${organisationId} and m.site_id = ${siteId} and m.deleted_at is null
    order by lower(m.local_name), m.id`);
  return rows.rows;
}

export async function siteEntities(db: DbOrTx, organisationId: number, siteId: number) {
  const rows = await db.execute<{
    id: number;
    name: string;
    type: string;
    facility: string | null;
    closed: boolean;
  }>(sql`
    select e.id, e.name, e.entity_type as type, f.name as facility, e.entity_close is not null as closed
    from entities e left join facilities f on f.organisation_id = e.organisation_id and f.id = e.facility_id
    where e.organisation_id = ${organisationId} and e.site_id = ${siteId} and e.deleted_at is null
    order by lower(e.name), e.id`);
  return rows.rows;
}
