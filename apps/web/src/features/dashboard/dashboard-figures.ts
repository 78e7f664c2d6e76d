import type {
  FigureBasis,
  FigureRestatement,
  Measure,
  MonthlySavings,
  YearlyComparison,
} from '@verdant/contracts/dashboard';
import { formatDisplayDate } from '@verdant/domain/dates';
import { MSG } from '@verdant/domain/messages';
import { formatMonth } from '@verdant/domain/month-labels';

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
 * (red) otherwise, as the spec says. Null when either month has no figure (missing is not 0, so there is no
 * saving: docs/decisions/dashboard.md, A lived month without a figure is missing) or both are 0.
 */
export function savingsTrend({
  cons1,
  cons2,
  missing,
}: Pick<MonthlySavings, 'cons1' | 'cons2' | 'missing'>): 'down' | 'up' | null {
  if (missing.recent || missing.earlier) return null;
  if (cons1 === 0 && cons2 === 0) return null;
  return cons1 < cons2 ? 'down' : 'up';
}

/**
 * Why the donut shows no trend, in a sentence naming the month(s) without figures: 'No consumption figures for Oct
 * 2026: nothing to compare with Oct 2025.'
 */
export function noTrendSentence(savings: MonthlySavings, measure: Measure): string {
  const { month, year1, year2, missing } = savings;
  const recent = formatMonth(month, year1);
  const earlier = formatMonth(month, year2);
  const figures = `No ${MEASURE_LABELS[measure].toLowerCase()} figures for`;
  if (missing.recent && !missing.earlier) return `${figures} ${recent}: nothing to compare with ${earlier}.`;
  if (missing.earlier && !missing.recent) return `${figures} ${earlier}: nothing to compare ${recent} with.`;
  return `${figures} ${recent} or ${earlier}.`;
}

/** Whether either series of a twelve month comparison has any figure. */
export function hasFigures(comparison: YearlyComparison): boolean {
  return comparison.data.some((series) => series.some((value) => value !== 0));
}

/** "28/11/2026 (MfE 2026 → MfE 2027)": when a restatement was confirmed and the editions it swapped. */
export function restatementText(r: FigureRestatement): string {
  const editions =
    r.editionBefore && r.editionAfter
      ? `${r.editionBefore} → ${r.editionAfter}`
      : r.editionAfter
        ? `to ${r.editionAfter}`
        : 'a change of the editions chosen';
  return `${formatDisplayDate(r.date)} (${editions})`;
}

const joined = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** What the chosen figures are, in a sentence. */
export function basisSentence(basis: FigureBasis, restatements: readonly FigureRestatement[]): string {
  const years = joined([...new Set(restatements.flatMap((r) => r.years))].sort());
  const which = `${restatements.length === 1 ? 'the restatement' : 'the restatements'} of ${joined(restatements.map(restatementText))}`;
  return basis === 'original'
    ? `As originally reported: the kg CO2e of ${years} as they stood before ${which} replaced them.`
    : `Restated: the kg CO2e of ${years} as ${which} left them.`;
}
