import type { DbOrTx } from '@verdant/db/client';
import { advancedRights } from '@verdant/db/schema/groups';
import { and, eq, sql } from 'drizzle-orm';
import type { AssetType } from '../../lib/rights';

export interface RightRow {
  assetType: AssetType;
  assetId: number;
  assetName: string;
  rightId: number;
}

/** A user's rights in an organisation with each asset's name, broadest assets first. */
export async function listRights(db: DbOrTx, userId: number, organisationId: number): Promise<RightRow[]> {
  const rows = await db.execute<{
    asset_type: AssetType;
    asset_id: number;
    asset_name: string | null;
    right_id: number;
  }>(sql`
    select r.asset_type, r.asset_id, r.right_id,
      coalesce(o.name, g.name, s.name, e.name, m.local_name) as asset_name
    from advanced_rights r
    left join organisations o on r.asset_type = 'organisation' and o.id = r.asset_id
    left join asset_groups g on r.asset_type in ('site-group', 'meter-group')
      and g.organisation_id = r.organisation_id and g.id = r.asset_id
    left join sites s on r.asset_type = 'site' and s.organisation_id = r.organisation_id and s.id = r.asset_id
    left join entities e on r.asset_type = 'entity' and e.organisation_id = r.organisation_id and e.id = r.asset_id
    left join meters m on r.asset_type = 'meter' and m.organisation_id = r.organisation_id and m.id = r.asset_id
    where r.user_id = ${userId} and r.organisation_id = ${organisationId}
    order by array_position(array['organisation', 'site-group', 'meter-group', 'site', 'entity', 'meter'], r.asset_type), 4
  `);
  return rows.rows.map((r) => ({
    assetType: r.asset_type,
    assetId: r.asset_id,
    assetName: r.asset_name ?? '(deleted)',
    rightId: r.right_id,
  }));
}

export async function upsertRight(
  db: DbOrTx,
  values: { userId: number; organisationId: number; assetType: AssetType; assetId: number; rightId: number },
) {
  await db
    .insert(advancedRights)
    .values(values)
    .onConflictDoUpdate({
      target: [
        advancedRights.userId,
        advancedRights.organisationId,
        advancedRights.assetType,
        advancedRights.assetId,
      ],
      set: { rightId: values.rightId },
    });
}

export async function deleteRight(
  db: DbOrTx,
  userId: number,
  organisationId: number,
  assetType: AssetType,
  assetId: number,
) {
  const deleted = await db
    .delete(advancedRights)
    .where(
      and(
        eq(advancedRights.userId, userId),
        eq(advancedRights.organisationId, organisationId),
        eq(advancedRights.assetType, assetType),
        eq(advancedRights.assetId, assetId),
      ),
    )
    .returning({ id: advancedRights.id });
  return deleted.length;
}

/** Replaces one user's rights in an organisation with a copy of another's. */
export async function replaceRights(
  db: DbOrTx,
  organisationId: number,
  fromUserId: number,
  toUserId: number,
) {
  await db
    .delete(advancedRights)
    .where(and(eq(advancedRights.userId, toUserId), eq(advancedRights.organisationId, organisationId)));
  await db.execute(sql`
    insert into advanced_rights (user_id, organisation_id, asset_type, asset_id, right_id)
    select ${toUserId}, organisation_id, asset_type, asset_id, right_id
    from advanced_rights where user_id = ${fromUserId} and organisation_id = ${organisationId}
  `);
}
