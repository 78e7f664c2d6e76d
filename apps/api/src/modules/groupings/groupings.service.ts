import type {
  DistributionList,
  GroupingDetail,
  GroupingsList,
  GroupSummary,
} from '@verdant/contracts/groupings';
import type { Db, DbOrTx } from '@verdant/db/client';
import { fill, MSG } from '@verdant/domain/messages';
import { audit, created, diff } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import { allowedOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import { figuresByMember, groupConsumption, lastTwelveMonths } from './group-figures';
import * as q from './groupings.queries';
import { reportingConsumption, reportingList } from './reporting-groups';

type Kind = q.MemberType | 'reporting';

/** A grouping of the caller's organisation and of the route's type, else 'not found'. */
export async function groupingScope(tx: DbOrTx, a: Caller, type: q.MemberType, id: number) {
  const grouping = await q.findGrouping(tx, orgOf(a).id, id);
  if (!grouping || grouping.memberType !== type) throw notFound();
  return grouping;
}

const conflict = (message: string, fields?: Record<string, string[]>) =>
  new AppError('CONFLICT', message, 409, fields);

/** Groupings and their groups, the uncontrolled groups, creation, renames and the asset distribution. */
export function createGroupingsService({ db }: { db: Db }) {
  async function summaries(a: Caller, organisationId: number, type: q.MemberType, groupIds?: number[]) {
    const groups = await q.listGroups(db, organisationId, type, groupIds);
    const range = lastTwelveMonths(orgOf(a));
    const byMember = await figuresByMember(db, a, organisationId, type, range, ['cons']);
    const consumption = groupConsumption(groups, byMember);
    return groups.map((g): GroupSummary & { groupingId: number | null } => ({
      id: g.id,
      name: g.name,
      type,
      memberCount: g.members.length,
      consumption: consumption.get(g.id) ?? 0,
      pseudo: false,
      groupings: g.grouping_id === null ? [] : [g.grouping_id],
      groupingId: g.grouping_id,
    }));
  }
  const plain = ({ groupingId: _, ...g }: GroupSummary & { groupingId: number | null }): GroupSummary => g;

  async function uniqueGroupName(tx: DbOrTx, org: number, type: q.MemberType, name: string, except = 0) {
    return !(await q.groupNameTaken(tx, org, type, name, except));
  }

  return {
    async list(a: Caller, kind: Kind): Promise<GroupingsList> {
      const organisationId = orgOf(a).id;
      if (kind === 'reporting') return reportingList(db, a, organisationId);
      const [groupingRows, groups] = await Promise.all([
        q.listGroupings(db, organisationId, kind),
        summaries(a, organisationId, kind),
      ]);
      return {
        groupings: groupingRows.map((g) => ({
          ...g,
          type: kind,
          groups: groups.filter((x) => x.groupingId === g.id).map(plain),
        })),
        ungroupingedGroups: groups.filter((x) => x.groupingId === null).map(plain),
        mayEdit: a.checked.mayEdit,
      };
    },

    async grouping(a: Caller, type: q.MemberType, id: number): Promise<GroupingDetail> {
      const grouping = await groupingScope(db, a, type, id);
      const groups = await summaries(a, grouping.organisationId, type);
      return {
        id: grouping.id,
        name: grouping.name,
        type,
        controlled: grouping.controlled,
        groups: groups.filter((g) => g.groupingId === id).map(plain),
        mayEdit: a.checked.mayEdit,
      };
    },

    async createGrouping(
      a: Caller,
      organisationId: number,
      type: q.MemberType,
      name: string,
      controlled: boolean,
    ) {
      return db.transaction(async (tx) => {
        if (await q.groupingNameTaken(tx, organisationId, type, name))
          throw conflict(fill(MSG.groupingExists, { name }));
        const row = await q.insertGrouping(tx, { organisationId, memberType: type, name, controlled });
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: `${type}-grouping`, id: row.id, name },
          changes: created({ name, controlled }),
        });
        return { id: row.id, name: row.name };
      });
    },

    async createGroup(
      a: Caller,
      organisationId: number,
      type: q.MemberType,
      name: string,
      memberOf?: number | null,
    ) {
      return db.transaction(async (tx) => {
        if (memberOf) {
          const grouping = await q.findGrouping(tx, organisationId, memberOf);
          if (!grouping) throw notFound();
          if (grouping.memberType !== type)
            throw badRequest(
              fill(MSG.groupingWrongType, { groupType: type, groupingType: grouping.memberType }),
            );
        }
        if (!(await uniqueGroupName(tx, organisationId, type, name)))
          throw conflict(fill(MSG.groupExists, { name }));
        const row = await q.insertGroup(tx, {
          organisationId,
          memberType: type,
          name,
          groupingId: memberOf ?? null,
        });
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: `${type}-group`, id: row.id, name },
          changes: created({ name, groupingId: memberOf ?? null }),
        });
        return { id: row.id, name: row.name };
      });
    },

    async renameGrouping(a: Caller, type: q.MemberType, id: number, name: string) {
      await db.transaction(async (tx) => {
        const grouping = await groupingScope(tx, a, type, id);
        if (await q.groupingNameTaken(tx, grouping.organisationId, type, name, id))
          throw conflict(fill(MSG.groupingNotRenamed, { message: fill(MSG.groupingExists, { name }) }));
        await q.renameGrouping(tx, grouping.organisationId, id, name);
        await audit(tx, a, {
          organisationId: grouping.organisationId,
          action: 'rename',
          asset: { type: `${type}-grouping`, id, name },
          changes: diff({ name: grouping.name }, { name }),
        });
      });
      return this.grouping(a, type, id);
    },

    /** Puts a group in a grouping (it leaves its former one); refused with the list of shared assets. */
    async assign(a: Caller, type: q.MemberType, groupId: number, groupingId: number, join: boolean) {
      await db.transaction(async (tx) => {
        const organisationId = orgOf(a).id;
        const grouping = await groupingScope(tx, a, type, groupingId);
        const [group] = await q.listGroups(tx, organisationId, type, [groupId]);
        if (!group) throw notFound();
        if (!join) {
          if (group.grouping_id !== groupingId) return;
          await q.updateGroup(tx, organisationId, groupId, { groupingId: null });
        } else {
          if (group.grouping_id === groupingId) return;
          if (grouping.controlled) {
            const duplicates = await q.duplicateAssets(tx, organisationId, type, groupId, groupingId);
            if (duplicates.length > 0) {
              const names = duplicates.map((d) => `${d.name} (${d.group_name})`);
              throw conflict(
                fill(MSG.groupingDuplicates, {
                  group: group.name,
                  grouping: grouping.name,
                  count: names.length,
                }),
                { assets: names },
              );
            }
          }
          await q.updateGroup(tx, organisationId, groupId, { groupingId });
        }
        await audit(tx, a, {
          organisationId,
          action: join ? 'join grouping' : 'leave grouping',
          asset: { type: `${type}-group`, id: groupId, name: group.name },
          changes: {
            grouping: join ? { before: null, after: grouping.name } : { before: grouping.name, after: null },
          },
        });
      });
      return this.grouping(a, type, groupingId);
    },

    /** Every visible asset of the type with the groups of the grouping it is in (Assign and Unassociated Assets). */
    async distribution(a: Caller, type: q.MemberType, groupingId: number): Promise<DistributionList> {
      const grouping = await groupingScope(db, a, type, groupingId);
      const organisationId = grouping.organisationId;
      const [assets, groups] = await Promise.all([
        q.organisationAssets(db, organisationId, type),
        q.listGroups(db, organisationId, type),
      ]);
      const visible = await allowedOf(db, a.principal, 'view', organisationId, assets, (x) => ({
        type,
        id: x.id,
      }));
      const inGrouping = groups.filter((g) => g.grouping_id === groupingId);
      return {
        assets: visible.map((x) => {
          const related = inGrouping.filter((g) => g.members.includes(x.id)).map((g) => g.id);
          return {
            id: x.id,
            relatedIds: related,
            name: x.name,
            type,
            account: type === 'site' ? null : x.account,
            joined: related.length > 0,
          };
        }),
        mayEdit: a.checked.mayEdit,
      };
    },

    reportingConsumption: (a: Caller, organisationId: number, kind: 'cons' | 'other', yyyymm: string) =>
      reportingConsumption(db, a, organisationId, kind, yyyymm),

    uniqueGroupName,
  };
}

export type GroupingsService = ReturnType<typeof createGroupingsService>;
