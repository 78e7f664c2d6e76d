import type { DbOrTx } from '@verdant/db/client';
import { type FactMeasure, type FactSums, factEditions, sumFacts } from '@verdant/db/ledger/read-model';
import { addMonths } from '@verdant/domain/calendar';
import { round } from '../../lib/asset-graph';
import { visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import type * as q from './groupings.queries';

/**
 * Groups' figures, read through the ledger's read model (docs/domain.md, Aggregation: a group sums the facts
 * of its member meters; a site group those of its sites' meters), over the meters the caller may see.
 */
export interface Range {
  from: string;
  till: string;
}

/** The last twelve complete months of the organisation (its last complete month, in its own time zone). */
export function lastTwelveMonths(org: { lastCompleteMonth: string }): Range {
  const till = org.lastCompleteMonth;
  return { from: addMonths(till, -11), till };
}

const intersect = (visible: number[] | null, ids: number[]) =>
  visible === null ? ids : ids.filter((id) => visible.includes(id));

/**
 * Sums per member (site or meter) of the given members, or of every asset of the type when none are given: only
 * the measures named, the others absent (docs/decisions/performance.md, Lists sum only what they show).
 */
export async function figuresByMember(
  db: DbOrTx,
  caller: Caller,
  organisationId: number,
  type: q.MemberType,
  range: Range,
  measures: readonly FactMeasure[],
  members?: number[],
): Promise<Map<number, FactSums>> {
  if (members?.length === 0) return new Map();
  const visible = await visibleMetersOf(db, caller, organisationId);
  const rows =
    type === 'site'
      ? await sumFacts(db, { organisationId, by: ['site'], ...range, visible, siteIds: members, measures })
      : await sumFacts(db, {
          organisationId,
          by: ['meter'],
          ...range,
          visible: members ? intersect(visible, members) : visible,
          measures,
        });
  return new Map(rows.map((r) => [Number(type === 'site' ? r.site_id : r.meter_id), r]));
}

/** What a group's months show: three measures and whether each is incomplete. */
const MONTH_MEASURES: readonly FactMeasure[] = [
  'cons',
  'cost',
  'co2e',
  'cons_incomplete',
  'cost_incomplete',
  'co2e_incomplete',
];

/** A group's months, each month of the range listed (zero where no fact exists), and their editions. */
export async function groupMonths(
  db: DbOrTx,
  caller: Caller,
  organisationId: number,
  type: q.MemberType,
  range: Range,
  members: number[],
) {
  const visible = await visibleMetersOf(db, caller, organisationId);
  const query =
    type === 'site'
      ? { organisationId, ...range, visible, siteIds: members }
      : { organisationId, ...range, visible: intersect(visible, members) };
  // The editions behind the kg CO2e (docs/decisions/factor-editions.md), location-based as the figures are.
  const [rows, editions] =
    members.length === 0
      ? [[], []]
      : await Promise.all([
          sumFacts(db, { ...query, by: ['month'], measures: MONTH_MEASURES }),
          factEditions(db, query, { market: false }),
        ]);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const months = [];
  for (let m = range.from; m <= range.till; m = addMonths(m, 1)) {
    const r = byMonth.get(m);
    months.push({
      month: m.slice(0, 7),
      cons: round(r?.cons ?? 0, 3),
      cost: round(r?.cost ?? 0, 2),
      co2e: round(r?.co2e ?? 0, 3),
      incomplete: r ? r.cons_incomplete || r.cost_incomplete || r.co2e_incomplete : false,
    });
  }
  const total = (k: 'cons' | 'cost' | 'co2e') =>
    round(
      rows.reduce((s, r) => s + r[k], 0),
      k === 'cost' ? 2 : 3,
    );
  return { months, totals: { cons: total('cons'), cost: total('cost'), co2e: total('co2e') }, editions };
}

/** Consumption (kWh) of each group: the sum over its members of the caller's visible figures. */
export function groupConsumption(groups: q.GroupRow[], byMember: Map<number, FactSums>) {
  return new Map(
    groups.map((g) => [
      g.id,
      round(
        g.members.reduce((s, id) => s + (byMember.get(id)?.cons ?? 0), 0),
        3,
      ),
    ]),
  );
}
