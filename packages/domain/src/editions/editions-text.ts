import { formatDisplayDate } from '../dates';

/**
 * "Factors: MfE 2025, MfE 2026": the editions of emission factors that produced a figure's kg CO2e, in words
 * (docs/decisions/factor-editions.md, Which edition produced a figure), the same on screen and in downloads.
 */
export function editionsText(editions: readonly { name: string }[]): string {
  return editions.length === 0
    ? 'Factors: none recorded for these figures'
    : `Factors: ${editions.map((e) => e.name).join(', ')}`;
}

/** A restatement done that replaced some of a report's facts: its number, day and the editions it swapped. */
export interface RestatementNamed {
  id: number;
  /** 'yyyy-MM-dd'. */
  date: string;
  editionBefore: string | null;
  editionAfter: string | null;
}

const joined = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * "3 of 28/11/2026 (from MfE 2026 to MfE 2027)": a restatement by its number, day and editions, in words (the
 * reports' PDF font has no arrow).
 */
export function restatementNamed(r: RestatementNamed): string {
  const editions =
    r.editionBefore && r.editionAfter
      ? `from ${r.editionBefore} to ${r.editionAfter}`
      : r.editionAfter
        ? `to ${r.editionAfter}`
        : 'a change of the editions chosen';
  return `${r.id} of ${formatDisplayDate(r.date)} (${editions})`;
}

/**
 * The line a report of kg CO2e prints under its title (docs/decisions/factor-editions.md, Every report of kg CO2e
 * restated or as originally reported): which figures it shows, the restatements of its months, and the editions
 * that produced its kg CO2e. "Emissions as originally reported, before restatement 3 of 28/11/2026 (from MfE 2026
 * to TA 2026). Factors: MfE 2026." or "Restated: emissions after restatement 3 of … Factors: MfE 2026, TA 2026."
 */
export function reportBasisText(
  basis: 'restated' | 'original',
  restatements: readonly RestatementNamed[],
  editions: readonly { name: string }[],
): string {
  const which =
    restatements.length === 0
      ? null
      : `${restatements.length === 1 ? 'restatement' : 'restatements'} ${joined(restatements.map(restatementNamed))}`;
  const figures =
    basis === 'original'
      ? which
        ? `Emissions as originally reported, before ${which}.`
        : 'Emissions as originally reported: no restatement has replaced the figures of these months.'
      : which
        ? `Restated: emissions after ${which}.`
        : 'Restated: emissions as they stand; no restatement has replaced the figures of these months.';
  return `${figures} ${editionsText(editions)}.`;
}

/**
 * The closing line of a download of kg CO2e: "Factors: …" in its first cell, the other `width - 1` cells blank so
 * the table stays rectangular (docs/decisions/factor-editions.md; the writer neutralises formulas as ever).
 */
export function editionsRow(editions: readonly { name: string }[], width: number): string[] {
  return [editionsText(editions), ...Array.from({ length: Math.max(0, width - 1) }, () => '')];
}

/**
 * The closing line of a download of kg CO2e read as they stand (docs/decisions/factor-editions.md, Every report of
 * kg CO2e restated or as originally reported): the words of a report's basis line, "Restated: emissions after
 * restatement 3 of … Factors: …" (or "…as they stand; no restatement has replaced…"), in its first cell, the other
 * `width - 1` cells blank. The writer neutralises formulas as ever.
 */
export function restatedRow(
  restatements: readonly RestatementNamed[],
  editions: readonly { name: string }[],
  width: number,
): string[] {
  return [
    reportBasisText('restated', restatements, editions),
    ...Array.from({ length: Math.max(0, width - 1) }, () => ''),
  ];
}
