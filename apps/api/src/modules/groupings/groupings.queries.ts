import type { DbOrTx } from '@verdant/db/client';
import { energyReportingGroups } from '@verdant/db/schema/catalogue';
import { assetGroups, groupings } from '@verdant/db/schema/groups';
import { andAmong, intArray } from '@verdant/db/sql-arrays';
import { and, eq, sql } from 'drizzle-orm';

/** SQL of groupings, groups and their members. Every statement filters by organisation. */
export type MemberType = 'site' | 'meter';

export async function listGroupings(db: DbOrTx, organisationId: number, type: MemberType) {
  return db
    .select({ id: groupings.id, name: groupings.name, controlled: groupings.controlled })
    .from(groupings)
    .where(and(eq(groupings.organisationId, organisationId), eq(groupings.memberType, type)))
    .orderBy(sql`lower(${groupings.name})`);
}

export async function findGrouping(db: DbOrTx, organisationId: number, id: number) {
  const [row] = await db
    .select()
    .from(groupings)
    .where(and(eq(groupings.organisationId, organisationId), eq(groupings.id, id)));
  return row;
}

export type GroupRow = {
  id: number;
  name: string;
  grouping_id: number | null;
  members: number[];
};

/** The groups of one member type with their members' ids (all members: counts are the group's own). */
export async function listGroups(
  db: DbOrTx,
  organisationId: number,
  type: MemberType,
  groupIds?: number[],
): Promise<GroupRow[]> {
  const only = andAmong('g.id', groupIds ?? null);
  const rows = await db.execute<GroupRow>(sql`
    select g.id, g.name, g.grouping_id,
      coalesce(array_agg(m.asset_id order by m.asset_id) filter (where m.asset_id is not null), '{}') as members
    from asset_groups g
    left join asset_group_members m on m.organisation_id = g.organisation_id and m.group_id = g.id
    where g.organisation_id = ${organisationId} and g.member_type = ${type} ${only}
    group by g.id order by lower(g.name), g.id`);
  return rows.rows;
}

export async function groupingNameTaken(
  db: DbOrTx,
  organisationId: number,
  type: MemberType,
  name: string,
  exceptId = 0,
) {
  const rows = await db.execute(sql`select 1 from groupings where organisation_id = ${organisationId}
    and member_type = ${type} and lower(name) = lower(${name}) and id <> ${exceptId}`);
  return rows.rows.length > 0;
}

/** Group names are unique within an organisation and member type, controlled or not. */
export async function groupNameTaken(
  db: DbOrTx,
  organisationId: number,
  type: MemberType,
  name: string,
  exceptId = 0,
) {
  const rows = await db.execute(sql`select 1 from asset_groups where organisation_id = ${organisationId}
    and member_type = ${type} and lower(name) = lower(${name}) and id <> ${exceptId}`);
  return rows.rows.length > 0;
}

export async function insertGrouping(
  db: DbOrTx,
  values: { organisationId: number; memberType: MemberType; name: string; controlled: boolean },
) {
  const [row] = await db.insert(groupings).values(values).returning();
  if (!row) throw new Error('grouping not inserted');
  return row;
}

export async function insertGroup(
  db: DbOrTx,
  values: { organisationId: number; memberType: MemberType; name: string; groupingId: number | null },
) {
  const [row] = await db.insert(assetGroups).values(values).returning();
  if (!row) throw new Error('group not inserted');
  return row;
}

export async function renameGrouping(db: DbOrTx, organisationId: number, id: number, name: string) {
  await db
    .update(groupings)
    .set({ name })
    .where(and(eq(groupings.organisationId, organisationId), eq(groupings.id, id)));
}

export async function updateGroup(
  db: DbOrTx,
  organisationId: number,
  id: number,
  values: { name?: string; groupingId?: number | null },
) {
  await db
    .update(assetGroups)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(assetGroups.organisationId, organisationId), eq(assetGroups.id, id)));
}

/** The group's members that already belong to another group of the grouping (a controlled grouping refuses them). */
export async function duplicateAssets(
  db: DbOrTx,
  organisationId: number,
  type: MemberType,
  groupId: number,
  groupingId: number,
) {
  const rows = await db.execute<{ id: number; name: string; group_name: string }>(sql`
    select m.asset_id as id, ${type === 'site' ? sql`s.name` : sql`mt.local_name`} as name, g.name as group_name
    from asset_group_members m
    join asset_group_members o on o.organisation_id = m.organisation_id and o.asset_id = m.asset_id
      and o.group_id <> m.group_id
    join asset_groups g on g.organisation_id = o.organisation_id and g.id = o.group_id
      and g.grouping_id = ${groupingId}
    ${type === 'site' ? sql`join sites s on s.organisation_id = m.organisation_id and s.id = m.asset_id` : sql`join meters mt on mt.organisation_id = m.organisation_id and mt.id = m.asset_id`}
    where m.organisation_id = ${organisationId} and m.group_id = ${groupId}
    order by lower(${type === 'site' ? sql`s.name` : sql`mt.local_name`}), m.asset_id`);
  return rows.rows;
}

export type AssetRow = {
  id: number;
  name: string;
  site_name: string | null;
  account: string | null;
  measuring: string | null;
};

/** The organisation's live sites or meters, by name (the distribution and inclusion lists). */
export async function organisationAssets(
  db: DbOrTx,
  organisationId: number,
  type: MemberType,
  ids?: number[],
): Promise<AssetRow[]> {
  const only = (column: string) => andAmong(column, ids ?? null);
  const rows =
    type === 'site'
      ? await db.execute<AssetRow>(sql`
          select s.id, s.name, null as site_name, null as account, null as measuring from sites s
          where s.organisation_id = ${organisationId} and s.deleted_at is null ${only('s.id')}
          order by lower(s.name), s.id`)
      : await db.execute<AssetRow>(sql`
          select m.id, m.local_name as name, s.name as site_name, m.account, d.name as measuring
          from meters m
          join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
          left join data_types d on d.id = m.energy_id
          where m.organisation_id = ${organisationId} and m.deleted_at is null ${only('m.id')}
          order by lower(m.local_name), m.id`);
  return rows.rows;
}

export async function reportingGroups(db: DbOrTx) {
  return db
    .select({ id: energyReportingGroups.id, name: energyReportingGroups.name })
    .from(energyReportingGroups)
    .orderBy(energyReportingGroups.sortOrder, energyReportingGroups.id);
}

/** The meters of sites (a site group's meters, for its figures). */
export async function metersOfSites(db: DbOrTx, organisationId: number, siteIds: number[]) {
  if (siteIds.length === 0) return [];
  const rows = await db.execute<{ id: number }>(sql`select m.id from meters m
    where m.organisation_id = ${organisationId} and m.deleted_at is null
      and m.site_id = any(${intArray(siteIds)})`);
  return rows.rows.map((r) => r.id);
}
