import { describe, expect, it } from 'vitest';
import { daysInMonth } from './calendar';

describe('daysInMonth', () => {
  it('agrees with the calendar for every month of 1896-2104, leap years and centuries included', () => {
    for (let year = 1896; year <= 2104; year++) {
      for (let month = 1; month <= 12; month++) {
        const iso = `${year}-${String(month).padStart(2, '0')}-01`;
        const expected = new Date(Date.UTC(year, month, 0)).getUTCDate();
        expect(daysInMonth(iso)).toBe(expected);
        expect(daysInMonth(iso.slice(0, 7))).toBe(expected);
      }
    }
    expect([daysInMonth('2024-02-01'), daysInMonth('1900-02-01'), daysInMonth('2000-02-15')]).toEqual([
      29, 28, 29,
    ]);
  });
});
