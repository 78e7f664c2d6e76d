import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEiep3 } from './eiep3';
import { type FoldedDay, HalfHourFolder } from './fold';
import { clockChanges, localTimeOfHalfHour } from './half-hour-clock';
import { parseNem12 } from './nem12';
import { at, collect, readingsOf } from './testing';
import type { IntervalReading } from './types';

const NZ = 'Pacific/Auckland';
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Folds readings into days by channel (meter and register), completed and flushed alike, by date. */
function fold(
  readings: readonly Pick<IntervalReading, 'startUtcMs' | 'minutes' | 'value' | 'quality'>[],
  zone = NZ,
) {
  const folder = new HalfHourFolder(zone);
  const days: FoldedDay[] = [];
  for (const r of readings) {
    const done = folder.add('ch', r);
    if (typeof done === 'string') throw new Error(done);
    days.push(...done);
  }
  days.push(...folder.flush());
  return new Map(days.map((d) => [d.date, d]));
}

const eiep3 = (days: [string, number, (p: number) => number][]) => {
  const rows = days.flatMap(([date, periods, value]) =>
    range(1, periods).map((p) => `DET,1002087633WE-5E1,1,F,${date},${p},${value(p)},,,X,`),
  );
  return collect(
    parseEiep3([[`HDR,ICPHH,10.0,MEPX,,VRDT,01/10/2025,09:00:00,F1,${rows.length}`, ...rows].join('\n')]),
  );
};
const total = (values: readonly (number | null)[]) => values.reduce<number>((a, v) => a + (v ?? 0), 0);

