import type { YearlyComparison } from '@verdant/contracts/dashboard';
import { formatMonth } from '@verdant/domain/month-labels';
import { axisScale, formatQuantity } from '@verdant/domain/unit-scaling';

/** Marks an incomplete month's bar; its axis label is coloured, the bar hatched and the tooltip explains. */
export const INCOMPLETE_MARK = '*';

const longLabel = (month: string) => formatMonth(Number(month.slice(5, 7)), Number(month.slice(0, 4)));

/** The year-earlier month of a 'yyyy-MM' month. */
const yearBefore = (month: string) => `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;

/** The value axis of a comparison: one scale for every tick, chosen from its largest figure. */
export function comparisonAxis({ data, unit }: YearlyComparison) {
  return axisScale(Math.max(0, ...data.flat().map(Math.abs)), unit);
}

/**
 * What the 12 month overall comparison draws: a category per month ('Nov 25', incomplete ones marked), this
 * year's bars (none for months still to come) beside the same months a year earlier, and the axis format.
 */
export function comparisonBars(comparison: YearlyComparison) {
  const { months, data, incompleteMonths, futureMonths } = comparison;
  const incomplete = new Set(incompleteMonths);
  const future = new Set(futureMonths);
  return {
    categories: months.map((month) => ({ label: formatMonth(month), marked: incomplete.has(month) })),
    values: [data[0].map((value, i) => (future.has(months[i] ?? '') ? null : value)), [...data[1]]] as [
      (number | null)[],
      (number | null)[],
    ],
    format: comparisonAxis(comparison).format,
  };
}

/** The tooltip of one month: both months named with their figures, and whether the month is incomplete. */
export function comparisonTooltip(comparison: YearlyComparison, index: number) {
  const { months, data, unit, incompleteMonths, futureMonths } = comparison;
  const month = months[index] ?? '';
  const rows: { series: 0 | 1; label: string; value: string }[] = [];
  // A month still to come has no figure of its own.
  if (!futureMonths.includes(month)) {
    rows.push({ series: 0, label: longLabel(month), value: formatQuantity(data[0][index] ?? 0, unit) });
  }
  rows.push({
    series: 1,
    label: longLabel(yearBefore(month)),
    value: formatQuantity(data[1][index] ?? 0, unit),
  });
  return { rows, incomplete: incompleteMonths.includes(month) };
}
