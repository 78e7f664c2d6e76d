import type { DeletedAssetType } from '@verdant/contracts/deleted-assets';
import type { DbOrTx } from '@verdant/db/client';
import { intArray } from '@verdant/db/sql-arrays';
import { DELETED_DATA_KEPT_MONTHS } from '@verdant/domain/constants';
import { type SQL, sql } from 'drizzle-orm';

const kept = sql.raw(`interval '${DELETED_DATA_KEPT_MONTHS} months'`);

export type DeletedRow = {
  id: number;
  organisation_id: number;
  organisation: string;
  site_id: number;
  site: string;
  name: string;
  deleted_at: Date;
  deleted_by: string | null;
  deleted_on: string;
  purge_on: string;
  total: number;
};

/**
 * Who deleted the asset: the user the row names, else the person the history (audit_events) names on the
 * asset's latest 'delete' (data sources and vehicles do not record it on the row).
 */
function deletedBy(column: SQL | null, assetType: string): SQL {
  const named = column
    ? sql`(select u.first_name || ' ' || u.surname from users u where u.id = ${column})`
    : sql`null::text`;
  return sql`coalesce(${named}, (select e.actor_name from audit_events e
      where e.organisation_id = a.organisation_id and e.asset_type = ${assetType} and e.asset_id = a.id
        and e.action = 'delete'
      order by e.occurred_at desc, e.id desc limit 1)) as deleted_by`;
}

/** A vehicle's fuel and distance meters: archived and restored with it, never listed as data sources. */
const vehicleMeter = sql`exists (select 1 from vehicles v where v.organisation_id = a.organisation_id
  and a.id in (v.cons_meter_id, v.distance_meter_id))`;

/** One select per type, with the same columns, so listing and lookup share it. */
function archived(type: DeletedAssetType): SQL {
  const dates = sql`to_char(a.deleted_at, 'YYYY-MM-DD') as deleted_on,
    to_char(a.deleted_at + ${kept}, 'YYYY-MM-DD') as purge_on`;
  switch (type) {
    case 'sites':
      return sql`select a.id, a.organisation_id, o.name as organisation, a.id as site_id, a.name as site,
        a.name, a.deleted_at, ${deletedBy(sql`a.deleted_by`, 'site')}, ${dates}
        from sites a join organisations o on o.id = a.organisation_id where a.deleted_at is not null`;
    case 'entities':
      return sql`select a.id, a.organisation_id, o.name as organisation, a.site_id, s.name as site,
        a.name, a.deleted_at, ${deletedBy(sql`a.deleted_by`, 'entity')}, ${dates}
        from entities a join sites s on s.organisation_id = a.organisation_id and s.id = a.site_id
        join organisations o on o.id = a.organisation_id
        where a.deleted_at is not null`;
    case 'data-sources':
      return sql`select a.id, a.organisation_id, o.name as organisation, a.site_id, s.name as site,
        a.local_name as name, a.deleted_at, ${deletedBy(null, 'meter')}, ${dates}
        from meters a join sites s on s.organisation_id = a.organisation_id and s.id = a.site_id
        join organisations o on o.id = a.organisation_id
        where a.deleted_at is not null and not ${vehicleMeter}`;
    case 'vehicles':
      return sql`select a.id, a.organisation_id, o.name as organisation, a.site_id, s.name as site,
        a.registration as name, a.deleted_at, ${deletedBy(null, 'vehicle')}, ${dates}
        from vehicles a join sites s on s.organisation_id = a.organisation_id and s.id = a.site_id
        join organisations o on o.id = a.organisation_id
        where a.deleted_at is not null`;
  }
}

/** Archived assets of one type across every organisation, newest first. */
export async function listArchived(db: DbOrTx, type: DeletedAssetType, offset: number, limit: number) {
  const rows = await db.execute<DeletedRow>(sql`
    select x.*, count(*) over ()::int as total from (${archived(type)}) x
    order by x.deleted_at desc, x.id desc offset ${offset} limit ${limit}`);
  return rows.rows;
}

