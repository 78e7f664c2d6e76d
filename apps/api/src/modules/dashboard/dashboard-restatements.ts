import type { ScopeTotals } from '@verdant/contracts/catalogue-restatements';
import type { FigureRestatement } from '@verdant/contracts/dashboard';
import { reportingYearLabel, reportingYearStart } from '@verdant/domain/reporting-year';

/** A restatement done as restatement_organisations keeps it for one organisation (dashboard.queries.ts). */
export interface KeptRestatement {
  id: number;
  date: string;
  edition_before: string | null;
  edition_after: string | null;
  years: { year: number; before: ScopeTotals; after: ScopeTotals }[];
}

/** The dashboard's kg CO2e: scope 1, location-based scope 2 and scope 3 (docs/domain.md, Dashboard figures). */
const location = (t: ScopeTotals) => t.s1 + t.s2Location + t.s3;

/**
 * The restatements that moved the dashboard's kg CO2e in some of a figure's reporting years (each named by the
 * first month of it, 'yyyy-MM-01'), with those years' labels; restatements that moved none are left out. A
 * restatement names a reporting year by the calendar year it ends in (domain editions/restatement-preview.ts).
 */
export function restatementsOfYears(
  kept: readonly KeptRestatement[],
  yearStarts: readonly string[],
  yearEnd: number,
): FigureRestatement[] {
  const startOf = (year: number) =>
    reportingYearStart(`${year}-${String(yearEnd).padStart(2, '0')}-01`, yearEnd);
  return kept
    .map((r) => ({
      id: r.id,
      date: r.date,
      editionBefore: r.edition_before,
      editionAfter: r.edition_after,
      years: r.years
        .filter((y) => Math.abs(location(y.after) - location(y.before)) >= 0.0005)
        .map((y) => startOf(y.year))
        .filter((start) => yearStarts.includes(start))
        .sort()
        .map(reportingYearLabel),
    }))
    .filter((r) => r.years.length > 0);
}
