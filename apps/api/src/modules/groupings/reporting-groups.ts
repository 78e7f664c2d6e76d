import type { GroupingsList, ReportingConsumption } from '@verdant/contracts/groupings';
import type { DbOrTx } from '@verdant/db/client';
import { sumFacts } from '@verdant/db/ledger/read-model';
import { round } from '../../lib/asset-graph';
import { orgOf } from '../../lib/organisation-context';
import { visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import { lastTwelveMonths } from './group-figures';
import * as q from './groupings.queries';

/**
 * The energy reporting groups: computed groups of data types (no members to manage), read through the
 * ledger's read model over the meters the caller may see.
 */

/** The one pseudo-grouping of the reporting groups, with each group's last twelve months of kWh. */
export async function reportingList(db: DbOrTx, a: Caller, organisationId: number): Promise<GroupingsList> {
  const range = lastTwelveMonths(orgOf(a));
  const visible = await visibleMetersOf(db, a, organisationId);
  const [groups, sums] = await Promise.all([
    q.reportingGroups(db),
    sumFacts(db, { organisationId, by: ['reporting'], ...range, visible, measures: ['cons'] }),
  ]);
  const cons = new Map(sums.map((s) => [s.reporting_group_id, s.cons]));
  return {
    groupings: [
      {
        id: 0,
        name: 'Energy reporting groups',
        type: 'reporting',
        controlled: true,
        groups: groups.map((g) => ({
          id: g.id,
          name: g.name,
          type: 'reporting',
          memberCount: 0,
          consumption: round(cons.get(g.id) ?? 0, 3),
          pseudo: true,
          groupings: [0],
        })),
      },
    ],
    ungroupingedGroups: [],
    mayEdit: false,
  };
}

/** A month's figures per energy reporting group: kWh of energy data types, or the other data types' quantities. */
export async function reportingConsumption(
  db: DbOrTx,
  a: Caller,
  organisationId: number,
  kind: 'cons' | 'other',
  yyyymm: string,
): Promise<ReportingConsumption> {
  const month = `${yyyymm.slice(0, 4)}-${yyyymm.slice(4, 6)}-01`;
  const visible = await visibleMetersOf(db, a, organisationId);
  const [groups, sums] = await Promise.all([
    q.reportingGroups(db),
    sumFacts(db, {
      organisationId,
      by: kind === 'cons' ? ['reporting'] : ['reporting', 'kind', 'unit'],
      from: month,
      till: month,
      visible,
      measures: ['cons', 'cons_incomplete', 'units', 'cost_incomplete'],
    }),
  ]);
  const names = new Map(groups.map((g) => [g.id, g.name]));
  const rows =
    kind === 'cons'
      ? sums
          .filter((s) => s.reporting_group_id !== null && s.cons !== 0)
          .map((s) => ({ s, value: s.cons, unit: 'kWh', incomplete: s.cons_incomplete }))
      : sums
          .filter((s) => s.reporting_group_id !== null && s.type_id !== 1 && s.units !== 0)
          .map((s) => ({ s, value: s.units, unit: s.std_unit ?? '', incomplete: s.cost_incomplete }));
  return {
    month: yyyymm,
    groups: rows
      .map(({ s, value, unit, incomplete }) => ({
        id: Number(s.reporting_group_id),
        name: names.get(Number(s.reporting_group_id)) ?? '',
        value: round(value, 3),
        unit,
        incomplete,
      }))
      .sort((x, y) => x.id - y.id || x.unit.localeCompare(y.unit)),
  };
}
