import type { YearlyComparison } from '@verdant/contracts/dashboard';
import { formatMonth } from '@verdant/domain/month-labels';
import { axisScale, formatQuantity } from '@verdant/domain/unit-scaling';

/** Marks an incomplete month's bar; its axis label is coloured, the bar hatched and the tooltip explains. */
export const INCOMPLETE_MARK = '*';

/**
 * What a lived month without a figure says in place of its figure: missing, not 0 (docs/decisions/dashboard.md, A
 * lived month without a figure is missing). The product's words for a month without figures.
 */
export const NO_MONTH_FIGURES = 'No figures';

/** Whether the month at `index` of a series has no figure: still to come (recent series only) or missing. */
function withoutFigure(comparison: YearlyComparison, series: 0 | 1, index: number) {
  const month = comparison.months[index] ?? '';
  return (
    (series === 0 && comparison.futureMonths.includes(month)) ||
    comparison.missingMonths[series].includes(month)
  );
}

/** A series' figure of a month as shown in the tooltip and the table: 'No figures' when it is missing. */
export function comparisonFigure(comparison: YearlyComparison, series: 0 | 1, index: number) {
  return comparison.missingMonths[series].includes(comparison.months[index] ?? '')
    ? NO_MONTH_FIGURES
    : formatQuantity(comparison.data[series][index] ?? 0, comparison.unit);
}

/**
 * The note under the chart when a month shown has no figure: 'No figures: Mar 2026, Mar 2025' (each month with its
 * own year), or a count when more than three; null when every lived month has a figure.
 */
export function missingNote({ months, missingMonths }: YearlyComparison): string | null {
  const named = [
    ...missingMonths[0].map((m) => longLabel(m)),
    ...missingMonths[1].map((m) => longLabel(yearBefore(m))),
  ];
  if (named.length === 0) return null;
  return named.length > 3
    ? `${NO_MONTH_FIGURES} for ${named.length} of the ${months.length * 2} months shown`
    : `${NO_MONTH_FIGURES}: ${named.join(', ')}`;
}

const longLabel = (month: string) => formatMonth(Number(month.slice(5, 7)), Number(month.slice(0, 4)));

/** The year-earlier month of a 'yyyy-MM' month. */
const yearBefore = (month: string) => `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;

/** The value axis of a comparison: one scale for every tick, chosen from its largest figure. */
export function comparisonAxis({ data, unit }: YearlyComparison) {
  return axisScale(Math.max(0, ...data.flat().map(Math.abs)), unit);
}

/**
 * What the 12 month overall comparison draws: a category per month ('Nov 25', incomplete ones marked), this
 * year's bars beside the same months a year earlier (no bar for a month still to come or without a figure), and the axis format.
 */
export function comparisonBars(comparison: YearlyComparison) {
  const { months, data, incompleteMonths } = comparison;
  const incomplete = new Set(incompleteMonths);
  const bars = (series: 0 | 1) =>
    data[series].map((value, i) => (withoutFigure(comparison, series, i) ? null : value));
  return {
    categories: months.map((month) => ({ label: formatMonth(month), marked: incomplete.has(month) })),
    values: [bars(0), bars(1)] as [(number | null)[], (number | null)[]],
    format: comparisonAxis(comparison).format,
  };
}

/** The tooltip of one month: both months named with their figures, and whether the month is incomplete. */
export function comparisonTooltip(comparison: YearlyComparison, index: number) {
  const { months, incompleteMonths, futureMonths } = comparison;
  const month = months[index] ?? '';
  const rows: { series: 0 | 1; label: string; value: string }[] = [];
  // A month still to come has no figure of its own; a lived one without a figure says so.
  if (!futureMonths.includes(month)) {
    rows.push({ series: 0, label: longLabel(month), value: comparisonFigure(comparison, 0, index) });
  }
  rows.push({
    series: 1,
    label: longLabel(yearBefore(month)),
    value: comparisonFigure(comparison, 1, index),
  });
  return { rows, incomplete: incompleteMonths.includes(month) };
}
