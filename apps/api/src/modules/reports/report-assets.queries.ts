import type { DbOrTx } from '@verdant/db/client';
import { andAmong } from '@verdant/db/sql-arrays';
import type { Level } from '@verdant/domain/reports/report-types';
import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL of a report's asset (docs/decisions/reports.md, Assets): its name, and the live meters it adds up, with
 * what the ledger needs to count their open days (docs/domain.md, Completeness and estimates).
 */

export type AssetMeter = {
  id: number;
  site_id: number;
  local_name: string;
  site_name: string;
  energy_id: number | null;
  data_type: string | null;
  grouping: string | null;
  type_id: number | null;
  std_unit: string | null;
  meter_type: number;
  metlvl_id: number;
  meter_open: string | null;
  meter_close: string | null;
  reporting: number;
  reporting_source: string;
  situation: string;
};

/** Which meters an asset adds up (live ones), as SQL on `m`. */
function assetFilter(type: Level, id: number | null) {
  switch (type) {
    case 'site':
      return sql`m.site_id = ${id}`;
    case 'meter':
      return sql`m.id = ${id}`;
    case 'site-group':
      return sql`m.site_id in (select asset_id from asset_group_members g where g.organisation_id = m.organisation_id and g.group_id = ${id})`;
    case 'meter-group':
      return sql`m.id in (select asset_id from asset_group_members g where g.organisation_id = m.organisation_id and g.group_id = ${id})`;
    case 'vehicle':
      return sql`m.id in (select v.cons_meter_id from vehicles v where v.organisation_id = m.organisation_id and v.id = ${id})`;
    case 'entity':
      return sql`m.id in (select s.meter_id from meter_entity_shares s where s.organisation_id = m.organisation_id and s.entity_id = ${id} and s.percentage > 0)`;
    case 'facility':
      return sql`m.id in (select s.meter_id from meter_entity_shares s join entities e on e.organisation_id = s.organisation_id and e.id = s.entity_id and e.deleted_at is null where s.organisation_id = m.organisation_id and e.facility_id = ${id} and s.percentage > 0)`;
    default:
      return sql`true`;
  }
}

/** The asset's live meters that are in `visible` (null: no narrowing), with their data types. */
export async function assetMeters(
  db: DbOrTx,
  organisationId: number,
  asset: { type: Level; id: number | null },
  visible: number[] | null,
): Promise<AssetMeter[]> {
  const rows = await db.execute<AssetMeter>(sql`
    select m.id, m.site_id, m.local_name, s.name as site_name, m.energy_id, d.name as data_type, d.grouping,
      d.type_id, d.std_unit, m.meter_type, m.metlvl_id, m.meter_open::text, m.meter_close::text, m.reporting,
      m.reporting_source, m.situation
    from meters m
    join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id and s.deleted_at is null
    left join data_types d on d.id = m.energy_id
    where m.organisation_id = ${organisationId} and m.deleted_at is null and ${assetFilter(asset.type, asset.id)}
      ${andAmong('m.id', visible)}
    order by lower(s.name), lower(m.local_name), m.id`);
  return rows.rows;
}

/** The name of an asset of the organisation, or undefined when it is not one of its live assets. */
export async function assetName(
  db: DbOrTx,
  organisationId: number,
  type: Level,
  id: number | null,
): Promise<string | undefined> {
  const o = organisationId;
  const query = {
    organisation: sql`select name from organisations where id = ${o}`,
    none: sql`select name from organisations where id = ${o}`,
    site: sql`select name from sites where organisation_id = ${o} and id = ${id} and deleted_at is null`,
    meter: sql`select local_name as name from meters where organisation_id = ${o} and id = ${id} and deleted_at is null`,
    entity: sql`select name from entities where organisation_id = ${o} and id = ${id} and deleted_at is null`,
    facility: sql`select name from facilities where organisation_id = ${o} and id = ${id}`,
    vehicle: sql`select registration as name from vehicles where organisation_id = ${o} and id = ${id} and deleted_at is null`,
    'site-group': sql`select name from asset_groups where organisation_id = ${o} and id = ${id} and member_type = 'site'`,
    'meter-group': sql`select name from asset_groups where organisation_id = ${o} and id = ${id} and member_type = 'meter'`,
  }[type];
  const rows = await db.execute<{ name: string }>(query);
  return rows.rows[0]?.name;
}

/** The organisation's name and its logo's storage key. */
export async function organisationOf(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{ name: string; logo: string | null }>(sql`
    select name, logo from organisations where id = ${organisationId}`);
  return rows.rows[0];
}

/**
 * The assets of a level a report can run for: the organisation's live ones with at least one live meter the
 * caller may see (`visible` null: all of them), by name. A level without assets of its own answers the
 * organisation.
 */
export async function assetsOfLevel(
  db: DbOrTx,
  organisationId: number,
  type: Level,
  visible: number[] | null,
): Promise<{ id: number | null; name: string }[]> {
  const o = organisationId;
  const seen = (meters: SQL) => sql`${meters} ${andAmong('m.id', visible)}`;
  const live = sql`m.organisation_id = ${o} and m.deleted_at is null`;
  const query = {
    organisation: sql`select null::int as id, name from organisations where id = ${o}`,
    none: sql`select null::int as id, name from organisations where id = ${o}`,
    site: sql`select s.id, s.name from sites s where s.organisation_id = ${o} and s.deleted_at is null
      and exists (select 1 from meters m where ${seen(sql`${live} and m.site_id = s.id`)})`,
    meter: sql`select m.id, m.local_name || ' (' || s.name || ')' as name from meters m
      join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id and s.deleted_at is null
      where ${seen(live)}`,
    entity: sql`select e.id, e.name from entities e where e.organisation_id = ${o} and e.deleted_at is null
      and exists (select 1 from meter_entity_shares x join meters m on m.organisation_id = x.organisation_id
        and m.id = x.meter_id where x.organisation_id = ${o} and x.entity_id = e.id and ${seen(live)})`,
    facility: sql`select f.id, f.name from facilities f where f.organisation_id = ${o}
      and exists (select 1 from entities e join meter_entity_shares x on x.organisation_id = e.organisation_id
        and x.entity_id = e.id join meters m on m.organisation_id = x.organisation_id and m.id = x.meter_id
        where e.organisation_id = ${o} and e.facility_id = f.id and e.deleted_at is null and ${seen(live)})`,
    vehicle: sql`select v.id, v.registration as name from vehicles v where v.organisation_id = ${o}
      and v.deleted_at is null
      and exists (select 1 from meters m where ${seen(sql`${live} and m.id = v.cons_meter_id`)})`,
    'site-group': sql`select g.id, g.name from asset_groups g where g.organisation_id = ${o}
      and g.member_type = 'site' and exists (select 1 from asset_group_members x join meters m
        on m.organisation_id = x.organisation_id and m.site_id = x.asset_id
        where x.organisation_id = ${o} and x.group_id = g.id and ${seen(live)})`,
    'meter-group': sql`select g.id, g.name from asset_groups g where g.organisation_id = ${o}
      and g.member_type = 'meter' and exists (select 1 from asset_group_members x join meters m
        on m.organisation_id = x.organisation_id and m.id = x.asset_id
        where x.organisation_id = ${o} and x.group_id = g.id and ${seen(live)})`,
  }[type];
  const rows = await db.execute<{ id: number | null; name: string }>(
    sql`select * from (${query}) a order by lower(a.name), a.id`,
  );
  return rows.rows;
}
