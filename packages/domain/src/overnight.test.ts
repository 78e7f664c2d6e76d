import { describe, expect, it } from 'vitest';
import { nightWindowText, overnightStart, parseNightWindow } from './overnight';

/**
 * Overnight jobs wait for the night window on the organisation's wall clock (docs/decisions/job-runner.md,
 * Overnight jobs). Worked by hand in Pacific/Auckland: NZST is UTC+12 (winter), NZDT UTC+13 (from the last Sunday
 * of September, 02:00 becoming 03:00, to the first Sunday of April).
 */

const WINDOW = { start: 60, end: 300 }; // 01:00-05:00
const at = (iso: string) => new Date(iso);

describe('the night window', () => {
  it('reads HH:MM-HH:MM and refuses anything else', () => {
    expect(parseNightWindow('01:00-05:00')).toEqual(WINDOW);
    expect(parseNightWindow(' 23:30 - 04:15 ')).toEqual({ start: 1410, end: 255 });
    for (const bad of ['', '1:00-5:00', '01:00', '01:00-01:00', '25:00-05:00', '01:00-05:00-06:00', 'night'])
      expect(parseNightWindow(bad)).toBeNull();
    expect(nightWindowText({ start: 1410, end: 255 })).toBe('23:30-04:15');
  });

  it('starts at the next 01:00 on the organisation’s clock, today’s or tomorrow’s', () => {
    // 15 Jan 2027 02:00 UTC is 15:00 NZDT: the next 01:00 NZDT is 16 Jan, 12:00 UTC on the 15th.
    expect(overnightStart(at('2027-01-15T02:00:00Z'), 'Pacific/Auckland', WINDOW).toISOString()).toBe(
      '2027-01-15T12:00:00.000Z',
    );
    // 15 Jan 2027 11:30 UTC is 00:30 NZDT on the 16th: the same night's 01:00, 30 minutes on.
    expect(overnightStart(at('2027-01-15T11:30:00Z'), 'Pacific/Auckland', WINDOW).toISOString()).toBe(
      '2027-01-15T12:00:00.000Z',
    );
    // 15 July 2026 02:00 UTC is 14:00 NZST: 01:00 NZST on the 16th is 13:00 UTC on the 15th.
    expect(overnightStart(at('2026-07-15T02:00:00Z'), 'Pacific/Auckland', WINDOW).toISOString()).toBe(
      '2026-07-15T13:00:00.000Z',
    );
    // The same instant in Sydney (AEST, UTC+10) is 12:00: its 01:00 on the 16th is 15:00 UTC on the 15th.
    expect(overnightStart(at('2026-07-15T02:00:00Z'), 'Australia/Sydney', WINDOW).toISOString()).toBe(
      '2026-07-15T15:00:00.000Z',
    );
  });

  it('starts at once inside the window, and waits for one that wraps past midnight', () => {
    // 15 Jan 2027 13:30 UTC is 02:30 NZDT on the 16th: inside 01:00-05:00.
    const inside = at('2027-01-15T13:30:00Z');
    expect(overnightStart(inside, 'Pacific/Auckland', WINDOW)).toBe(inside);
    // 23:00-04:00: at 22:00 NZDT (09:00 UTC) it waits an hour; at 03:00 NZDT (14:00 UTC) it is inside.
    const wraps = { start: 1380, end: 240 };
    expect(overnightStart(at('2027-01-15T09:00:00Z'), 'Pacific/Auckland', wraps).toISOString()).toBe(
      '2027-01-15T10:00:00.000Z',
    );
    const late = at('2027-01-15T14:00:00Z');
    expect(overnightStart(late, 'Pacific/Auckland', wraps)).toBe(late);
  });

  it('takes the first minute after a start daylight time skips', () => {
    // 27 Sep 2026 in Auckland: 02:00 NZST becomes 03:00 NZDT. A 02:30 start is read as 03:00 NZDT, 14:00 UTC
    // on the 26th. At noon NZST on the 26th (00:00 UTC) the job waits for that.
    expect(
      overnightStart(at('2026-09-26T00:00:00Z'), 'Pacific/Auckland', { start: 150, end: 300 }).toISOString(),
    ).toBe('2026-09-26T14:00:00.000Z');
  });
});
