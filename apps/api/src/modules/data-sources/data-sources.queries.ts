import type { DataSourceListQuery } from '@verdant/contracts/data-sources/list';
import type { DbOrTx } from '@verdant/db/client';
import { factSums, sumFacts } from '@verdant/db/ledger/read-model';
import { andAmong, intArray } from '@verdant/db/sql-arrays';
import { type SQL, sql } from 'drizzle-orm';
import { pendingAlertsPerMeter } from '../../lib/alert-counts.queries';

export * from './meter-alerts.queries';

const idsOf = (csv: string) => csv.split(',').map(Number);

/** A retailer's name from the retailers list. */
const retailerName = (column: SQL) => sql`(select r.name from retailers r where r.id = ${column})`;

/** The last day any input of the meter covers. */
const lastEntry = sql`greatest(
  (select max(i.date_till) from invoice_meters im join invoices i on i.organisation_id = im.organisation_id
    and i.id = im.invoice_id where im.organisation_id = m.organisation_id and im.meter_id = m.id),
  (select max(c.date_till) from consumption_records c where c.organisation_id = m.organisation_id and c.meter_id = m.id),
  (select max(t.tx_date) from transactions t where t.organisation_id = m.organisation_id and t.meter_id = m.id),
  (select max(f.purchase_date) from fuel_purchases f
    where f.organisation_id = m.organisation_id and f.meter_id = m.id),
  (select max(h.read_date) from half_hour_days h where h.organisation_id = m.organisation_id and h.meter_id = m.id)
)::text`;

/** The groups of a meter grouping the meter belongs to, joined with commas. */
const groupsIn = (groupingId: number) => sql`(select string_agg(g.name, ', ' order by lower(g.name))
  from asset_group_members gm join asset_groups g on g.organisation_id = gm.organisation_id and g.id = gm.group_id
  where gm.organisation_id = m.organisation_id and gm.asset_id = m.id and g.member_type = 'meter'
    and g.grouping_id = ${groupingId})`;

export type ListedRow = {
  id: number;
  name: string;
  meter_type: number;
  energy_id: number | null;
  measuring: string | null;
  grouping: string | null;
  unit: string | null;
  account: string | null;
  site_id: number;
  site: string;
  member_of: string | null;
  alerts: number;
  closed: boolean;
  transient: boolean;
  retailer_id: number | null;
  retailer: string | null;
  last_entry: string | null;
  figure: number;
  total: number;
  vehicle: boolean;
};

/**
 * One page of the organisation's live data sources, filtered and ordered, with the month's figure of the
 * chosen measure from the read model (each meter's own figures) and the count of pending alerts.
 */