describe('the standard-time half-hour clock', () => {
  it('lands the 50 trading periods of 6 April 2025 (daylight time ends) on 48 + 2 half hours of standard time', async () => {
    const events = await eiep3([
      ['05/04/2025', 48, (p) => 100 + p],
      ['06/04/2025', 50, (p) => p],
      ['07/04/2025', 48, (p) => 200 + p],
    ]);
    const days = fold(readingsOf(events));
    // 6 April starts at midnight daylight time, 23:00 on 5 April in standard time: its periods 1 and 2 are the
    // last two half hours of 5 April, and periods 3 to 50 fill 6 April.
    expect(days.get('2025-04-04')?.values.slice(46)).toEqual([101, 102]);
    expect(days.get('2025-04-05')?.values).toEqual([...range(103, 148), 1, 2]);
    expect(days.get('2025-04-06')?.values).toEqual(range(3, 50));
    expect(days.get('2025-04-07')?.values).toEqual(range(201, 248));
    expect(days.get('2025-04-06')).toMatchObject({ readings: 48, partial: [], quality: 'A'.repeat(48) });
    const folded = [...days.values()].reduce((a, d) => a + total(d.values), 0);
    expect(folded).toBe(total([...range(101, 148), ...range(1, 50), ...range(201, 248)]));

    // On the HH page: 00:00 standard time is 01:00 daylight time; 02:00 standard is the second 02:00 of the day.
    expect(localTimeOfHalfHour('2025-04-06', 0, NZ)).toEqual({
      date: '2025-04-06',
      time: '01:00',
      daylight: true,
    });
    expect(localTimeOfHalfHour('2025-04-06', 2, NZ)).toEqual({
      date: '2025-04-06',
      time: '02:00',
      daylight: true,
    });
    expect(localTimeOfHalfHour('2025-04-06', 4, NZ)).toEqual({
      date: '2025-04-06',
      time: '02:00',
      daylight: false,
    });
    expect(localTimeOfHalfHour('2025-04-06', 47, NZ)).toEqual({
      date: '2025-04-06',
      time: '23:30',
      daylight: false,
    });
  });

  it('lands the 46 trading periods of 28 September 2025 (daylight time starts) with the next day filling the last hour', async () => {
    const events = await eiep3([
      ['28/09/2025', 46, (p) => p],
      ['29/09/2025', 48, (p) => 100 + p],
    ]);
    const days = fold(readingsOf(events));
    expect(days.get('2025-09-28')?.values).toEqual([...range(1, 46), 101, 102]);
    expect(days.get('2025-09-28')?.readings).toBe(48);
    // 29 September's last hour of standard time is 30 September's first periods, not in the file.
    expect(days.get('2025-09-29')?.values).toEqual([...range(103, 148), null, null]);
    expect(days.get('2025-09-29')).toMatchObject({ readings: 46, partial: [] });
    expect(localTimeOfHalfHour('2025-09-28', 3, NZ)).toEqual({
      date: '2025-09-28',
      time: '01:30',
      daylight: false,
    });
    expect(localTimeOfHalfHour('2025-09-28', 4, NZ)).toEqual({
      date: '2025-09-28',
      time: '03:00',
      daylight: true,
    });
    expect(localTimeOfHalfHour('2025-09-28', 47, NZ)).toEqual({
      date: '2025-09-29',
      time: '00:30',
      daylight: true,
    });
  });

  it('names the changeover days and their local half hours', () => {
    expect(clockChanges(NZ, 2025)).toEqual([
      { date: '2025-04-06', change: 'daylight-time-ends', localHalfHours: 50 },
      { date: '2025-09-28', change: 'daylight-time-starts', localHalfHours: 46 },
    ]);
    expect(clockChanges('Australia/Sydney', 2025).map((c) => [c.date, c.localHalfHours])).toEqual([
      ['2025-04-06', 50],
      ['2025-10-05', 46],
    ]);
    expect(clockChanges('Australia/Brisbane', 2025)).toEqual([]);
  });

  it('sums a NEM12 day of 5-minute data (AEST) into whole New Zealand standard days across both changeovers', async () => {
    const row = (date: string) => `300,${date},${new Array(288).fill('0.500').join(',')},A,,,,`;
    const text = [
      '100,NEM12,202510010600,MDP1,RET1',
      '200,1002079287WE-704,E1,1,E1,N1,M1,kWh,5,',
      ...['20250405', '20250406', '20250407', '20250927', '20250928', '20250929'].map(row),
      '400,1,1,A,,', // 29 September: interval 2 substituted
      '400,2,2,S53,,',
      '400,3,288,A,,',
      '900',
    ]
      .join('\n')
      .replace(/(300,20250929,[^\n]*),A,,,,/, '$1,V,,,,');
    const days = fold(readingsOf(await collect(parseNem12([text]))));
    // A NEM12 day starts at 00:00 AEST, 02:00 New Zealand standard time: 6 April's first four half hours come
    // from 5 April's last two hours, whatever either country's daylight time does.
    for (const date of ['2025-04-06', '2025-04-07', '2025-09-28', '2025-09-29']) {
      expect(days.get(date)?.values, date).toEqual(new Array(48).fill(3));
    }
    expect(days.get('2025-09-29')?.quality).toBe(`AAAAS${'A'.repeat(43)}`);
    expect(days.get('2025-04-05')?.values.slice(0, 4)).toEqual([null, null, null, null]);
  });

  it('splits hourly Green Button readings evenly over their two half hours', () => {
    const start = at('2025-09-28 00:00', 12);
    const hourly = range(0, 22).map((h) => ({
      startUtcMs: start + h * 3_600_000,
      minutes: 60,
      value: 2,
      quality: 'A' as const,
    }));
    const day = fold(hourly).get('2025-09-28');
    expect(day?.values).toEqual([...new Array(46).fill(1), null, null]);
    // Each half is derived (D): the hour's total is measured, its split is not; an estimated hour stays E.
    expect(day?.quality).toBe(`${'D'.repeat(46)}  `);
    const first = { startUtcMs: start, minutes: 60, value: 2, quality: 'E' as const };
    const estimated = fold([first]).get('2025-09-28');
    expect(estimated?.quality.slice(0, 2)).toBe('EE');
  });

  it('takes the worst quality of a half hour, and marks one missing a part as estimated and partial', () => {
    const t = at('2025-07-01 00:00', 12);
    const five = (i: number, quality: IntervalReading['quality']) => ({
      startUtcMs: t + i * 300_000,
      minutes: 5,
      value: 1,
      quality,
    });
    const day = fold([
      ...range(0, 5).map((i) => five(i, i === 2 ? 'S' : 'A')),
      ...range(6, 11).map((i) => five(i, i === 6 ? 'F' : i === 7 ? 'E' : 'A')),
      { startUtcMs: t + 60 * 60_000, minutes: 15, value: 4, quality: 'A' }, // 01:00-01:15 only
    ]).get('2025-07-01');
    expect(day?.values.slice(0, 3)).toEqual([6, 6, 4]);
    expect(day?.quality.slice(0, 4)).toBe('SEE ');
    expect(day?.partial).toEqual([2]);
  });

  it('refuses a second reading for a minute already covered', () => {
    const folder = new HalfHourFolder(NZ);
    const t = at('2025-07-01 00:00', 12);
    expect(folder.add('ch', { startUtcMs: t, minutes: 30, value: 1, quality: 'A' })).toEqual([]);
    expect(folder.add('ch', { startUtcMs: t + 600_000, minutes: 5, value: 1, quality: 'A' })).toBe(
      'a reading for the same meter, register and time is already in the file',
    );
    expect(folder.add('other', { startUtcMs: t, minutes: 30, value: 1, quality: 'A' })).toEqual([]);
    expect(folder.add('ch', { startUtcMs: t + 1, minutes: 30, value: 1, quality: 'A' })).toBe(
      'the reading does not start and end on whole minutes',
    );
    // A day answered whole is remembered: the same day again (a duplicated NEM12 300 record) is refused too.
    const day = range(0, 47).map((hh) => ({
      startUtcMs: t + 86_400_000 + hh * 1_800_000,
      minutes: 30,
      value: 1,
      quality: 'A' as const,
    }));
    const answers = day.map((r) => folder.add('ch', r));
    expect(answers.at(-1)).toEqual([expect.objectContaining({ date: '2025-07-02', readings: 48 })]);
    expect(folder.add('ch', day[10] as IntervalReading)).toBe(
      'a reading for the same meter, register and time is already in the file',
    );
  });

  it('shares a reading by time where the standard clock is not on whole half hours (Nepal, UTC+5:45)', () => {
    const day = fold(
      [{ startUtcMs: Date.parse('2025-07-01T00:00:00Z'), minutes: 30, value: 3, quality: 'A' }],
      'Asia/Kathmandu',
    ).get('2025-07-01');
    // 05:45-06:15 local standard time: half of it in 05:30-06:00 (slot 11), half in 06:00-06:30 (slot 12).
    expect(day?.values.slice(11, 13)).toEqual([1.5, 1.5]);
    expect(day?.partial).toEqual([11, 12]);
  });

  it('keeps every kWh: the folded total is the readings total, in any zone and for any mix of lengths', () => {
    const zones = [
      'Pacific/Auckland',
      'Australia/Sydney',
      'Australia/Adelaide',
      'Pacific/Chatham',
      'Asia/Kathmandu',
      'UTC',
      'America/New_York',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 2 * 366 * 1440 }),
        fc.array(
          fc.record({ minutes: fc.constantFrom(5, 15, 30, 60), value: fc.integer({ min: 0, max: 100_000 }) }),
          { minLength: 1, maxLength: 400 },
        ),
        fc.array(fc.nat(), { maxLength: 20 }),
        (zone, startMinute, specs, gaps) => {
          let t = Date.UTC(2024, 2, 1) + startMinute * 60_000;
          const skip = new Set(gaps.map((g) => g % specs.length));
          const readings = specs.flatMap((s, i) => {
            const r = { startUtcMs: t, minutes: s.minutes, value: s.value / 1000, quality: 'A' as const };
            t += s.minutes * 60_000;
            return skip.has(i) ? [] : [r];
          });
          const days = [...fold(readings, zone).values()];
          const folded = days.reduce((a, d) => a + total(d.values), 0);
          const expected = readings.reduce((a, r) => a + r.value, 0);
          expect(Math.abs(folded - expected)).toBeLessThan(1e-6 * (days.length * 48 + 1));
          for (const d of days) {
            expect(d.readings).toBe(d.values.filter((v) => v !== null).length);
            expect(d.quality.replaceAll(' ', '').length).toBe(d.readings);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
