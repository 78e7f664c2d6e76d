import type { DbOrTx } from '@verdant/db/client';
import { assetGroupMembers, assetGroups } from '@verdant/db/schema/assets';
import { and, eq, sql } from 'drizzle-orm';

/**
 * Site groups and data source groups share one table; these are the membership queries the site page and
 * the data source page both use (groups of one member type, an asset's groups, join and leave).
 */
export type MemberType = 'site' | 'meter';

export async function groupsOf(db: DbOrTx, organisationId: number, memberType: MemberType) {
  return db
    .select({ id: assetGroups.id, name: assetGroups.name })
    .from(assetGroups)
    .where(and(eq(assetGroups.organisationId, organisationId), eq(assetGroups.memberType, memberType)))
    .orderBy(sql`lower(${assetGroups.name})`);
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

export async function addMember(db: DbOrTx, organisationId: number, groupId: number, assetId: number) {
  await db.insert(assetGroupMembers).values({ organisationId, groupId, assetId }).onConflictDoNothing();
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
