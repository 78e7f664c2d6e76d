import { describe, expect, it } from 'vitest';
import { monthsBetween } from './calendar';
import type { LedgerMeter } from './ledger-types';
import { openDaysIn, openDaysOver } from './open-days';

const meter = (openDate: string | null, closeDate: string | null) => ({ openDate, closeDate }) as LedgerMeter;

describe('days a meter was open', () => {
  it('over a year: 365 days, less the days before it opened or after it closed', () => {
    expect(openDaysOver('2025-01-01', '2025-12-01', meter(null, null))).toBe(365);
    // Opened 10 March: 1 January to 9 March (31 + 28 + 9 = 68 days) missed.
    expect(openDaysOver('2025-01-01', '2025-12-01', meter('2025-03-10', null))).toBe(297);
    // Closed 30 June: the 184 days of July to December missed.
    expect(openDaysOver('2025-01-01', '2025-12-01', meter(null, '2025-06-30'))).toBe(181);
    // Up to today, 15 February 2024 (a leap year): 31 + 15.
    expect(openDaysOver('2024-01-01', '2024-12-01', meter(null, null), '2024-02-15')).toBe(46);
    // Opened after the range, or today before it: none.
    expect(openDaysOver('2025-01-01', '2025-12-01', meter('2026-01-01', null))).toBe(0);
    expect(openDaysOver('2025-01-01', '2025-12-01', meter(null, null), '2024-12-31')).toBe(0);
  });

  it('is the sum of the days open in each month of the range', () => {
    const dates = [null, '2023-11-30', '2024-02-29', '2024-03-01', '2024-07-17', '2025-01-31', '2025-06-01'];
    const todays = [undefined, '2024-02-28', '2024-12-31', '2025-03-15'];
    const ranges: [string, string][] = [
      ['2024-01-01', '2024-12-01'],
      ['2024-02-01', '2024-02-01'],
      ['2023-07-01', '2025-06-01'],
    ];
    for (const open of dates)
      for (const close of dates)
        for (const today of todays)
          for (const [from, till] of ranges) {
            const m = meter(open, close);
            const summed = monthsBetween(from, till).reduce((n, mo) => n + openDaysIn(mo, m, today), 0);
            expect(openDaysOver(from, till, m, today), `${open} ${close} ${today} ${from}`).toBe(summed);
          }
  });
});
