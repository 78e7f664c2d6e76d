import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { meters, sites } from './schema/assets';
import { assetGroupMembers, assetGroups, groupings } from './schema/groups';

/**
 * The demo's groupings: Divisions, a controlled grouping of site groups (every site in one
 * division), and Regions, a controlled grouping of meter groups (every live meter in North or South by its
 * site). The uncontrolled site group Depots comes with the demo's people (their advanced rights name it).
 */
const DIVISIONS: Record<string, string[]> = {
  Corporate: ['Head Office', 'Civic Library', 'Old Town Hall'],
  Community: ['Aquatic Centre', 'Northern Depot'],
  'Water Services': ['Water Treatment Plant', 'Southern Depot'],
};
const NORTH = new Set(['Head Office', 'Northern Depot', 'Civic Library', 'Old Town Hall']);

async function grouping(
  tx: DbOrTx,
  organisationId: number,
  memberType: 'site' | 'meter',
  name: string,
  groups: Record<string, number[]>,
) {
  const [row] = await tx
    .insert(groupings)
    .values({ organisationId, memberType, name, controlled: true })
    .returning();
  if (!row) throw new Error('grouping not inserted');
  for (const [groupName, members] of Object.entries(groups)) {
    const [group] = await tx
      .insert(assetGroups)
      .values({ organisationId, memberType, name: groupName, groupingId: row.id })
      .returning();
    if (!group) throw new Error('group not inserted');
    if (members.length > 0)
      await tx
        .insert(assetGroupMembers)
        .values(members.map((assetId) => ({ organisationId, groupId: group.id, assetId })));
  }
}

export async function seedDemoGroupings(tx: DbOrTx, { organisationId }: { organisationId: number }) {
  const siteRows = await tx
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(and(eq(sites.organisationId, organisationId), isNull(sites.deletedAt)));
  const siteId = new Map(siteRows.map((s) => [s.name, s.id]));
  await grouping(
    tx,
    organisationId,
    'site',
    'Divisions',
    Object.fromEntries(
      Object.entries(DIVISIONS).map(([division, names]) => [
        division,
        names.map((n) => siteId.get(n)).filter((id): id is number => id !== undefined),
      ]),
    ),
  );
  const meterRows = await tx
    .select({ id: meters.id, site: sites.name })
    .from(meters)
    .innerJoin(sites, and(eq(sites.organisationId, meters.organisationId), eq(sites.id, meters.siteId)))
    .where(and(eq(meters.organisationId, organisationId), isNull(meters.deletedAt)));
  await grouping(tx, organisationId, 'meter', 'Regions', {
    North: meterRows.filter((m) => NORTH.has(m.site)).map((m) => m.id),
    South: meterRows.filter((m) => !NORTH.has(m.site)).map((m) => m.id),
  });
}
