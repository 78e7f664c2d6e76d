/**
 * The range a portal's figure is expected in, from the data source's history (docs/decisions/portals.md,
 * "The expected range"): the lowest and highest of the last twelve figures of the same period length, widened
 * by a quarter each way. Fewer than three figures give no range: too little history to judge.
 */
export interface ExpectedRange {
  low: number;
  high: number;
}

export const EXPECTED_HISTORY = 12;
export const EXPECTED_MIN_FIGURES = 3;
const MARGIN = 0.25;

const round = (n: number) => Math.round(n * 100) / 100;

export function expectedRange(history: readonly number[]): ExpectedRange | null {
  const recent = history.slice(-EXPECTED_HISTORY).filter((n) => Number.isFinite(n));
  if (recent.length < EXPECTED_MIN_FIGURES) return null;
  const low = Math.min(...recent);
  const high = Math.max(...recent);
  return { low: round(Math.max(0, low * (1 - MARGIN))), high: round(high * (1 + MARGIN)) };
}

export const isOutside = (value: number, range: ExpectedRange | null) =>
  range !== null && (value < range.low || value > range.high);
