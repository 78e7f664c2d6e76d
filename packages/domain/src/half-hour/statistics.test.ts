import { describe, expect, it } from 'vitest';
import { fromDayNumber, toDayNumber } from '../calendar';
import { averageDay, baseLoadKw, isWeekend, monthStats, percentile, type Reading } from './statistics';

/*
 * A hand-computed month, February 2026 (28 days: 20 weekdays, 8 weekend days). Every half hour uses 1 kWh
 * (2 kW), except 08:00-17:30 on weekdays, 3 kWh (6 kW). Then four peaks: Tue 10 Feb 14:00 5 kWh (10 kW) and
 * 14:30 4.5 kWh (9 kW), Wed 18 Feb 09:00 4 kWh (8 kW), Thu 5 Feb 11:00 3.5 kWh (7 kW). The power factor is
 * 0.95, but 0.8 at 10 Feb 14:00.
 *
 *   total = 20 weekdays x (28 x 1 + 20 x 3) + 8 weekend days x 48 x 1 + (2 + 1.5 + 1 + 0.5) = 1760 + 384 + 5
 *         = 2149 kWh over 1344 half hours
 *   base load: 944 of the 1344 demands are 2 kW; the 5th percentile is the value at index floor(1343 x 0.05)
 *         = 67 of the sorted list: 2 kW
 *   below base: every half hour up to 1 kWh = 1344 kWh; above: 2149 - 1344 = 805 kWh; share 1344 / 2149
 *         = 62.5407...%
 *   average load = 2149 x 2 / 1344 = 3.19791... kW
 *   peaks: 10 (10 Feb 14:00), 9 (10 Feb 14:30), 8 (18 Feb 09:00), 7 (5 Feb 11:00), then the first 6 kW half
 *         hour: Mon 2 Feb 08:00; daily peaks: 10 Feb, 18 Feb, 5 Feb, then the first 6 kW days, 2 and 3 Feb
 *   apparent peak: 10 kW / 0.8 = 12.5 kVA (the next, 9 / 0.95, is 9.47)
 *   weekday average at 14:00: (19 x 3 + 5) / 20 = 3.1 kWh; weekend average at 14:00: 1 kWh
 */
const PEAKS: Record<string, number> = {
  '2026-02-10 14:00': 5,
  '2026-02-10 14:30': 4.5,
  '2026-02-18 09:00': 4,
  '2026-02-05 11:00': 3.5,
};
const time = (slot: number) => `${String(Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`;
function february(): Reading[] {
  const readings: Reading[] = [];
  for (let d = toDayNumber('2026-02-01'); d <= toDayNumber('2026-02-28'); d++) {
    const date = fromDayNumber(d);
    for (let slot = 0; slot < 48; slot++) {
      const at = `${date} ${time(slot)}`;
      const working = !isWeekend(date) && slot >= 16 && slot < 36;
      readings.push({
        date,
        time: time(slot),
        kwh: PEAKS[at] ?? (working ? 3 : 1),
        pf: at === '2026-02-10 14:00' ? 0.8 : 0.95,
        quality: 'A',
      });
    }
  }
  return readings;
}

describe('half-hour statistics of a hand-computed month', () => {
  it('gives base load, its share, average, peaks, daily peaks and the apparent peak', () => {
    const stats = monthStats(february());
    expect(stats).toMatchObject({
      halfHours: 1344,
      missing: 0,
      estimated: 0,
      totalKwh: 2149,
      baseLoadKw: 2,
      baseLoadKwh: 1344,
      aboveBaseKwh: 805,
    });
    expect(stats.baseLoadShare).toBeCloseTo(62.5407, 3);
    expect(stats.averageKw).toBeCloseTo(3.19792, 4);
    expect(stats.peaks).toEqual([
      { date: '2026-02-10', time: '14:00', value: 10 },
      { date: '2026-02-10', time: '14:30', value: 9 },
      { date: '2026-02-18', time: '09:00', value: 8 },
      { date: '2026-02-05', time: '11:00', value: 7 },
      { date: '2026-02-02', time: '08:00', value: 6 },
    ]);
    expect(stats.dailyPeaks.map((p) => [p.date, p.time, p.value])).toEqual([
      ['2026-02-10', '14:00', 10],
      ['2026-02-18', '09:00', 8],
      ['2026-02-05', '11:00', 7],
      ['2026-02-02', '08:00', 6],
      ['2026-02-03', '08:00', 6],
    ]);
    expect(stats.peakKva).toEqual({ date: '2026-02-10', time: '14:00', value: 12.5 });
  });

  it('leaves missing half hours out and counts estimated ones', () => {
    // Sat 21 Feb 03:00 and 03:30 missing (2 kWh less); 18 Feb 09:00 estimated.
    const readings = february().map((r) =>
      r.date === '2026-02-21' && (r.time === '03:00' || r.time === '03:30')
        ? { ...r, kwh: null, quality: ' ' }
        : r.date === '2026-02-18' && r.time === '09:00'
          ? { ...r, quality: 'E' }
          : r,
    );
    const stats = monthStats(readings);
    expect(stats).toMatchObject({
      halfHours: 1342,
      missing: 2,
      estimated: 1,
      totalKwh: 2147,
      baseLoadKwh: 1342,
    });
    // 1342 / 2147 = 62.5058...%; 2147 x 2 / 1342 = 3.19970... kW
    expect(stats.baseLoadShare).toBeCloseTo(62.5058, 3);
    expect(stats.averageKw).toBeCloseTo(3.1997, 4);
  });

  it('averages the weekdays and the weekend days by time of day', () => {
    const weekday = averageDay(february(), 'weekday');
    const weekend = averageDay(february(), 'weekend');
    expect(weekday).toHaveLength(48);
    expect(weekday[28]).toBeCloseTo(3.1, 10);
    expect(weekday[0]).toBe(1);
    expect(weekend[28]).toBe(1);
    expect(averageDay([], 'weekend')[0]).toBeNull();
  });

  it('takes percentiles by nearest rank, rounded down, and has nothing for no data', () => {
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(percentile([5, 1, 4, 2, 3], 5)).toBe(1);
    expect(percentile([], 5)).toBeNull();
    expect(baseLoadKw([null, 0.5, 1.5])).toBe(1);
    expect(monthStats([]).baseLoadShare).toBeNull();
    expect(monthStats([]).peakKva).toBeNull();
  });
});
