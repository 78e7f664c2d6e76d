import { describe, expect, it } from 'vitest';
import { reportingYearLabel, reportingYearMonths, reportingYearStart } from './reporting-year';

describe('reporting years', () => {
  it('starts the month after the year end, in the year that holds the month', () => {
    expect(reportingYearStart('2026-10-01', 12)).toBe('2026-01-01');
    expect(reportingYearStart('2026-10-01', 6)).toBe('2026-07-01');
    expect(reportingYearStart('2026-06-01', 6)).toBe('2025-07-01');
    expect(reportingYearStart('2026-03-01', 3)).toBe('2025-04-01');
    expect(reportingYearStart('2026-04-01', 3)).toBe('2026-04-01');
  });

  it('names calendar and financial years', () => {
    expect(reportingYearLabel('2026-01-01')).toBe('2026');
    expect(reportingYearLabel('2026-07-01')).toBe('FY 2026/27');
    expect(reportingYearLabel('2099-04-01')).toBe('FY 2099/00');
  });

  it('lists twelve months across the turn of the year', () => {
    const months = reportingYearMonths('2026-07-01');
    expect(months[0]).toBe('2026-07-01');
    expect(months[11]).toBe('2027-06-01');
  });
});
