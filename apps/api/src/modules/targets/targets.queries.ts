import type { DbOrTx } from '@verdant/db/client';
import { type FactSums, sumFactsBatch } from '@verdant/db/ledger/read-model';
import { countedMonths } from '@verdant/db/ledger/read-model-months';
import { meters } from '@verdant/db/schema/assets';
import { assetGroupMembers, assetGroups, groupings } from '@verdant/db/schema/groups';
import { groupTargets, targets } from '@verdant/db/schema/targets';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

export async function listTargets(db: DbOrTx, organisationId: number) {
  return db.select().from(targets).where(eq(targets.organisationId, organisationId)).orderBy(asc(targets.id));
}

export async function findTarget(db: DbOrTx, organisationId: number, targetId: number) {
  const [row] = await db
    .select()
    .from(targets)
    .where(and(eq(targets.organisationId, organisationId), eq(targets.id, targetId)));
  return row;
}

export async function targetNamed(db: DbOrTx, organisationId: number, name: string) {
  const [row] = await db
    .select({ id: targets.id })
    .from(targets)
    .where(and(eq(targets.organisationId, organisationId), sql`lower(${targets.name}) = lower(${name})`));
  return row;
}

export async function insertTarget(db: DbOrTx, values: typeof targets.$inferInsert) {
  const [row] = await db.insert(targets).values(values).returning();
  if (!row) throw new Error('target not inserted');
  return row;
}

export async function findGroup(
  db: DbOrTx,
  organisationId: number,
  groupId: number,
  memberType: 'site' | 'meter',
) {
  const [row] = await db
    .select({ id: assetGroups.id, name: assetGroups.name })
    .from(assetGroups)
    .where(
      and(
        eq(assetGroups.organisationId, organisationId),
        eq(assetGroups.id, groupId),
        eq(assetGroups.memberType, memberType),
      ),
    );
  return row;
}

export async function groupTargetOf(db: DbOrTx, organisationId: number, groupId: number) {
  const [row] = await db
    .select()
    .from(groupTargets)
    .where(and(eq(groupTargets.organisationId, organisationId), eq(groupTargets.groupId, groupId)));
  return row;
}

export async function upsertGroupTarget(
  db: DbOrTx,
  values: { organisationId: number; groupId: number; co2eTarget?: string | null; consTarget?: string | null },
) {
  const { organisationId, groupId, ...set } = values;
  await db
    .insert(groupTargets)
    .values(values)
    .onConflictDoUpdate({ target: groupTargets.groupId, set: { ...set, updatedAt: sql`now()` } });
}

export async function findGrouping(
  db: DbOrTx,
  organisationId: number,
  groupingId: number,
  memberType: 'site' | 'meter',
) {
  const [row] = await db
    .select({ id: groupings.id, name: groupings.name })
    .from(groupings)
    .where(
      and(
        eq(groupings.organisationId, organisationId),
        eq(groupings.id, groupingId),
        eq(groupings.memberType, memberType),
      ),
    );
  return row;
}

/** The grouping's groups with the live meters each reaches (a site group through its sites). */
export async function groupsWithMeters(db: DbOrTx, organisationId: number, groupingId: number) {
  const groups = await db
    .select({ id: assetGroups.id, name: assetGroups.name, memberType: assetGroups.memberType })
    .from(assetGroups)
    .where(and(eq(assetGroups.organisationId, organisationId), eq(assetGroups.groupingId, groupingId)))
    .orderBy(sql`lower(${assetGroups.name})`);
  if (groups.length === 0) return [];
  // A site group reaches the meters of its sites, a meter group its meters: one join each, on a column the
  // planner can hash (docs/decisions/performance.md, Group members joined by their own column).
  const membersOf = (memberType: 'site' | 'meter') => {
    const ids = groups.filter((g) => g.memberType === memberType).map((g) => g.id);
    if (ids.length === 0) return [];
    return db
      .select({ groupId: assetGroupMembers.groupId, meterId: meters.id })
      .from(assetGroupMembers)
      .innerJoin(
        meters,
        and(
          eq(meters.organisationId, assetGroupMembers.organisationId),
          isNull(meters.deletedAt),
          eq(memberType === 'site' ? meters.siteId : meters.id, assetGroupMembers.assetId),
        ),
      )
      .where(
        and(eq(assetGroupMembers.organisationId, organisationId), inArray(assetGroupMembers.groupId, ids)),
      );
  };
  const rows = [...(await membersOf('site')), ...(await membersOf('meter'))];
  return groups.map((g) => ({
    ...g,
    meterIds: rows.filter((r) => r.groupId === g.id).map((r) => r.meterId),
  }));
}

/**
 * Monthly sums of a measure ('yyyy-MM-01' to value) over the meters (null: all the caller sees), through the read
 * model's counted months: a target's years from the organisation rollup when the caller sees (most of) the
 * organisation (docs/decisions/performance.md, Reports over years read the rollup).
 */
export async function monthlyMeasure(
  db: DbOrTx,
  organisationId: number,
  measure: 'co2e' | 'cons',
  from: string,
  till: string,
  visible: number[] | null,
) {
  const rows = await countedMonths(db, organisationId, measure, from, till, visible);
  return {
    values: new Map(rows.map((r) => [r.month.slice(0, 10), r.total])),
    /** Months the ledger marks incomplete for the measure. */
    incomplete: new Set(rows.filter((r) => r.incomplete).map((r) => r.month.slice(0, 10))),
  };
}

/** A scope's monthly figures: 'yyyy-MM-01' to value, and the months the ledger marks incomplete. */
export type MonthlyMeasure = Awaited<ReturnType<typeof monthlyMeasure>>;

/**
 * Monthly sums of a measure for each set of meters (a grouping's groups), through the read model by month
 * (`sumFactsBatch`), only the measure and its flag summed: the sets split in two statements run at once, so that
 * PostgreSQL sums one report's facts on two cores (docs/decisions/performance.md, A grouping's groups read at once).
 */
export async function groupMonthlyMeasures(
  db: DbOrTx,
  organisationId: number,
  measure: 'co2e' | 'cons',
  from: string,
  till: string,
  meterSets: number[][],
): Promise<MonthlyMeasure[]> {
  const flag = `${measure}_incomplete` as const;
  const queries = meterSets.map((visible) => ({
    organisationId,
    by: ['month' as const],
    from,
    till,
    visible,
    measures: [measure, flag],
  }));
  const half = Math.ceil(queries.length / 2);
  const halves =
    half > 0 && half < queries.length ? [queries.slice(0, half), queries.slice(half)] : [queries];
  const answers = (await Promise.all(halves.map((part) => sumFactsBatch(db, part)))).flat();
  const month = (r: FactSums) => String(r.month).slice(0, 10);
  return answers.map((rows) => ({
    values: new Map(rows.map((r) => [month(r), r[measure]])),
    incomplete: new Set(rows.filter((r) => r[flag]).map(month)),
  }));
}
