import { targetYearMonths, type YearEnd } from './financial-years';
import { type ProfileFrom, profileFor } from './profiles';
import { type TargetPoint, targetPath } from './target-path';

/** What the calculation needs of a target's spec (core-portal.md 3 Target). */
export interface TargetSpecLike {
  baselineYear: number;
  baselineYearEnd: YearEnd;
  consFrom: 'DERIVE' | 'ENTER';
  baselineCons: number | null;
  profileFrom: ProfileFrom;
  profile: number[] | null;
  targets: TargetPoint[];
}

export interface PerformanceMonth {
  /** 'yyyy-MM-01'. */
  month: string;
  /** The target year the month belongs to. */
  year: number;
  /** The month's share of its year (the profile value / 100). */
  factor: number;
  /** The ledger's figure, null for a month with no facts (not yet reported). */
  actual: number | null;
  /** Today's month (still filling) or a month the ledger marks incomplete: no difference is drawn from it. */
  incomplete: boolean;
  target: number;
}

export interface Performance {
  yearEnd: YearEnd;
  baselineYear: number;
  finalYear: number;
  /** The baseline year's total (entered, or summed from the ledger). */
  baseline: number;
  /** The final target's value. */
  target: number;
  profile: number[];
  months: PerformanceMonth[];
}

/** Every month from the first of the baseline year to the last of the final target year. */
export function performanceMonths(
  spec: Pick<TargetSpecLike, 'baselineYear' | 'baselineYearEnd' | 'targets'>,
) {
  const finalYear = Math.max(spec.baselineYear, ...spec.targets.map((t) => t.year));
  const months: string[] = [];
  for (let y = spec.baselineYear; y <= finalYear; y++)
    months.push(...targetYearMonths(y, spec.baselineYearEnd));
  return { finalYear, months };
}

/**
 * The monthly figures (calendar order) a derived profile takes its shape from: the baseline year's, or, where
 * the ledger holds nothing for it (an entered baseline from before the ledger starts), the first later year
 * with a figure for every month (docs/decisions/targets.md, Profiles).
 */
function shapeYear(
  spec: TargetSpecLike,
  baselineOrder: number[],
  actuals: ReadonlyMap<string, number>,
  finalYear: number,
): number[] {
  if (baselineOrder.some((v) => v > 0)) return baselineOrder;
  for (let y = spec.baselineYear + 1; y <= finalYear; y++) {
    const months = targetYearMonths(y, spec.baselineYearEnd);
    if (!months.every((m) => actuals.has(m))) continue;
    const order = Array.from({ length: 12 }, () => 0);
    for (const m of months) order[Number(m.slice(5, 7)) - 1] = actuals.get(m) ?? 0;
    return order;
  }
  return baselineOrder;
}

/**
 * Performance against a target: each month's actual beside its target, the year's path value shared by the
 * profile. `actuals` holds the ledger's monthly figures ('yyyy-MM-01' to value) for the target's months.
 */
export function performanceAgainstTarget(
  spec: TargetSpecLike,
  actuals: ReadonlyMap<string, number>,
  incomplete: ReadonlySet<string> = new Set(),
): Performance {
  const { finalYear, months } = performanceMonths(spec);
  const baselineMonths = targetYearMonths(spec.baselineYear, spec.baselineYearEnd);
  const calendarOrder = Array.from({ length: 12 }, () => 0);
  for (const m of baselineMonths) calendarOrder[Number(m.slice(5, 7)) - 1] = actuals.get(m) ?? 0;
  const derivedBaseline = calendarOrder.reduce((s, v) => s + v, 0);
  const baseline = spec.consFrom === 'ENTER' ? (spec.baselineCons ?? 0) : derivedBaseline;
  const profile = profileFor(
    spec.profileFrom,
    spec.profile,
    shapeYear(spec, calendarOrder, actuals, finalYear),
  );
  const path = new Map(targetPath(baseline, spec.baselineYear, spec.targets).map((p) => [p.year, p.value]));
  const out: PerformanceMonth[] = [];
  for (const [i, month] of months.entries()) {
    const year = spec.baselineYear + Math.floor(i / 12);
    const factor = (profile[Number(month.slice(5, 7)) - 1] ?? 0) / 100;
    out.push({
      month,
      year,
      factor,
      actual: actuals.get(month) ?? null,
      incomplete: incomplete.has(month),
      target: (path.get(year) ?? 0) * factor,
    });
  }
  return {
    yearEnd: spec.baselineYearEnd,
    baselineYear: spec.baselineYear,
    finalYear,
    baseline,
    target: path.get(finalYear) ?? baseline,
    profile,
    months: out,
  };
}