/** One archived asset, locked so a restore, a purge and the sweeper never work on it at once. */
export async function findArchived(db: DbOrTx, type: DeletedAssetType, id: number) {
  const table = sql.raw(type === 'data-sources' ? 'meters' : type);
  const locked = await db.execute(
    sql`select id from ${table} where id = ${id} and deleted_at is not null for update`,
  );
  if (locked.rows.length === 0) return undefined;
  const rows = await db.execute<DeletedRow>(
    sql`select x.*, 0 as total from (${archived(type)}) x where x.id = ${id}`,
  );
  return rows.rows[0];
}

export async function liveSiteNamed(db: DbOrTx, organisationId: number, name: string) {
  const rows = await db.execute<{ id: number }>(sql`
    select id from sites where organisation_id = ${organisationId} and lower(name) = lower(${name})
      and deleted_at is null limit 1`);
  return rows.rows.length > 0;
}

export async function siteIsLive(db: DbOrTx, organisationId: number, siteId: number) {
  const rows = await db.execute(sql`select 1 from sites
    where organisation_id = ${organisationId} and id = ${siteId} and deleted_at is null`);
  return rows.rows.length > 0;
}

export async function liveChildren(db: DbOrTx, organisationId: number, siteId: number) {
  const rows = await db.execute<{ n: number }>(sql`
    select (select count(*) from meters
        where organisation_id = ${organisationId} and site_id = ${siteId} and deleted_at is null)
      + (select count(*) from entities
        where organisation_id = ${organisationId} and site_id = ${siteId} and deleted_at is null) as n`);
  return Number(rows.rows[0]?.n ?? 0);
}

/** Brings a site back with the entities archived with it (same timestamp). */
export async function restoreSite(db: DbOrTx, organisationId: number, siteId: number) {
  await db.execute(sql`update entities e set deleted_at = null, deleted_by = null
    from sites s where s.organisation_id = ${organisationId} and s.id = ${siteId}
      and e.organisation_id = s.organisation_id and e.site_id = s.id and e.deleted_at = s.deleted_at`);
  await db.execute(sql`update sites set deleted_at = null, deleted_by = null
    where organisation_id = ${organisationId} and id = ${siteId}`);
}

export async function restoreEntity(db: DbOrTx, organisationId: number, id: number) {
  await db.execute(sql`update entities set deleted_at = null, deleted_by = null
    where organisation_id = ${organisationId} and id = ${id}`);
}

/** The fuel and distance meters of a vehicle. */
export async function vehicleMeters(db: DbOrTx, organisationId: number, id: number) {
  const rows = await db.execute<{ cons_meter_id: number; distance_meter_id: number }>(sql`
    select cons_meter_id, distance_meter_id from vehicles where organisation_id = ${organisationId} and id = ${id}`);
  const v = rows.rows[0];
  return v ? [v.cons_meter_id, v.distance_meter_id] : [];
}

export async function liveVehicleRegistered(db: DbOrTx, organisationId: number, registration: string) {
  const rows = await db.execute(sql`select 1 from vehicles
    where organisation_id = ${organisationId} and registration = ${registration} and deleted_at is null`);
  return rows.rows.length > 0;
}

/** Brings a vehicle back with its fuel and distance meters. */
export async function restoreVehicle(db: DbOrTx, organisationId: number, id: number, meterIds: number[]) {
  await db.execute(
    sql`update vehicles set deleted_at = null where organisation_id = ${organisationId} and id = ${id}`,
  );
  await db.execute(sql`update meters set deleted_at = null
    where organisation_id = ${organisationId} and id = any(${intArray(meterIds)})`);
}

export async function restoreMeter(db: DbOrTx, organisationId: number, id: number) {
  await db.execute(
    sql`update meters set deleted_at = null where organisation_id = ${organisationId} and id = ${id}`,
  );
}

