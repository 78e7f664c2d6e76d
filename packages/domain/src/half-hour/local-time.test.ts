import { describe, expect, it } from 'vitest';
import { fromDayNumber, toDayNumber } from '../calendar';
import { localMonth, qualityAt, type StoredDay } from './local-time';

/** Standard-time days whose every half hour holds its own slot number, to see where each one lands. */
const stored = (from: string, till: string): StoredDay[] => {
  const days: StoredDay[] = [];
  for (let d = toDayNumber(from); d <= toDayNumber(till); d++) {
    days.push({ date: fromDayNumber(d), kwh: Array.from({ length: 48 }, (_, slot) => slot) });
  }
  return days;
};

describe('the local clock of the half-hour page (Pacific/Auckland, standard time +12:00)', () => {
  it('ends daylight saving on 5 April 2026: 50 half hours, 02:00 and 02:30 twice', () => {
    const { readings, days } = localMonth(stored('2026-03-31', '2026-04-30'), 'Pacific/Auckland', '2026-04');
    // 30 days of 48, and two more on the 5th.
    expect(readings).toHaveLength(1442);
    expect(days.filter((d) => d.changeover !== null)).toEqual([
      { date: '2026-04-05', halfHours: 50, changeover: 'end' },
    ]);
    // 1 April is still daylight time: local midnight is 23:00 standard time of 31 March (slot 46).
    const first = readings.filter((r) => r.date === '2026-04-01');
    expect(first.slice(0, 3).map((r) => [r.time, r.kwh])).toEqual([
      ['00:00', 46],
      ['00:30', 47],
      ['01:00', 0],
    ]);
    const fifth = readings.filter((r) => r.date === '2026-04-05');
    expect(fifth.map((r) => r.hh)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(fifth.slice(0, 9).map((r) => `${r.time}=${r.kwh}`)).toEqual([
      '00:00=46',
      '00:30=47',
      '01:00=0',
      '01:30=1',
      '02:00=2',
      '02:30=3',
      // 03:00 daylight time is 02:00 standard time: the hour repeats.
      '02:00=4',
      '02:30=5',
      '03:00=6',
    ]);
    expect(fifth.at(-1)).toMatchObject({ time: '23:30', kwh: 47 });
    // From the 6th local time is standard time.
    expect(readings.find((r) => r.date === '2026-04-06')).toMatchObject({ time: '00:00', kwh: 0 });
  });

  it('starts daylight saving on 27 September 2026: 46 half hours, no 02:00 or 02:30', () => {
    const { readings, days } = localMonth(stored('2026-08-31', '2026-09-30'), 'Pacific/Auckland', '2026-09');
    expect(readings).toHaveLength(1438);
    expect(days.filter((d) => d.changeover !== null)).toEqual([
      { date: '2026-09-27', halfHours: 46, changeover: 'start' },
    ]);
    const day = readings.filter((r) => r.date === '2026-09-27');
    expect(day.slice(2, 6).map((r) => `${r.time}=${r.kwh}`)).toEqual([
      '01:00=2',
      '01:30=3',
      '03:00=4',
      '03:30=5',
    ]);
    expect(day.at(-1)).toMatchObject({ hh: 45, time: '23:30', kwh: 45 });
    // The last two standard half hours of the 27th are the first two local ones of the 28th.
    expect(
      readings
        .filter((r) => r.date === '2026-09-28')
        .slice(0, 2)
        .map((r) => r.kwh),
    ).toEqual([46, 47]);
  });

  it('marks missing half hours and days, and keeps the quality flags', () => {
    const days = stored('2026-06-01', '2026-06-02');
    const [june1] = days;
    if (!june1) throw new Error('no day');
    june1.kwh = june1.kwh.map((v, slot) => (slot === 10 ? null : v));
    june1.quality = `${'A'.repeat(20)}${'E'.repeat(4)}${'A'.repeat(24)}`;
    const { readings } = localMonth(days, 'Pacific/Auckland', '2026-06');
    // June is standard time: local equals stored.
    expect(readings).toHaveLength(30 * 48);
    expect(readings[10]).toMatchObject({ date: '2026-06-01', time: '05:00', kwh: null, quality: ' ' });
    expect(readings[20]).toMatchObject({ time: '10:00', kwh: 20, quality: 'E' });
    expect(readings[48]).toMatchObject({ date: '2026-06-02', quality: 'A' });
    expect(readings[96]).toMatchObject({ date: '2026-06-03', kwh: null, quality: ' ' });
    expect(qualityAt(undefined, 3)).toBe(' ');
  });

  it('keeps 48 half hours every day in a zone without daylight saving', () => {
    const { readings, days } = localMonth(stored('2026-03-31', '2026-04-30'), 'Asia/Singapore', '2026-04');
    expect(readings).toHaveLength(30 * 48);
    expect(days.every((d) => d.halfHours === 48 && d.changeover === null)).toBe(true);
  });
});
