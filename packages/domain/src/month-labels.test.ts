import { describe, expect, it } from 'vitest';
import { monthKey, monthYearLabel, shortMonthLabel } from './month-labels';

describe('month labels', () => {
  it('names a month of a year in full', () => {
    expect(monthYearLabel(10, 2026)).toBe('October 2026');
    expect(monthYearLabel(1, 2025)).toBe('January 2025');
    expect(monthYearLabel(12, 2025)).toBe('December 2025');
  });

  it('gives the year alone for an impossible month', () => {
    expect(monthYearLabel(0, 2026)).toBe('2026');
    expect(monthYearLabel(13, 2026)).toBe('2026');
  });

  it('shortens yyyy-MM months for chart axes', () => {
    expect(shortMonthLabel('2025-11')).toBe('Nov 25');
    expect(shortMonthLabel('2026-01-01')).toBe('Jan 26');
    expect(shortMonthLabel('2000-09')).toBe('Sep 00');
  });

  it('leaves anything else as it is', () => {
    expect(shortMonthLabel('2025-13')).toBe('2025-13');
    expect(shortMonthLabel('soon')).toBe('soon');
  });

  it('keys a month as yyyy-MM', () => {
    expect(monthKey(3, 2026)).toBe('2026-03');
    expect(monthKey(12, 2025)).toBe('2025-12');
  });
});