/** Archived meters and entities of the given sites (the site's own, purged with it). */
export async function archivedChildren(db: DbOrTx, siteIds: readonly number[]) {
  if (siteIds.length === 0) return { meterIds: [], entityIds: [] };
  const meters = await db.execute<{ id: number }>(
    sql`select id from meters where site_id = any(${intArray(siteIds)}) and deleted_at is not null for update`,
  );
  const entities = await db.execute<{ id: number }>(
    sql`select id from entities where site_id = any(${intArray(siteIds)}) and deleted_at is not null for update`,
  );
  return { meterIds: meters.rows.map((r) => r.id), entityIds: entities.rows.map((r) => r.id) };
}

/** Ids archived before the cut-off, locked; rows another process holds are skipped, not waited for. */
export async function expiredIds(db: DbOrTx, table: 'sites' | 'meters' | 'entities', cutoff: Date) {
  const rows = await db.execute<{ id: number }>(sql`
    select id from ${sql.raw(table)} where deleted_at < ${cutoff}::timestamptz - ${kept}
    order by id for update skip locked`);
  return rows.rows.map((r) => r.id);
}

/** Of the given sites, those with nothing left beneath them (live or archived). */
export async function emptySites(db: DbOrTx, siteIds: readonly number[]) {
  if (siteIds.length === 0) return [];
  const rows = await db.execute<{ id: number }>(sql`
    select s.id from sites s where s.id = any(${intArray(siteIds)})
      and not exists (select 1 from meters m where m.site_id = s.id)
      and not exists (select 1 from entities e where e.site_id = s.id)`);
  return rows.rows.map((r) => r.id);
}

type Owner = 'site' | 'entity' | 'meter';

/** Rows that point at assets without a foreign key: files, advanced rights, group memberships. */
async function deleteLooseReferences(db: DbOrTx, owner: Owner, ids: readonly number[]) {
  const files = await db.execute<{ storage_key: string }>(sql`
    delete from files where owner_type = ${owner} and owner_id = any(${intArray(ids)}) returning storage_key`);
  await db.execute(sql`delete from advanced_rights
    where asset_type = ${owner} and asset_id = any(${intArray(ids)})`);
  if (owner !== 'entity') {
    await db.execute(sql`delete from asset_group_members gm using asset_groups g
      where g.id = gm.group_id and g.member_type = ${owner} and gm.asset_id = any(${intArray(ids)})`);
  }
  return files.rows.map((r) => r.storage_key);
}

/** Deletes archived meters for good; their facts must already be gone. Answers the files' storage keys. */
export async function deleteMeters(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const arr = intArray(ids);
  const keys = await deleteLooseReferences(db, 'meter', ids);
  await db.execute(sql`update meters set parent_meter_id = null where parent_meter_id = any(${arr})`);
  await db.execute(sql`update entity_pumps set power_meter_id = null where power_meter_id = any(${arr})`);
  await db.execute(sql`update entity_pumps set flow_meter_id = null where flow_meter_id = any(${arr})`);
  await db.execute(
    sql`update entity_wastewater_plants set influent_meter_id = null where influent_meter_id = any(${arr})`,
  );
  await db.execute(sql`delete from meters where id = any(${arr})`);
  return keys;
}

export async function deleteEntities(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const keys = await deleteLooseReferences(db, 'entity', ids);
  await db.execute(sql`delete from entities where id = any(${intArray(ids)})`);
  return keys;
}

/** Deletes sites that have nothing beneath them any more (facilities and indicator values cascade). */
export async function deleteSites(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const keys = await deleteLooseReferences(db, 'site', ids);
  await db.execute(sql`delete from sites where id = any(${intArray(ids)})`);
  return keys;
}

/** Only one sweeper at a time across processes; the others skip this round. */
export async function trySweeperLock(db: DbOrTx) {
  const rows = await db.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtext('verdant.deleted-assets.purge')) as locked`,
  );
  return rows.rows[0]?.locked === true;
}
