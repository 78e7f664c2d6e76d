import { describe, expect, it } from 'vitest';
import { expectedRange, isOutside } from './expected';
import { dueDateOf, openPeriod, periodLabel, periodOf, periodState, recentPeriods } from './periods';
import { portalUrlOf, uniqueName } from './url';

describe('portal periods', () => {
  it('finds the period of a day for each kind', () => {
    expect(periodOf('Monthly', '2024-02-10')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(periodOf('Yearly (Calendar)', '2026-11-21')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(periodOf('Yearly (Commerical FY)', '2026-03-31')).toEqual({
      start: '2025-04-01',
      end: '2026-03-31',
    });
    expect(periodOf('Yearly (Commerical FY)', '2026-04-01')).toEqual({
      start: '2026-04-01',
      end: '2027-03-31',
    });
    expect(periodOf('Yearly (Government FY)', '2026-11-21')).toEqual({
      start: '2026-07-01',
      end: '2027-06-30',
    });
  });

  it('opens the last ended period, due some days after it ends', () => {
    const p = openPeriod('Monthly', '2026-01-01');
    expect(p).toEqual({ start: '2025-12-01', end: '2025-12-31' });
    expect(dueDateOf(p, 10)).toBe('2026-01-10');
    expect(openPeriod('Yearly (Government FY)', '2026-11-21')).toEqual({
      start: '2025-07-01',
      end: '2026-06-30',
    });
    expect(recentPeriods('Monthly', '2026-03-15', 3).map((x) => x.start)).toEqual([
      '2026-02-01',
      '2026-01-01',
      '2025-12-01',
    ]);
    expect(periodLabel('Monthly', p)).toBe('December 2025');
    expect(periodLabel('Yearly (Commerical FY)', { start: '2025-04-01', end: '2026-03-31' })).toBe('2025/26');
  });

  it('says whether a period is received, late or still due', () => {
    const p = { start: '2026-10-01', end: '2026-10-31' };
    expect(periodState(p, 10, '2026-11-05', null)).toBe('due');
    expect(periodState(p, 10, '2026-11-11', null)).toBe('late');
    expect(periodState(p, 10, '2026-11-21', '2026-11-10')).toBe('received');
    expect(periodState(p, 10, '2026-11-21', '2026-11-11')).toBe('received late');
  });
});

describe('the expected range', () => {
  it('widens the lowest and highest of the last twelve by a quarter; too little history gives none', () => {
    expect(expectedRange([100, 110, 120, 130, 140, 150])).toEqual({ low: 75, high: 187.5 });
    expect(expectedRange([100, 110])).toBeNull();
    // Only the last twelve count: the early 1000 is forgotten.
    expect(expectedRange([1000, ...Array.from({ length: 12 }, () => 40)])).toEqual({ low: 30, high: 50 });
    expect(isOutside(188, { low: 75, high: 187.5 })).toBe(true);
    expect(isOutside(75, { low: 75, high: 187.5 })).toBe(false);
    expect(isOutside(1e9, null)).toBe(false);
  });
});

describe('portal addresses and names', () => {
  it('joins the prefix and the name as dashed words, never a path', () => {
    expect(portalUrlOf('acme-water', 'Caretaker Readings / Site 2!')).toBe(
      'acme-water-caretaker-readings-site-2',
    );
    expect(portalUrlOf('acme', '../../etc')).toBe('acme-etc');
  });

  it('suffixes a taken default name with (n)', () => {
    expect(uniqueName('Water', ['water'])).toBe('Water (1)');
    expect(uniqueName('Water', ['Water', 'Water (1)'])).toBe('Water (2)');
    expect(uniqueName('Diesel', ['Water'])).toBe('Diesel');
  });
});
