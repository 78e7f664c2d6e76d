import type { GhgChart, GhgRangeQuery, GhgRow, GroupingType } from '@verdant/contracts/ghg-charts';
import type { Db } from '@verdant/db/client';
import { pendingMeterIds } from '@verdant/db/ledger/pending';
import { type FactMeasure, type FactSums, factEditions, sumFacts } from '@verdant/db/ledger/read-model';
import { factRestatements } from '@verdant/db/ledger/read-model-restatements';
import { toLedgerMeter } from '@verdant/db/ledger/recompute';
import {
  addSums,
  bucketSums,
  type Co2eSums,
  figuresOf,
  GHG_MESSAGES,
  lastCompleteReportingYear,
  zeroSums,
} from '@verdant/domain/ghg-figures';
import { countsIn, openDaysOver } from '@verdant/domain/ledger';
import { badRequest, notFound } from '../../lib/errors';
import { type OrganisationContext, orgOf } from '../../lib/organisation-context';
import { visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './ghg-charts.queries';

/**
 * The GHG charts' figures (data-portal.md 2.7, 7): one read of the ledger's read model per chart, by meter and
 * activity over the meters the caller may see, added up into activities and the groups of one or two
 * groupings. Meters being recomputed are left out and counted in `pending`.
 */

/** A meter's emissions of one activity over the range. */
interface MeterRow {
  meterId: number;
  siteId: number;
  activityId: number;
  sums: Co2eSums;
}
type Key = { id: number | null; name: string };
const NONE: Key = { id: null, name: 'Not in any group' };

const sumsOf = (r: FactSums): Co2eSums => ({
  scope1: r.scope1,
  scope2: r.scope2,
  scope2Market: r.scope2_market,
  scope3: r.scope3,
  certificateKwh: r.market_certificate_kwh,
  supplierKwh: r.market_supplier_kwh,
  residualKwh: r.market_residual_kwh,
  gridKwh: r.market_grid_kwh,
  daysOpen: r.co2e_days_open,
  daysFactored: r.co2e_days_factored,
  incomplete: r.co2e_incomplete,
  estimated: r.co2e_estimated,
});

/** The measures sumsOf reads: the read model sums these twelve of its thirty. */
const CO2E_MEASURES: FactMeasure[] = [
  'scope1',
  'scope2',
  'scope2_market',
  'scope3',
  'market_certificate_kwh',
  'market_supplier_kwh',
  'market_residual_kwh',
  'market_grid_kwh',
  'co2e_days_open',
  'co2e_days_factored',
  'co2e_incomplete',
  'co2e_estimated',
];

const counts = (m: q.LiveMeter) => countsIn(toLedgerMeter(m), 'emissions');

export function createGhgChartsService({ db }: { db: Db }) {
  /** The months asked for (else the last complete reporting year), refusing an end month still to come. */
  function rangeOf(org: OrganisationContext, query: GhgRangeQuery) {
    const { today } = org;
    if (!query.from || !query.to) {
      return { today, ...lastCompleteReportingYear(org.lastCompleteMonth, org.reportingYearEnd) };
    }
    if (query.to > today.slice(0, 7)) throw badRequest(GHG_MESSAGES.future, { to: [GHG_MESSAGES.future] });
    return { today, from: `${query.from}-01`, till: `${query.to}-01` };
  }

  /**
   * Each meter's emissions by activity, its days open in the range counted from its open and close dates up
   * to today: a month without any figure is missing, not complete. A meter that counts in emissions and has
   * no figure at all in the range shows as its activity with nothing and 0% of its days.
   */
  async function read(a: Caller, query: GhgRangeQuery, bySite = true) {
    const org = orgOf(a);
    const organisationId = org.id;
    const { today, ...range } = rangeOf(org, query);
    const visible = await visibleMetersOf(db, a, organisationId);
    const [pendingIds, sums, meters, editions, restatements, activityList] = await Promise.all([
      pendingMeterIds(db, organisationId),
      sumFacts(db, {
        organisationId,
        // By site only for a chart of site groupings: the site is the meter's row, joined for each fact.
        by: bySite ? ['meter', 'site', 'activity'] : ['meter', 'activity'],
        ...range,
        visible,
        measures: CO2E_MEASURES,
      }),
      q.liveMeters(db, organisationId, visible),
      factEditions(db, { organisationId, ...range, visible }),
      factRestatements(db, { organisationId, ...range, visible }),
      q.activities(db, organisationId),
    ]);
    const pending = new Set(pendingIds);
    const expected = new Map(
      meters.filter(counts).map((m) => [m.id, openDaysOver(range.from, range.till, toLedgerMeter(m), today)]),
    );
    const rows: MeterRow[] = sums
      .filter((r) => r.co2e_days_open > 0 && !pending.has(Number(r.meter_id)))
      .map((r) => {
        const sums = sumsOf(r);
        sums.daysOpen = Math.max(sums.daysOpen, expected.get(Number(r.meter_id)) ?? 0);
        sums.incomplete ||= sums.daysFactored < sums.daysOpen;
        return {
          meterId: Number(r.meter_id),
          siteId: Number(r.site_id ?? 0),
          activityId: Number(r.activity_id),
          sums,
        };
      });
    const seen = new Set(rows.map((r) => r.meterId));
    for (const m of meters) {
      const days = expected.get(m.id) ?? 0;
      if (seen.has(m.id) || pending.has(m.id) || m.energy_id === null || days === 0) continue;
      rows.push({
        meterId: m.id,
        siteId: m.site_id,
        activityId: m.energy_id,
        sums: { ...zeroSums(), daysOpen: days, incomplete: true },
      });
    }
    const activities = new Map(activityList.map((t) => [t.id, t]));
    const pendingVisible = [...pending].filter((id) => visible === null || visible.includes(id)).length;
    return { organisationId, range, rows, activities, pending: pendingVisible, editions, restatements };
  }

  /** The groups of a grouping of this organisation and each meter row's groups in it. */
  async function membership(organisationId: number, type: GroupingType, id: number) {
    const grouping = await q.findGrouping(db, organisationId, type, id);
    if (!grouping) throw notFound(GHG_MESSAGES.grouping);
    const groups = await q.groupsOf(db, organisationId, grouping.id);
    const order = new Map<string, number>(groups.map((g, i) => [String(g.id), i]));
    order.set('null', groups.length);
    const keysOf = (r: MeterRow): Key[] => {
      const asset = type === 'site' ? r.siteId : r.meterId;
      const found = groups.filter((g) => g.members.includes(asset)).map((g) => ({ id: g.id, name: g.name }));
      return found.length > 0 ? found : [NONE];
    };
    return { grouping, keysOf, rank: (k: Key) => order.get(String(k.id)) ?? groups.length };
  }

  function chart(
    data: Awaited<ReturnType<typeof read>>,
    groupings: q.GroupingRow[],
    rows: { row: Omit<GhgRow, keyof ReturnType<typeof figuresOf>>; sums: Co2eSums }[],
  ): GhgChart {
    const totals = data.rows.reduce((t, r) => addSums(t, r.sums), zeroSums());
    return {
      from: data.range.from.slice(0, 7),
      to: data.range.till.slice(0, 7),
      groupings,
      rows: rows.map(({ row, sums }) => ({ ...row, ...figuresOf(sums) })),
      totals: figuresOf(totals),
      pending: data.pending,
      editions: data.editions,
      restatements: data.restatements,
    };
  }

  const activityOf = (data: Awaited<ReturnType<typeof read>>, id: number) => {
    const t = data.activities.get(id);
    return { id, name: t?.name ?? `Data type ${id}`, grouping: t?.grouping ?? '' };
  };
  const keyId = (k: Key) => String(k.id);
  const byTotal = (a: { sums: Co2eSums }, b: { sums: Co2eSums }) =>
    b.sums.scope1 + b.sums.scope2 + b.sums.scope3 - (a.sums.scope1 + a.sums.scope2 + a.sums.scope3);

  return {
    /** Total Emissions Pie Chart and Emissions Sources Bar Chart: emissions by activity and scope. */
    async scopeActivity(a: Caller, query: GhgRangeQuery): Promise<GhgChart> {
      const data = await read(a, query, false);
      const buckets = bucketSums(
        data.rows,
        (r) => r.sums,
        (r) => [r.activityId],
        String,
      );
      const rows = [...buckets.values()].sort(byTotal).map((b) => ({
        row: { activity: activityOf(data, b.key) },
        sums: b.sums,
      }));
      return chart(data, [], rows);
    },

    /** Emissions By Division Pie Chart and By Division By Scope: emissions of each group by scope. */
    async groupingByScope(a: Caller, type: GroupingType, id: number, query: GhgRangeQuery) {
      const data = await read(a, query, type === 'site');
      const m = await membership(data.organisationId, type, id);
      const buckets = bucketSums(data.rows, (r) => r.sums, m.keysOf, keyId);
      const rows = [...buckets.values()]
        .sort((x, y) => m.rank(x.key) - m.rank(y.key))
        .map((b) => ({ row: { group: b.key }, sums: b.sums }));
      return chart(data, [m.grouping], rows);
    },

    /** Emissions By Activity: each activity's emissions split by the groups of a grouping. */
    async activityByGrouping(a: Caller, type: GroupingType, id: number, query: GhgRangeQuery) {
      const data = await read(a, query, type === 'site');
      const m = await membership(data.organisationId, type, id);
      const buckets = bucketSums(
        data.rows,
        (r) => r.sums,
        (r) => m.keysOf(r).map((group) => ({ activity: r.activityId, group })),
        (k) => `${k.activity}|${k.group.id}`,
      );
      const activityTotals = bucketSums(
        data.rows,
        (r) => r.sums,
        (r) => [r.activityId],
        String,
      );
      const activityRank = new Map(
        [...activityTotals.values()].sort(byTotal).map((b, i) => [b.key, i] as const),
      );
      const rows = [...buckets.values()]
        .sort(
          (x, y) =>
            (activityRank.get(x.key.activity) ?? 0) - (activityRank.get(y.key.activity) ?? 0) ||
            m.rank(x.key.group) - m.rank(y.key.group),
        )
        .map((b) => ({
          row: { activity: activityOf(data, b.key.activity), group: b.key.group },
          sums: b.sums,
        }));
      return chart(data, [m.grouping], rows);
    },

    /** Emissions By Division By Activity: each pair of groups of two groupings, by activity. */
    async groupingByActivityByGrouping(
      a: Caller,
      p: { typeA: GroupingType; idA: number; typeB: GroupingType; idB: number },
      query: GhgRangeQuery,
    ) {
      const data = await read(a, query, p.typeA === 'site' || p.typeB === 'site');
      const first = await membership(data.organisationId, p.typeA, p.idA);
      const second = await membership(data.organisationId, p.typeB, p.idB);
      const buckets = bucketSums(
        data.rows,
        (r) => r.sums,
        (r) =>
          first
            .keysOf(r)
            .flatMap((group) =>
              second.keysOf(r).map((secondGroup) => ({ group, secondGroup, activity: r.activityId })),
            ),
        (k) => `${k.group.id}|${k.secondGroup.id}|${k.activity}`,
      );
      const rows = [...buckets.values()]
        .sort(
          (x, y) =>
            first.rank(x.key.group) - first.rank(y.key.group) ||
            second.rank(x.key.secondGroup) - second.rank(y.key.secondGroup) ||
            byTotal(x, y),
        )
        .map((b) => ({
          row: {
            group: b.key.group,
            secondGroup: b.key.secondGroup,
            activity: activityOf(data, b.key.activity),
          },
          sums: b.sums,
        }));
      return chart(data, [first.grouping, second.grouping], rows);
    },
  };
}

export type GhgChartsService = ReturnType<typeof createGhgChartsService>;
