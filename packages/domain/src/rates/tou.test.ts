import { describe, expect, it } from 'vitest';
import { dayTypeOf, periodAt, periodsOverlap, touDayTypeNamed, touPeriodNamed } from './tou';
import { parseTouRates } from './tou-upload';

describe('time of use', () => {
  it('knows weekdays from the weekend', () => {
    expect(dayTypeOf('2026-11-25').daytypeDescr).toBe('Weekday'); // a Wednesday
    expect(dayTypeOf('2026-11-28').daytypeDescr).toBe('Weekend'); // a Saturday
    expect(dayTypeOf('2026-11-29').daytypeDescr).toBe('Weekend');
    expect(dayTypeOf('2026-11-30').daytypeDescr).toBe('Weekday');
    expect(dayTypeOf('1969-12-31').daytypeDescr).toBe('Weekday');
  });
  it('finds the period of a time, over midnight too', () => {
    expect(periodAt(6, 59).descr).toBe('Night');
    expect(periodAt(7, 0).descr).toBe('Day');
    expect(periodAt(17, 30).descr).toBe('Peak');
    expect(periodAt(22, 0).descr).toBe('Evening');
    expect(periodAt(23, 0).descr).toBe('Night');
    expect(periodAt(0, 0).descr).toBe('Night');
  });
  it('names periods and day types by id or description', () => {
    expect(touPeriodNamed('peak')?.id).toBe(3);
    expect(touPeriodNamed(2)?.descr).toBe('Day');
    expect(touPeriodNamed('Shoulder')).toBeUndefined();
    expect(touDayTypeNamed('WEEKEND')?.id).toBe(2);
  });
  it('tells overlapping periods, end days included', () => {
    const a = { from: '2026-01-01', till: '2026-03-31' };
    expect(periodsOverlap(a, { from: '2026-03-31', till: '2026-06-30' })).toBe(true);
    expect(periodsOverlap(a, { from: '2026-04-01', till: '2026-06-30' })).toBe(false);
    expect(periodsOverlap(a, { from: '2025-01-01', till: '2027-01-01' })).toBe(true);
  });
});

describe('TOU rates upload', () => {
  const header = ['Contract', 'Month', 'Period', 'Day type', 'Rate (c/kWh)'];
  it('reads good rows, by period and day type names or ids', () => {
    const r = parseTouRates([
      header,
      ['Main', '2026-01', 'Peak', 'Weekday', '21.5'],
      ['Main', '2026-01', '1', '2', '9'],
      ['', '', '', '', ''],
    ]);
    expect(r).toEqual({
      ok: true,
      rates: [
        { contract: 'Main', month: '2026-01', periodId: 3, daytypeId: 1, contractedRate: 21.5 },
        { contract: 'Main', month: '2026-01', periodId: 1, daytypeId: 2, contractedRate: 9 },
      ],
    });
  });
  it('refuses the whole file naming the first bad row', () => {
    const good = ['Main', '2026-01', 'Peak', 'Weekday', '21.5'];
    expect(parseTouRates([header, good, ['Main', '2026-13', 'Peak', 'Weekday', '1']])).toMatchObject({
      ok: false,
      row: 3,
      reason: "Row 3: month '2026-13' is not written yyyy-MM",
    });
    expect(parseTouRates([header, good, ['Main', '2026-01', 'Peak', 'Weekday', 'x']])).toMatchObject({
      row: 3,
    });
    expect(parseTouRates([header, good, good])).toMatchObject({ row: 3 });
    expect(parseTouRates([header, ['Main', '2026-01', 'Shoulder', 'Weekday', '1']])).toMatchObject({
      row: 2,
    });
    expect(parseTouRates([header])).toMatchObject({ ok: false, reason: 'The file holds no rates' });
  });
});
