import type {
  FigureBasis,
  GainersAndLosers,
  Measure,
  MonthlySavings,
  YearlyComparison,
} from '@verdant/contracts/dashboard';
import type { Db } from '@verdant/db/client';
import { addMonths } from '@verdant/domain/calendar';
import { CHART_BARS_MAX } from '@verdant/domain/constants';
import { reportingYearLabel, reportingYearMonths, reportingYearStart } from '@verdant/domain/reporting-year';
import { orgOf } from '../../lib/organisation-context';
import { visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import * as q from './dashboard.queries';
import { restatementsOfYears } from './dashboard-restatements';

const UNITS: Record<Measure, string> = { cons: 'kWh', cost: '$', co2e: 'kg CO2e' };
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
/** Money to the cent, quantities and emissions to three places: enough for any display, no float noise. */
const tidy = (measure: Measure, n: number) => round(n, measure === 'cost' ? 2 : 3);

/**
 * The largest `CHART_BARS_MAX` changes in a direction (1: increases, -1: decreases), as rounded; a tie at the last
 * place goes to the lower meter id, the order meters were added, so only the meters shown need their names
 * (docs/decisions/dashboard.md, Gainers and losers' ties).
 */
function largest<T extends { id: number; percentage: number }>(changes: T[], direction: 1 | -1): T[] {
  return changes
    .filter((c) => c.percentage * direction > 0)
    .sort((x, y) => (y.percentage - x.percentage) * direction || x.id - y.id)
    .slice(0, CHART_BARS_MAX);
}

/** Dashboard figures (docs/domain.md, Dashboard figures), summed from the monthly facts. */
export function createDashboardService({ db }: { db: Db }) {
  /** The organisation the route's rule checked and the meters the caller may see in it. */
  async function scope(a: Caller) {
    const organisationId = orgOf(a).id;
    return { organisationId, visible: await visibleMetersOf(db, a, organisationId) };
  }

  /**
   * Which facts a measure reads (docs/decisions/factor-editions.md, The dashboard as originally reported): kWh
   * and $ are never restated, so only kg CO2e reads as originally reported when asked.
   */
  const basisOf = (measure: Measure, asked: FigureBasis | undefined): FigureBasis =>
    measure === 'co2e' && asked === 'original' ? 'original' : 'restated';

  /** The restatements that moved the kg CO2e of the reporting years starting at `yearStarts`. */
  async function restatements(a: Caller, measure: Measure, yearStarts: string[]) {
    if (measure !== 'co2e') return [];
    const kept = await q.restatementsOf(db, orgOf(a).id, orgOf(a).timeZone);
    return restatementsOfYears(kept, yearStarts, orgOf(a).reportingYearEnd);
  }

  return {
    async yearlyComparison(a: Caller, measure: Measure, asked?: FigureBasis): Promise<YearlyComparison> {
      const { organisationId, visible } = await scope(a);
      const last = orgOf(a).lastCompleteMonth;
      const basis = basisOf(measure, asked);
      // The reporting year holding the last complete month: in January a calendar year just finished shows whole.
      const first = reportingYearStart(last, orgOf(a).reportingYearEnd);
      const months = reportingYearMonths(first);
      const from = addMonths(first, -12);
      const [totals, editions, restated] = await Promise.all([
        q.monthlyTotals(db, organisationId, measure, from, last, visible, basis),
        q.editionsOf(db, measure, organisationId, from, last, visible, undefined, basis),
        restatements(a, measure, [from, first]),
      ]);
      const value = (m: string) => (m > last ? 0 : tidy(measure, totals.get(m)?.total ?? 0));
      // A lived month the totals leave out has no figure: missing, not zero (docs/domain.md, Completeness and estimates).
      // The earlier series is lived in every month; the recent one up to the last complete month.
      const missing = (shift: number) =>
        months
          .filter((m) => addMonths(m, shift) <= last && !totals.has(addMonths(m, shift)))
          .map((m) => m.slice(0, 7));
      return {
        months: months.map((m) => m.slice(0, 7)),
        data: [months.map(value), months.map((m) => value(addMonths(m, -12)))],
        seriesLabels: [reportingYearLabel(first), reportingYearLabel(addMonths(first, -12))],
        unit: UNITS[measure],
        incompleteMonths: months.filter((m) => totals.get(m)?.incomplete).map((m) => m.slice(0, 7)),
        futureMonths: months.filter((m) => m > last).map((m) => m.slice(0, 7)),
        missingMonths: [missing(0), missing(-12)],
        editions,
        basis,
        restatements: restated,
      };
    },

    async monthlySavings(a: Caller, measure: Measure, asked?: FigureBasis): Promise<MonthlySavings> {
      const { organisationId, visible } = await scope(a);
      const last = orgOf(a).lastCompleteMonth;
      const earlier = addMonths(last, -12);
      const basis = basisOf(measure, asked);
      const yearEnd = orgOf(a).reportingYearEnd;
      const [totals, editions, restated] = await Promise.all([
        q.monthlyTotals(db, organisationId, measure, earlier, last, visible, basis),
        q.editionsOf(db, measure, organisationId, earlier, last, visible, [earlier, last], basis),
        restatements(a, measure, [reportingYearStart(earlier, yearEnd), reportingYearStart(last, yearEnd)]),
      ]);
      return {
        cons1: tidy(measure, totals.get(last)?.total ?? 0),
        cons2: tidy(measure, totals.get(earlier)?.total ?? 0),
        month: Number(last.slice(5, 7)),
        year1: Number(last.slice(0, 4)),
        year2: Number(earlier.slice(0, 4)),
        unit: UNITS[measure],
        incomplete: totals.get(last)?.incomplete ?? false,
        missing: { recent: !totals.has(last), earlier: !totals.has(earlier) },
        editions,
        basis,
        restatements: restated,
      };
    },

    async gainersAndLosers(a: Caller): Promise<GainersAndLosers> {
      const { organisationId, visible } = await scope(a);
      const last = orgOf(a).lastCompleteMonth;
      const rows = await q.meterChanges(
        db,
        organisationId,
        last,
        addMonths(last, -12),
        visible,
        CHART_BARS_MAX,
      );
      const changes = rows.map((r) => ({
        id: r.id,
        percentage: round(((r.recent - r.earlier) / r.earlier) * 100, 1),
      }));
      const rising = largest(changes, 1);
      const falling = largest(changes, -1);
      const names = new Map(
        (
          await q.meterNames(
            db,
            organisationId,
            [...rising, ...falling].map((m) => m.id),
          )
        ).map((n) => [n.id, `${n.name} (${n.site})`]),
      );
      const named = (list: typeof changes) =>
        list.flatMap((m) => {
          const displayName = names.get(m.id);
          return displayName === undefined ? [] : [{ id: m.id, displayName, percentage: m.percentage }];
        });
      return {
        month: Number(last.slice(5, 7)),
        year: Number(last.slice(0, 4)),
        // Shown by percentage, equal ones by name.
        gainers: named(rising).sort(
          (x, y) => y.percentage - x.percentage || x.displayName.localeCompare(y.displayName),
        ),
        losers: named(falling).sort(
          (x, y) => x.percentage - y.percentage || x.displayName.localeCompare(y.displayName),
        ),
      };
    },

    /** Per-asset figures of one month for the organisation's lists, with the assets still being recomputed. */
    async listConsumption(
      a: Caller,
      organisationId: number,
      by: 'meter' | 'site',
      measure: 'cons' | 'cost' | 'co2',
      yyyymm: string,
    ) {
      const visible = await visibleMetersOf(db, a, organisationId);
      const month = `${yyyymm.slice(0, 4)}-${yyyymm.slice(4, 6)}-01`;
      const [totals, pending, editions] = await Promise.all([
        q.assetTotals(db, organisationId, by, measure, month, visible),
        q.pendingAssets(db, organisationId, by),
        // Over every asset the caller sees: the list's figures, read beside them (a few rows a month).
        q.editionsOf(db, measure === 'co2' ? 'co2e' : measure, organisationId, month, month, visible),
      ]);
      const unavailable = new Set(pending);
      const consumption: Record<string, number> = {};
      for (const t of totals) {
        if (!unavailable.has(t.id)) consumption[String(t.id)] = round(t.total, measure === 'cost' ? 2 : 3);
      }
      return { consumption, unavailable: [...unavailable], cantUseCache: unavailable.size > 0, editions };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