export async function listDataSources(
  db: DbOrTx,
  organisationId: number,
  query: DataSourceListQuery,
  month: string,
  visible: number[] | null,
) {
  const sums = factSums({ organisationId, by: ['meter'], from: month, till: month, visible, totals: false });
  const value = sql.raw(`fs.${query.measure === 'co2' ? 'co2e' : query.measure}`);
  const groupingId = query.memberOf === 'site' ? null : Number(query.memberOf);
  const memberOf = groupingId === null ? sql`s.name` : groupsIn(groupingId);
  const where: SQL[] = [sql`m.organisation_id = ${organisationId}`, sql`m.deleted_at is null`];
  if (visible !== null) where.push(sql`m.id = any(${intArray(visible)})`);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, '\\$&')}%`;
    where.push(sql`(m.local_name ilike ${like} or m.account ilike ${like} or m.meter_number ilike ${like})`);
  }
  if (query.type) where.push(sql`m.meter_type = any(${intArray(idsOf(query.type))})`);
  if (query.measuring) where.push(sql`m.energy_id = any(${intArray(idsOf(query.measuring))})`);
  if (query.retailer) where.push(sql`m.retailer_id = any(${intArray(idsOf(query.retailer))})`);
  if (query.member) {
    const members = intArray(idsOf(query.member));
    where.push(
      groupingId === null
        ? sql`m.site_id = any(${members})`
        : sql`exists (select 1 from asset_group_members gm where gm.organisation_id = m.organisation_id
            and gm.asset_id = m.id and gm.group_id = any(${members}))`,
    );
  }
  const column = Math.abs(query.sort);
  const order = {
    1: sql`lower(name)`,
    2: sql`meter_type`,
    3: sql`lower(measuring)`,
    4: sql`figure`,
    5: sql`lower(member_of)`,
    6: sql`alerts`,
    7: sql`lower(retailer)`,
    8: sql`last_entry`,
  }[column];
  const dir = query.sort < 0 ? sql`desc nulls last` : sql`asc nulls first`;
  const rows = await db.execute<ListedRow>(sql`
    with listed as (
      select m.id, m.local_name as name, m.meter_type, m.energy_id, d.name as measuring, d.grouping,
        d.std_unit as unit, m.account, m.site_id, s.name as site, ${memberOf} as member_of,
        coalesce(al.n, 0)::int as alerts, m.meter_close is not null as closed,
        m.transient_meter as transient, m.retailer_id, ${retailerName(sql`m.retailer_id`)} as retailer,
        ${column === 8 ? lastEntry : sql`null::text`} as last_entry,
        coalesce(${value}, 0)::float8 as figure,
        exists (select 1 from vehicles v where v.organisation_id = m.organisation_id
          and (v.cons_meter_id = m.id or v.distance_meter_id = m.id)) as vehicle
      from meters m
      join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
      left join data_types d on d.id = m.energy_id
      left join (${sums}) fs on fs.meter_id = m.id
      left join (${pendingAlertsPerMeter(organisationId)}) al on al.meter_id = m.id
      where ${sql.join(where, sql` and `)}
    ),
    paged as (
      select *, count(*) over ()::int as total from listed
      order by ${order} ${dir}, lower(name), id
      offset ${query.offset} limit ${query.limit}
    )
    select p.id, p.name, p.meter_type, p.energy_id, p.measuring, p.grouping, p.unit, p.account, p.site_id,
      p.site, p.member_of, p.alerts, p.closed, p.transient, p.retailer_id, p.retailer, p.figure, p.total, p.vehicle,
      ${column === 8 ? sql`p.last_entry` : sql`(select ${lastEntry} from meters m where m.organisation_id = ${organisationId} and m.id = p.id)`} as last_entry
    from paged p
    order by ${order} ${dir}, lower(p.name), p.id`);
  return rows.rows;
}

/** The filters' choices: what the organisation's visible live data sources hold. */
export async function listOptions(
  db: DbOrTx,
  organisationId: number,
  visible: number[] | null,
  memberOf: string,
) {
  const seen = andAmong('m.id', visible);
  const live = sql`m.organisation_id = ${organisationId} and m.deleted_at is null ${seen}`;
  const [types, measuring, retailers, groupings, members] = await Promise.all([
    db.execute<{ id: number }>(
      sql`select distinct m.meter_type as id from meters m where ${live} order by 1`,
    ),
    db.execute<{ id: number; name: string }>(sql`
      select distinct d.id, d.name from meters m join data_types d on d.id = m.energy_id where ${live}
      order by d.name`),
    db.execute<{ id: number; name: string }>(sql`
      select distinct m.retailer_id as id, ${retailerName(sql`m.retailer_id`)} as name from meters m
      where ${live} and m.retailer_id is not null order by 2`),
    db.execute<{ id: number; name: string }>(sql`
      select g.id, g.name from groupings g where g.organisation_id = ${organisationId} and g.member_type = 'meter'
      order by lower(g.name)`),
    memberOf === 'site'
      ? db.execute<{ id: number; name: string }>(sql`
          select s.id, s.name from sites s where s.organisation_id = ${organisationId} and s.deleted_at is null
            and exists (select 1 from meters m where ${live} and m.site_id = s.id)
          order by lower(s.name)`)
      : db.execute<{ id: number; name: string }>(sql`
          select g.id, g.name from asset_groups g where g.organisation_id = ${organisationId}
            and g.member_type = 'meter' and g.grouping_id = ${Number(memberOf)} order by lower(g.name)`),
  ]);
  return {
    types: types.rows.map((r) => r.id),
    measuring: measuring.rows,
    retailers: retailers.rows,
    groupings: groupings.rows,
    members: members.rows,
  };
}

/** Live meters of the organisation among the ids, with what bulk actions and audit rows need. */
export async function metersByIds(db: DbOrTx, organisationId: number, ids: readonly number[]) {
  const rows = await db.execute<{
    id: number;
    name: string;
    meter_open: string | null;
    meter_close: string | null;
  }>(sql`
    select m.id, m.local_name as name, m.meter_open::text, m.meter_close::text from meters m
    where m.organisation_id = ${organisationId} and m.deleted_at is null and m.id = any(${intArray(ids)})
    order by m.id
    for no key update of m`);
  return rows.rows;
}

export async function setOpenDate(db: DbOrTx, organisationId: number, ids: readonly number[], date: string) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update meters set meter_open = ${date}, updated_at = now()
    where organisation_id = ${organisationId} and id = any(${intArray(ids)})`);
}

/** Delete and Don't Load: archives the meters and marks their accounts to be skipped by data loads. */
export async function archiveAndOmit(db: DbOrTx, organisationId: number, ids: readonly number[], at: Date) {
  await db.execute(sql`
    update meters set deleted_at = ${at}, dont_load = true, updated_at = now()
    where organisation_id = ${organisationId} and id = any(${intArray(ids)})`);
}

/** The names, sites and data types of the meters an export names (live and of the organisation). */
export async function exportMeters(db: DbOrTx, organisationId: number, ids: readonly number[]) {
  const rows = await db.execute<{
    id: number;
    name: string;
    site: string;
    account: string | null;
    measuring: string | null;
    unit: string | null;
    energy_type: number | null;
  }>(sql`
    select m.id, m.local_name as name, s.name as site, m.account, d.name as measuring, d.std_unit as unit,
      d.type_id as energy_type
    from meters m join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
    left join data_types d on d.id = m.energy_id
    where m.organisation_id = ${organisationId} and m.deleted_at is null and m.id = any(${intArray(ids)})
    order by lower(s.name), lower(m.local_name), m.id`);
  return rows.rows;
}

/** Each meter's own figures per month in a range (read model, every data type): the export's figures. */
export async function exportFacts(
  db: DbOrTx,
  organisationId: number,
  meterIds: readonly number[],
  from: string,
  till: string,
) {
  return sumFacts(db, {
    organisationId,
    by: ['meter', 'month'],
    from,
    till,
    visible: [...meterIds],
    totals: false,
  });
}
