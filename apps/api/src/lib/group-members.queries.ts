import type { DbOrTx } from '@verdant/db/client';
import { assetGroupMembers, assetGroups } from '@verdant/db/schema/groups';
import { and, eq, sql } from 'drizzle-orm';
import { preparedStatement } from './prepared';

/**
 * Site groups and data source groups share one table; these are the membership queries the site page and
 * the data source page both use (groups of one member type, an asset's groups, join and leave).
 */
export type MemberType = 'site' | 'meter';

const groupsOfStatement = preparedStatement('groups_of', (db) =>
  db
    .select({ id: assetGroups.id, name: assetGroups.name })
    .from(assetGroups)
    .where(
      and(
        eq(assetGroups.organisationId, sql.placeholder('organisationId')),
        eq(assetGroups.memberType, sql.placeholder('memberType')),
      ),
    )
    .orderBy(sql`lower(${assetGroups.name})`),
);

/** The organisation's groups of one member type, by name (every site list asks). */
export function groupsOf(db: DbOrTx, organisationId: number, memberType: MemberType) {
  return groupsOfStatement(db, { organisationId, memberType });
}

export async function findGroup(db: DbOrTx, organisationId: number, groupId: number) {
  const [row] = await db
    .select()
    .from(assetGroups)
    .where(and(eq(assetGroups.organisationId, organisationId), eq(assetGroups.id, groupId)));
  return row;
}

export async function joinedGroups(
  db: DbOrTx,
  organisationId: number,
  memberType: MemberType,
  assetId: number,
) {
  return db
    .select({ id: assetGroups.id, name: assetGroups.name })
    .from(assetGroupMembers)
    .innerJoin(
      assetGroups,
      and(
        eq(assetGroups.organisationId, assetGroupMembers.organisationId),
        eq(assetGroups.id, assetGroupMembers.groupId),
      ),
    )
    .where(
      and(
        eq(assetGroupMembers.organisationId, organisationId),
        eq(assetGroupMembers.assetId, assetId),
        eq(assetGroups.memberType, memberType),
      ),
    )
    .orderBy(sql`lower(${assetGroups.name})`);
}

/**
 * Adds an asset to a group. In a controlled grouping an asset belongs to at most one group, so joining one
 * first takes it out of the grouping's other group (a move: delete, then add); answers that group, if any.
 */
export async function addMember(
  db: DbOrTx,
  organisationId: number,
  groupId: number,
  assetId: number,
): Promise<{ id: number; name: string } | null> {
  const left = await db.execute<{ id: number; name: string }>(sql`
    delete from asset_group_members m using asset_groups g
    where m.organisation_id = ${organisationId} and m.asset_id = ${assetId} and m.group_id <> ${groupId}
      and g.organisation_id = m.organisation_id and g.id = m.group_id
      and m.controlled_grouping_id is not null
      and m.controlled_grouping_id = (select a.controlled_grouping_id from (
        select gg.id as controlled_grouping_id from asset_groups ag
        join groupings gg on gg.organisation_id = ag.organisation_id and gg.id = ag.grouping_id and gg.controlled
        where ag.organisation_id = ${organisationId} and ag.id = ${groupId}) a)
    returning g.id, g.name`);
  await db.insert(assetGroupMembers).values({ organisationId, groupId, assetId }).onConflictDoNothing();
  return left.rows[0] ?? null;
}

export async function removeMember(db: DbOrTx, organisationId: number, groupId: number, assetId: number) {
  await db
    .delete(assetGroupMembers)
    .where(
      and(
        eq(assetGroupMembers.organisationId, organisationId),
        eq(assetGroupMembers.groupId, groupId),
        eq(assetGroupMembers.assetId, assetId),
      ),
    );
}
