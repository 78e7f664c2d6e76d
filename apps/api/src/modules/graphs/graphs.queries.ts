import type { DbOrTx } from '@verdant/db/client';
import { andAmong, intArray } from '@verdant/db/sql-arrays';
import type { GraphAssetType } from '@verdant/domain/graphs/series';
import { sql } from 'drizzle-orm';

export interface AssetRef {
  type: GraphAssetType;
  id: number;
}

/**
 * The live meters behind each asset (one statement for the whole list): an organisation's, a site's, a site
 * group's sites', a source group's, an entity's (those sharing with it at any time), a vehicle's two, or the
 * meter itself. Answers null for an asset that is not in the organisation (missing, deleted, another's).
 */
export async function assetMeters(
  db: DbOrTx,
  organisationId: number,
  assets: readonly AssetRef[],
): Promise<(number[] | null)[]> {
  if (assets.length === 0) return [];
  const input = JSON.stringify(assets.map((a, n) => ({ n, type: a.type, id: a.id })));
  const rows = await db.execute<{ n: number; found: boolean; meters: number[] | null }>(sql`
    with input as (
      select x.n, x.type, x.id from jsonb_to_recordset(${input}::jsonb) as x(n int, type text, id int)
    ),
    live as (select id, site_id from meters where organisation_id = ${organisationId} and deleted_at is null)
    select i.n,
      case i.type
        when 'organisation' then i.id = ${organisationId}
        when 'site' then exists (select 1 from sites s where s.organisation_id = ${organisationId} and s.id = i.id and s.deleted_at is null)
        when 'meter' then exists (select 1 from live l where l.id = i.id)
        when 'entity' then exists (select 1 from entities e where e.organisation_id = ${organisationId} and e.id = i.id and e.deleted_at is null)
        when 'vehicle' then exists (select 1 from vehicles v where v.organisation_id = ${organisationId} and v.id = i.id and v.deleted_at is null)
        when 'site-group' then exists (select 1 from asset_groups g where g.organisation_id = ${organisationId} and g.id = i.id and g.member_type = 'site')
        when 'meter-group' then exists (select 1 from asset_groups g where g.organisation_id = ${organisationId} and g.id = i.id and g.member_type = 'meter')
        else false
      end as found,
      case i.type
        when 'organisation' then (select array_agg(l.id order by l.id) from live l)
        when 'site' then (select array_agg(l.id order by l.id) from live l where l.site_id = i.id)
        when 'meter' then array[i.id]
        when 'entity' then (select array_agg(distinct sh.meter_id) from meter_entity_shares sh
          join live l on l.id = sh.meter_id where sh.organisation_id = ${organisationId} and sh.entity_id = i.id)
        when 'vehicle' then (select array[v.cons_meter_id, v.distance_meter_id] from vehicles v
          where v.organisation_id = ${organisationId} and v.id = i.id)
        when 'site-group' then (select array_agg(l.id order by l.id) from asset_group_members gm
          join live l on l.site_id = gm.asset_id where gm.organisation_id = ${organisationId} and gm.group_id = i.id)
        when 'meter-group' then (select array_agg(l.id order by l.id) from asset_group_members gm
          join live l on l.id = gm.asset_id where gm.organisation_id = ${organisationId} and gm.group_id = i.id)
      end as meters
    from input i order by i.n`);
  return rows.rows.map((r) => (r.found ? (r.meters ?? []) : null));
}

export type DataTypeRow = {
  id: number;
  name: string;
  std_unit: string;
  standardised_unit: string;
  type_id: number;
};

/** The data types of the given meters (their current ones), by name. */
export async function meterDataTypes(db: DbOrTx, organisationId: number, meterIds: readonly number[] | null) {
  const only = andAmong('m.id', meterIds);
  const rows = await db.execute<DataTypeRow>(sql`
    select distinct d.id, d.name, d.std_unit, d.standardised_unit, d.type_id
    from meters m join data_types d on d.id = m.energy_id
    where m.organisation_id = ${organisationId} and m.deleted_at is null ${only}
    order by d.name, d.id`);
  return rows.rows;
}

export type ChildRow = {
  type: 'site' | 'meter';
  id: number;
  name: string;
};

/** Sites of the organisation, or of a site group; meters of a site, a source group or a vehicle. */
export async function childAssets(db: DbOrTx, organisationId: number, parent: AssetRef): Promise<ChildRow[]> {
  const o = organisationId;
  const query = {
    organisation: sql`select 'site' as type, s.id, s.name from sites s
      where s.organisation_id = ${o} and s.deleted_at is null`,
    'site-group': sql`select 'site' as type, s.id, s.name from asset_group_members gm
      join sites s on s.id = gm.asset_id and s.organisation_id = gm.organisation_id and s.deleted_at is null
      where gm.organisation_id = ${o} and gm.group_id = ${parent.id}`,
    site: sql`select 'meter' as type, m.id, m.local_name as name from meters m
      where m.organisation_id = ${o} and m.site_id = ${parent.id} and m.deleted_at is null`,
    'meter-group': sql`select 'meter' as type, m.id, m.local_name as name from asset_group_members gm
      join meters m on m.id = gm.asset_id and m.organisation_id = gm.organisation_id and m.deleted_at is null
      where gm.organisation_id = ${o} and gm.group_id = ${parent.id}`,
    vehicle: sql`select 'meter' as type, m.id, m.local_name as name from vehicles v
      join meters m on m.organisation_id = v.organisation_id and m.id in (v.cons_meter_id, v.distance_meter_id)
      where v.organisation_id = ${o} and v.id = ${parent.id} and m.deleted_at is null`,
  }[parent.type as 'organisation' | 'site-group' | 'site' | 'meter-group' | 'vehicle'];
  if (!query) return [];
  const rows = await db.execute<ChildRow>(sql`select * from (${query}) c order by lower(c.name), c.id`);
  return rows.rows;
}

export type GroupRow = {
  id: number;
  member_type: 'site' | 'meter';
  name: string;
  grouping: string | null;
};

/** Every site group and source group of the organisation, grouping by grouping. */
export async function organisationGroups(db: DbOrTx, organisationId: number): Promise<GroupRow[]> {
  const rows = await db.execute<GroupRow>(sql`
    select g.id, g.member_type, g.name, gr.name as grouping
    from asset_groups g left join groupings gr on gr.organisation_id = g.organisation_id and gr.id = g.grouping_id
    where g.organisation_id = ${organisationId}
    order by gr.name nulls last, lower(g.name), g.id`);
  return rows.rows;
}

/** The reporting year end and time zone of the organisation. */
/** Which of the meters wait for the ledger's recompute. */
export async function pendingMeters(db: DbOrTx, organisationId: number, meterIds: readonly number[] | null) {
  const only = andAmong('meter_id', meterIds);
  const rows = await db.execute<{ meter_id: number }>(sql`
    select meter_id from ledger_pending where organisation_id = ${organisationId} ${only}`);
  return new Set(rows.rows.map((r) => Number(r.meter_id)));
}

/** The standard unit of each data type asked for. */
export async function dataTypeUnits(
  db: DbOrTx,
  organisationId: number,
  dataTypeIds: readonly number[],
): Promise<Map<number, string>> {
  if (dataTypeIds.length === 0) return new Map();
  const rows = await db.execute<{ id: number; std_unit: string }>(sql`
    select id, std_unit from data_types
    where id = any(${intArray(dataTypeIds)}) and (organisation_id is null or organisation_id = ${organisationId})`);
  return new Map(rows.rows.map((r) => [Number(r.id), r.std_unit]));
}
