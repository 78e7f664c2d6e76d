import { addMonths } from '@verdant/domain/calendar';

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const label = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

export const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * A month's figure for a comparison chart: null for a month not yet lived (after today's month, 'yyyy-MM-01'),
 * which the chart leaves blank; otherwise the figure, 0 when there is none.
 */
export const lived = (month: string, today: string, figure: () => number): number | null =>
  month > `${today.slice(0, 7)}-01` ? null : figure();

/**
 * The months of the asset comparison chart (data-portal.md 2.7): the twelve months of a year ending in
 * `year`-`yearEnd` and the same months a year earlier, with the series labels. `from` is the first month
 * to read from the ledger (a year before the first shown).
 */
export function comparisonMonths(year: number, yearEnd: number) {
  const last = `${year}-${String(yearEnd).padStart(2, '0')}-01`;
  const first = addMonths(last, -11);
  const months = Array.from({ length: 12 }, (_, i) => addMonths(first, i));
  return {
    from: addMonths(first, -12),
    till: last,
    months,
    previous: months.map((m) => addMonths(m, -12)),
    seriesLabels: [
      `${label(first)} - ${label(last)}`,
      `${label(addMonths(first, -12))} - ${label(addMonths(last, -12))}`,
    ] as [string, string],
  };
}
