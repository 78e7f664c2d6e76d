import type { AdvancedRight } from '@verdant/contracts/users';
import type { Db } from '@verdant/db/client';
import { ACCESS } from '@verdant/domain/constants';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { type AssetType, assetAccess, assetKey } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './advanced-rights.queries';
import { findMember } from './users.queries';

/** What a level lets its holder do on the asset and beneath it. */
function subRights(rightId: number): string[] {
  if (rightId === ACCESS.barred) return [];
  return rightId < ACCESS.observer ? ['view', 'edit'] : ['view'];
}

export function createAdvancedRightsService({ db }: { db: Db }) {
  /** The rule let the caller in (administrators; oneself to read); the target must be a member of it. */
  async function guard(
    a: Caller,
    organisationId: number,
    userId: number,
    opts: { allowSelfRead?: boolean } = {},
  ) {
    if (a.user.id === userId && !opts.allowSelfRead)
      throw forbidden('You cannot do that to your own account');
    if (!(await findMember(db, organisationId, userId))) throw notFound();
  }

  return {
    async list(a: Caller, userId: number, organisationId: number): Promise<AdvancedRight[]> {
      await guard(a, organisationId, userId, { allowSelfRead: true });
      const rows = await q.listRights(db, userId, organisationId);
      return rows.map((r) => ({ ...r, subRights: subRights(r.rightId) }));
    },

    async add(
      a: Caller,
      userId: number,
      organisationId: number,
      assetType: AssetType,
      assetId: number,
      rightId: number,
    ) {
      await guard(a, organisationId, userId);
      if (rightId === ACCESS.none) throw badRequest('Choose a right to grant');
      const { access } = await assetAccess(db, a.principal, organisationId, [
        { type: assetType, id: assetId },
      ]);
      if (!access.get(assetKey({ type: assetType, id: assetId }))?.inOrganisation) throw notFound();
      await q.upsertRight(db, { userId, organisationId, assetType, assetId, rightId });
      return this.list(a, userId, organisationId);
    },

    async remove(a: Caller, userId: number, organisationId: number, assetType: AssetType, assetId: number) {
      await guard(a, organisationId, userId);
      if ((await q.deleteRight(db, userId, organisationId, assetType, assetId)) === 0) throw notFound();
      return this.list(a, userId, organisationId);
    },

    async copy(a: Caller, userId: number, organisationId: number, fromUserId: number) {
      await guard(a, organisationId, userId);
      if (!(await findMember(db, organisationId, fromUserId))) throw notFound();
      await db.transaction((tx) => q.replaceRights(tx, organisationId, fromUserId, userId));
      return this.list(a, userId, organisationId);
    },
  };
}

export type AdvancedRightsService = ReturnType<typeof createAdvancedRightsService>;
