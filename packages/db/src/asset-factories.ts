import type { DbOrTx } from './client';
import { entities, meters, sites } from './schema/assets';
import { advancedRights, assetGroupMembers, assetGroups } from './schema/groups';

type One<T> = T extends (infer R)[] ? R : never;
const first = <T>(rows: T[]): One<T[]> => {
  const [row] = rows;
  if (!row) throw new Error('row not inserted');
  return row as One<T[]>;
};

let siteCounter = 0;

export async function createSite(
  db: DbOrTx,
  organisationId: number,
  values: Partial<typeof sites.$inferInsert> = {},
) {
  return first(
    await db
      .insert(sites)
      .values({ organisationId, name: `Site ${++siteCounter}`, ...values })
      .returning(),
  );
}

export async function createMeter(
  db: DbOrTx,
  site: { id: number; organisationId: number },
  values: Partial<typeof meters.$inferInsert> = {},
) {
  return first(
    await db
      .insert(meters)
      .values({ organisationId: site.organisationId, siteId: site.id, localName: 'Meter', ...values })
      .returning(),
  );
}

export async function createEntity(
  db: DbOrTx,
  site: { id: number; organisationId: number },
  values: Partial<typeof entities.$inferInsert> = {},
) {
  return first(
    await db
      .insert(entities)
      .values({ organisationId: site.organisationId, siteId: site.id, name: 'Entity', ...values })
      .returning(),
  );
}

export async function createGroup(
  db: DbOrTx,
  organisationId: number,
  memberType: 'site' | 'meter',
  name: string,
  memberIds: number[] = [],
) {
  const group = first(await db.insert(assetGroups).values({ organisationId, memberType, name }).returning());
  if (memberIds.length > 0)
    await db
      .insert(assetGroupMembers)
      .values(memberIds.map((assetId) => ({ organisationId, groupId: group.id, assetId })));
  return group;
}

export async function grantRight(db: DbOrTx, values: typeof advancedRights.$inferInsert) {
  return first(await db.insert(advancedRights).values(values).returning());
}
