import type { DbOrTx } from '@verdant/db/client';
import { sumFacts } from '@verdant/db/ledger/read-model';
import { targetYearMonths, type YearEnd } from '@verdant/domain/targets/financial-years';
import {
  performanceAgainstTarget,
  performanceMonths,
  type TargetSpecLike,
} from '@verdant/domain/targets/performance';
import { reductionIn } from '@verdant/domain/targets/target-path';
import { sql } from 'drizzle-orm';
import type { ReportContext } from '../report-definition';
import { basisOf } from './report-kit';

/** The organisation's targets, first made first (the targets page's order). */
export async function targetsOf(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{ id: number; name: string; spec: TargetSpecLike }>(
    sql`select id, name, spec from targets where organisation_id = ${organisationId} order by id`,
  );
  return rows.rows;
}

export interface YearFigure {
  year: number;
  label: string;
  current: boolean;
  /** The reduction on the baseline the path asks for this year, percent. */
  reduction: number;
  /** The year's whole target. */
  target: number;
  /** Whole months of the year already over (the month still filling is not counted). */
  monthsLived: number;
  /** The target's share of the months lived (the profile's). */
  targetToDate: number;
  /** The ledger's figure over the months lived; null when none of them holds any. */
  actual: number | null;
  /** A month lived without data or marked incomplete by the ledger. */
  incomplete: boolean;
  difference: number | null;
  /** Actual against the baseline's share of the same months, percent. */
  againstBaseline: number | null;
  status: string;
}

export interface MonthFigure {
  month: string;
  target: number;
  actual: number | null;
  /** Begun: over, or still filling. */
  lived: boolean;
  incomplete: boolean;
}

export const yearLabel = (year: number, yearEnd: YearEnd) =>
  yearEnd === 'CY' ? String(year) : `FY ${year - 1}/${String(year).slice(2)}`;

function statusOf(y: Omit<YearFigure, 'status'>, baselineYear: number, missing: number): string {
  if (y.year === baselineYear) return 'Baseline';
  if (y.monthsLived === 0) return 'Not started';
  if (y.actual === null) return 'No data';
  const done = y.monthsLived === 12;
  const word = (y.difference ?? 0) <= 0 ? (done ? 'Met' : 'On track') : done ? 'Missed' : 'Behind';
  return missing > 0 ? `${word}; ${missing} of ${y.monthsLived} months without data` : word;
}

/**
 * A target's performance for the report's asset, through the read model: each month's actual against its
 * share of the year's target (the domain's `performanceAgainstTarget`, as the targets page), then each year
 * compared over its months already over (docs/decisions/reports.md, Target performance).
 */
export async function targetPerformance(ctx: ReportContext, spec: TargetSpecLike, measure: 'co2e' | 'cons') {
  const current = ctx.org.currentMonth;
  const { months } = performanceMonths(spec);
  const first = months[0] ?? current;
  const last = months[months.length - 1] ?? current;
  const rows =
    first > current
      ? []
      : await sumFacts(ctx.db, {
          organisationId: ctx.org.id,
          by: ['month'],
          from: first,
          till: last < current ? last : current,
          visible: ctx.asset.meterIds,
          basis: basisOf(ctx),
        });
  const values = new Map(rows.map((r) => [String(r.month).slice(0, 10), r[measure]]));
  const incomplete = new Set(
    rows.filter((r) => r[`${measure}_incomplete`]).map((r) => String(r.month).slice(0, 10)),
  );
  incomplete.add(current);
  const p = performanceAgainstTarget(spec, values, incomplete);
  const years: YearFigure[] = [];
  for (let year = p.baselineYear; year <= p.finalYear; year += 1) {
    const own = p.months.filter((m) => m.year === year);
    const over = own.filter((m) => m.month < current);
    const withData = over.filter((m) => m.actual !== null);
    const targetToDate = over.reduce((s, m) => s + m.target, 0);
    const baselineToDate = over.reduce((s, m) => s + p.baseline * m.factor, 0);
    const actual = withData.length === 0 ? null : withData.reduce((s, m) => s + (m.actual ?? 0), 0);
    const y = {
      year,
      label: yearLabel(year, spec.baselineYearEnd),
      current: targetYearMonths(year, spec.baselineYearEnd).includes(current),
      reduction: reductionIn(spec.baselineYear, spec.targets, year),
      target: own.reduce((s, m) => s + m.target, 0),
      monthsLived: over.length,
      targetToDate,
      actual,
      incomplete: withData.length < over.length || over.some((m) => m.incomplete),
      difference: actual === null ? null : actual - targetToDate,
      againstBaseline:
        actual === null || baselineToDate === 0 ? null : ((actual - baselineToDate) / baselineToDate) * 100,
    };
    years.push({ ...y, status: statusOf(y, p.baselineYear, over.length - withData.length) });
  }
  const currentYear = years.find((y) => y.current)?.year;
  const currentMonths: MonthFigure[] = p.months
    .filter((m) => m.year === currentYear)
    .map((m) => ({
      month: m.month,
      target: m.target,
      actual: m.actual,
      lived: m.month <= current,
      incomplete: m.incomplete,
    }));
  return {
    baseline: p.baseline,
    baselineLabel: yearLabel(p.baselineYear, spec.baselineYearEnd),
    finalLabel: yearLabel(p.finalYear, spec.baselineYearEnd),
    finalTarget: p.target,
    years,
    currentMonths,
  };
}
