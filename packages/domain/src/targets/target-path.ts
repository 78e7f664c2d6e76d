/**
 * A target's path (core-portal.md 3 Target): from the baseline year's value (0% reduction) straight down to
 * each target (a percentage reduction by a year), then on to the next target; linear between the points.
 */
export interface TargetPoint {
  /** Reduction from the baseline, percent. */
  perc: number;
  year: number;
}

export interface PathYear {
  year: number;
  /** Reduction from the baseline this year, percent. */
  perc: number;
  /** The baseline reduced by `perc`. */
  value: number;
}

/** The targets in year order; a later target for the same year replaces an earlier one. */
export function sortedTargets(targets: readonly TargetPoint[]): TargetPoint[] {
  const byYear = new Map<number, number>();
  for (const t of targets) byYear.set(t.year, t.perc);
  return [...byYear].map(([year, perc]) => ({ year, perc })).sort((a, b) => a.year - b.year);
}

/** The reduction (percent) the path asks for in `year`: 0 up to the baseline year, the last target's after it. */
export function reductionIn(baselineYear: number, targets: readonly TargetPoint[], year: number): number {
  const points = [
    { year: baselineYear, perc: 0 },
    ...sortedTargets(targets).filter((t) => t.year > baselineYear),
  ];
  if (year <= baselineYear) return 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as TargetPoint;
    const b = points[i] as TargetPoint;
    if (year <= b.year) return a.perc + ((b.perc - a.perc) * (year - a.year)) / (b.year - a.year);
  }
  return (points[points.length - 1] as TargetPoint).perc;
}

/** The path year by year from the baseline year to the last target's year. */
export function targetPath(
  baseline: number,
  baselineYear: number,
  targets: readonly TargetPoint[],
): PathYear[] {
  const last = Math.max(baselineYear, ...targets.map((t) => t.year));
  const out: PathYear[] = [];
  for (let year = baselineYear; year <= last; year++) {
    const perc = reductionIn(baselineYear, targets, year);
    out.push({ year, perc, value: baseline * (1 - perc / 100) });
  }
  return out;
}
