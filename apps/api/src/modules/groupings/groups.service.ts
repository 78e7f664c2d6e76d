import type {
  DistributionList,
  GroupDetail,
  MemberDetails,
  MembershipAnswer,
} from '@verdant/contracts/groupings';
import type { Db, DbOrTx } from '@verdant/db/client';
import { fill, MSG } from '@verdant/domain/messages';
import { round } from '../../lib/asset-graph';
import { audit, diff } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import * as members from '../../lib/group-members.queries';
import { orgOf } from '../../lib/organisation-context';
import { allowedOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import { figuresByMember, groupMonths, lastTwelveMonths } from './group-figures';
import * as q from './groupings.queries';

/** One group: its overview figures, members, inclusion list, membership changes and rename. */
export function createGroupsService({ db }: { db: Db }) {
  async function groupScope(tx: DbOrTx, a: Caller, type: q.MemberType, id: number) {
    const organisationId = orgOf(a).id;
    const [group] = await q.listGroups(tx, organisationId, type, [id]);
    if (!group) throw notFound();
    const grouping =
      group.grouping_id === null ? undefined : await q.findGrouping(tx, organisationId, group.grouping_id);
    return { organisationId, group, grouping };
  }

  /** The members the caller may see (a right on a group reaches its current members, not the group). */
  async function visibleMembers(a: Caller, organisationId: number, type: q.MemberType, ids: number[]) {
    return allowedOf(db, a.principal, 'view', organisationId, ids, (id) => ({ type, id }));
  }

  async function detail(a: Caller, type: q.MemberType, id: number): Promise<GroupDetail> {
    const { organisationId, group, grouping } = await groupScope(db, a, type, id);
    const range = lastTwelveMonths(orgOf(a));
    const figures = await groupMonths(db, a, organisationId, type, range, group.members);
    return {
      id: group.id,
      name: group.name,
      type,
      memberCount: group.members.length,
      grouping: grouping ? { id: grouping.id, name: grouping.name, controlled: grouping.controlled } : null,
      mayEdit: a.checked.mayEdit,
      ...figures,
    };
  }

  return {
    detail,

    async rename(a: Caller, type: q.MemberType, id: number, name: string): Promise<GroupDetail> {
      await db.transaction(async (tx) => {
        const { organisationId, group } = await groupScope(tx, a, type, id);
        if (await q.groupNameTaken(tx, organisationId, type, name, id))
          throw new AppError('CONFLICT', MSG.groupNameDuplicate, 409);
        await q.updateGroup(tx, organisationId, id, { name });
        await audit(tx, a, {
          organisationId,
          action: 'rename',
          asset: { type: `${type}-group`, id, name },
          changes: diff({ name: group.name }, { name }),
        });
      });
      return detail(a, type, id);
    },

    /** Every visible asset of the type, joined when in this group; relatedIds: the grouping's other groups it is in. */
    async inclusion(a: Caller, type: q.MemberType, id: number): Promise<DistributionList> {
      const { organisationId, group } = await groupScope(db, a, type, id);
      const [assets, all] = await Promise.all([
        q.organisationAssets(db, organisationId, type),
        q.listGroups(db, organisationId, type),
      ]);
      const siblings = all.filter(
        (g) => g.grouping_id !== null && g.grouping_id === group.grouping_id && g.id !== id,
      );
      const visible = await allowedOf(db, a.principal, 'view', organisationId, assets, (x) => ({
        type,
        id: x.id,
      }));
      return {
        assets: visible.map((x) => ({
          id: x.id,
          relatedIds: siblings.filter((g) => g.members.includes(x.id)).map((g) => g.id),
          name: x.name,
          type,
          account: type === 'site' ? null : x.account,
          joined: group.members.includes(x.id),
        })),
        mayEdit: a.checked.mayEdit,
      };
    },

    async memberDetails(a: Caller, type: q.MemberType, id: number): Promise<MemberDetails> {
      const { organisationId, group } = await groupScope(db, a, type, id);
      const ids = await visibleMembers(a, organisationId, type, group.members);
      const range = lastTwelveMonths(orgOf(a));
      const [assets, figures] = await Promise.all([
        q.organisationAssets(db, organisationId, type, ids),
        figuresByMember(db, a, organisationId, type, range, ['cons', 'cost', 'co2e'], ids),
      ]);
      return {
        members: assets.map((x) => {
          const f = figures.get(x.id);
          return {
            id: x.id,
            name: x.name,
            siteName: x.site_name,
            account: x.account,
            measuring: x.measuring,
            cons: round(f?.cons ?? 0, 3),
            cost: round(f?.cost ?? 0, 2),
            co2e: round(f?.co2e ?? 0, 3),
          };
        }),
        mayEdit: a.checked.mayEdit,
      };
    },

    /**
     * Adds or removes a member. Needs edit on the asset (an advanced right on it, its site or a group it is in
     * counts); in a controlled grouping joining moves the asset from the grouping's other group.
     */
    async membership(
      a: Caller,
      type: q.MemberType,
      id: number,
      assetId: number,
      join: boolean,
      focus: 'NONE' | 'GROUP',
    ): Promise<MembershipAnswer> {
      const movedFrom = await db.transaction(async (tx) => {
        const { organisationId, group } = await groupScope(tx, a, type, id);
        // Edit on the asset is the operation's rule; the asset is in the group's organisation or nowhere.
        const [asset] = await q.organisationAssets(tx, organisationId, type, [assetId]);
        if (!asset)
          throw notFound(fill(MSG.groupAssetUnknown, { type: type === 'site' ? 'site' : 'data source' }));
        let left: { id: number; name: string } | null = null;
        if (join) left = await members.addMember(tx, organisationId, id, assetId);
        else await members.removeMember(tx, organisationId, id, assetId);
        await audit(tx, a, {
          organisationId,
          action: join ? 'join group' : 'leave group',
          asset: { type, id: assetId, name: asset.name },
          changes: {
            group: join
              ? { before: left?.name ?? null, after: group.name }
              : { before: group.name, after: null },
          },
        });
        return left;
      });
      return { success: true, movedFrom, ...(focus === 'GROUP' ? { group: await detail(a, type, id) } : {}) };
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
