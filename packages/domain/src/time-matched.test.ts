import { describe, expect, it } from 'vitest';
import { parseInstant, parseIntensityRows, sampleIntensity } from './grid-intensity';
import { compareWithAverage, intensityAt, slotInstant, timeMatchedByMonth, totalOf } from './time-matched';

/** Time-matched scope 2, each figure checked by hand in its comment. */

const utc = (iso: string) => Date.parse(iso);
const NZ = () => 720;
const round = (n: number | null) => (n === null ? null : Math.round(n * 1e6) / 1e6);

describe('the standard-time clock', () => {
  it('starts slot 0 at standard-time midnight, in winter and in daylight time alike', () => {
    // 1 July 2025, New Zealand standard time (+12:00): midnight is 30 June 12:00 UTC; slot 47 is 23:30 local.
    expect(slotInstant('2025-07-01', 0, 720)).toBe(utc('2025-06-30T12:00:00Z'));
    expect(slotInstant('2025-07-01', 47, 720)).toBe(utc('2025-07-01T11:30:00Z'));
    // 15 January is in daylight time (+13:00) but the stored clock stays on +12:00: slot 0 is 01:00 NZDT.
    expect(slotInstant('2025-01-15', 0, 720)).toBe(utc('2025-01-14T12:00:00Z'));
  });
});

describe('a series lookup', () => {
  // Hourly: 0.1 from 12:00 UTC, 0.2 from 13:00 UTC, nothing after 14:00.
  const hourly = {
    intervalMinutes: 60,
    starts: [utc('2025-06-30T12:00Z'), utc('2025-06-30T13:00Z')],
    values: [0.1, 0.2],
  };

  it('finds the interval holding an instant, and none outside the series', () => {
    expect(intensityAt(hourly, utc('2025-06-30T12:00Z'))).toBe(0.1);
    expect(intensityAt(hourly, utc('2025-06-30T12:30Z'))).toBe(0.1);
    expect(intensityAt(hourly, utc('2025-06-30T13:30Z'))).toBe(0.2);
    expect(intensityAt(hourly, utc('2025-06-30T14:00Z'))).toBeUndefined();
    expect(intensityAt(hourly, utc('2025-06-30T11:30Z'))).toBeUndefined();
  });

  it('prices each half hour at its own intensity and compares with the annual average', () => {
    // 1 July slots 0-3 (12:00-14:00 UTC): 1, 1, 2, 2 kWh; slot 4 (14:00 UTC) 5 kWh with no intensity; the rest
    // missing. Time-matched: 1 x 0.1 + 1 x 0.1 + 2 x 0.2 + 2 x 0.2 = 1.0 kg over 6 matched kWh of 11.
    // At the annual average 0.15: 6 x 0.15 = 0.9 kg; time-matched is 0.1 kg (11.1%) more.
    const kwh = [1, 1, 2, 2, 5, ...Array<null>(43).fill(null)];
    const [month] = timeMatchedByMonth([{ date: '2025-07-01', kwh }], NZ, hourly);
    expect(month).toEqual({
      month: '2025-07-01',
      estimated: false,
      halfHours: 5,
      kwh: 11,
      matchedHalfHours: 4,
      matchedKwh: 6,
      kg: expect.closeTo(1, 9),
    });
    const [compared] = compareWithAverage(month ? [month] : [], () => 0.15);
    expect(round(compared?.averageKg ?? null)).toBe(0.9);
    expect(round(compared?.differenceKg ?? null)).toBe(0.1);
    expect(round(compared?.differencePercent ?? null)).toBe(11.111111);
    // By day, with an estimated day: each day its own bucket.
    const byDay = timeMatchedByMonth(
      [
        { date: '2025-07-01', kwh },
        { date: '2025-07-02', kwh, estimated: true },
      ],
      NZ,
      hourly,
      (date) => date,
    );
    expect(byDay.map((d) => [d.month, d.kwh, d.estimated])).toEqual([
      ['2025-07-01', 11, false],
      ['2025-07-02', 11, true],
    ]);
    // Without an average factor there is nothing to compare with: unavailable, not zero.
    expect(compareWithAverage(month ? [month] : [], () => null)[0]).toMatchObject({
      averageKg: null,
      differenceKg: null,
      differencePercent: null,
    });
  });

  it('adds months up, and the total compares only where every month has an average', () => {
    // July 1.0 kg (average 0.9), August 2.0 kg (average 2.5): 3.0 kg against 3.4, 0.4 kg (11.76%) less.
    const months = compareWithAverage(
      [
        {
          month: '2025-07-01',
          estimated: false,
          halfHours: 4,
          kwh: 6,
          matchedHalfHours: 4,
          matchedKwh: 6,
          kg: 1,
        },
        {
          month: '2025-08-01',
          estimated: true,
          halfHours: 10,
          kwh: 10,
          matchedHalfHours: 10,
          matchedKwh: 10,
          kg: 2,
        },
      ],
      (m) => (m === '2025-07-01' ? 0.15 : 0.25),
    );
    const total = totalOf(months);
    expect([total.kg, round(total.averageKg), round(total.differenceKg)]).toEqual([3, 3.4, -0.4]);
    expect(round(total.differencePercent)).toBe(-11.764706);
  });
});

describe('a grid intensity CSV', () => {
  it('reads instants with their offsets, after a header', () => {
    const parsed = parseIntensityRows([
      ['Start', 'kg CO2e per kWh'],
      ['2025-07-01T01:00+12:00', '0.2'],
      ['2025-06-30T12:00Z', '0.1'],
      ['', ''],
    ]);
    expect(parsed).toEqual({
      ok: true,
      points: [
        { startsAt: utc('2025-06-30T12:00Z'), intensity: 0.1 },
        { startsAt: utc('2025-06-30T13:00Z'), intensity: 0.2 },
      ],
    });
  });

  it('names the first bad row', () => {
    const row = (cells: string[][]) => {
      const p = parseIntensityRows(cells);
      return p.ok ? null : [p.row, p.reason];
    };
    expect(row([['2025-07-01 00:00', '0.1']])?.[1]).toContain('ISO 8601');
    expect(row([['2025-02-30T00:00Z', '0.1']])?.[1]).toContain('ISO 8601');
    expect(row([['2025-07-01T00:10Z', '0.1']])).toEqual([1, 'the start is not on a half hour']);
    expect(row([['Start'], ['2025-07-01T00:00Z', 'x']])?.[0]).toBe(2);
    expect(row([['2025-07-01T00:00Z', '-0.1']])?.[1]).toContain('from 0 to 5');
    expect(
      row([
        ['2025-07-01T00:00Z', '0.1'],
        ['2025-07-01T12:00+12:00', '0.2'],
      ]),
    ).toEqual([2, 'the interval starting 2025-07-01T00:00:00.000Z is already in the file']);
    expect(row([['Start', 'Value']])?.[1]).toBe('The file holds no intensities');
    expect(parseInstant('2025-07-01T00:00:00+1200')).toBe(utc('2025-06-30T12:00Z'));
  });

  it('gives the documented sample shape', () => {
    // 08:00 in July: 0.07 x (1 + 0.3 - 0.25 e^-3.125) x 1.3 = 0.07 x 1.289015 x 1.3 = 0.1173.
    expect(sampleIntensity(8, 7)).toBe(0.1173);
    // 03:00 in January: 0.07 x (1 + 0.3 e^-6.25 - 0.25) x 0.7 = 0.07 x 0.750579 x 0.7 = 0.0368.
    expect(sampleIntensity(3, 1)).toBe(0.0368);
  });
});
