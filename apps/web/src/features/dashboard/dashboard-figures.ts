import type { Measure, MonthlySavings, YearlyComparison } from '@verdant/contracts/dashboard';
import { MSG } from '@verdant/domain/messages';

export const MEASURE_LABELS: Record<Measure, string> = {
  cons: 'Consumption',
  cost: 'Cost',
  co2e: 'Emissions',
};

/** The error catalogue's messages live in the domain's one catalogue. */
export const NO_INCREASES = MSG.noIncreases;
export const NO_DECREASES = MSG.noDecreases;
export const NO_FIGURES = 'No consumption has been recorded yet';
export const INCOMPLETE_MONTH = MSG.incompleteMonth;

/**
 * The donut's colour: 'down' (green) when last month is lower than the same month a year earlier, 'up'
 * (red) otherwise, as the spec says. Null when neither month has a figure, so there is nothing to colour.
 */
export function savingsTrend({
  cons1,
  cons2,
}: Pick<MonthlySavings, 'cons1' | 'cons2'>): 'down' | 'up' | null {
  if (cons1 === 0 && cons2 === 0) return null;
  return cons1 < cons2 ? 'down' : 'up';
}

/** Whether either series of a twelve month comparison has any figure. */
export function hasFigures(comparison: YearlyComparison): boolean {
  return comparison.data.some((series) => series.some((value) => value !== 0));
}
