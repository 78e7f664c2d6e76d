import { describe, expect, it } from 'vitest';
import {
  type Figure,
  type GraphShape,
  graphAxis,
  monthsToRead,
  type SeriesShape,
  seriesLines,
} from './build';

const f = (value: number, flags: Partial<Figure> = {}): Figure => ({
  value,
  incomplete: false,
  estimated: false,
  ...flags,
});
const series: SeriesShape = {
  name: 'Depot',
  unit: 'kWh',
  presentation: 'normal',
  forecast: false,
  removeLast: false,
};
const whole = (n: number) => n;

/** 2025: 100 a month; 2026: 110 a month up to March (estimated in February, incomplete in March). */
const figures = new Map<string, Figure>();
for (let m = 1; m <= 12; m += 1) figures.set(`2025-${String(m).padStart(2, '0')}-01`, f(100));
figures.set('2026-01-01', f(110));
figures.set('2026-02-01', f(110, { estimated: true }));
figures.set('2026-03-01', f(110, { incomplete: true }));

const yearly: GraphShape = {
  chart: 'yearly',
  period: 'month',
  years: [2025, 2026],
  endMonth: '2026-03-01',
  yearEnd: 12,
};

describe('a yearly chart', () => {
  it('draws a line per year over the twelve months, nothing after the end month', () => {
    const axis = graphAxis(yearly, false);
    expect(axis.keys).toHaveLength(12);
    const [y2025, y2026] = seriesLines(yearly, axis, series, figures, whole);
    expect(y2025?.name).toBe('Depot 2025');
    expect(y2025?.values).toEqual(Array(12).fill(100));
    expect(y2026?.values).toEqual([110, 110, 110, ...Array(9).fill(null)]);
    expect(y2026?.estimated.slice(0, 3)).toEqual([false, true, false]);
    expect(y2026?.incomplete.slice(0, 3)).toEqual([false, false, true]);
    expect(y2026?.forecast).toBeNull();
  });

  it('forecasts the rest of the last year from the growth over the prior year (330 against 300: 1.1)', () => {
    const axis = graphAxis(yearly, false);
    const round = (n: number) => Math.round(n * 1000) / 1000;
    const [y2025, y2026] = seriesLines(yearly, axis, { ...series, forecast: true }, figures, round);
    expect(y2025?.forecast).toBeNull();
    expect(y2026?.forecast?.slice(0, 4)).toEqual([null, null, 110, 110]);
    expect(y2026?.forecast?.[11]).toBe(110);
  });

  it('forecasts a trailing incomplete month too, growing from the complete months only', () => {
    const [, y2026] = seriesLines(
      yearly,
      graphAxis(yearly, false),
      { ...series, forecast: true },
      figures,
      whole,
    );
    // March is incomplete: January and February (220 against 200) give the growth, 1.1.
    expect(y2026?.values.slice(0, 3)).toEqual([110, 110, 110]);
    expect(y2026?.forecast?.slice(0, 4).map((v) => (v === null ? null : Math.round(v)))).toEqual([
      null,
      null,
      110,
      110,
    ]);
  });

  it('when every month is incomplete, forecasts from all but the last', () => {
    const all = new Map([...figures].map(([k, v]) => [k, { ...v, incomplete: true }]));
    const [, y2026] = seriesLines(
      yearly,
      graphAxis(yearly, false),
      { ...series, forecast: true },
      all,
      whole,
    );
    expect(y2026?.forecast?.slice(0, 4).map((v) => (v === null ? null : Math.round(v)))).toEqual([
      null,
      null,
      110,
      110,
    ]);
  });

  it('runs a cumulative total within each year, its forecast carrying on from it', () => {
    const axis = graphAxis(yearly, false);
    const [y2025, y2026] = seriesLines(
      yearly,
      axis,
      { ...series, presentation: 'cumulative', forecast: true },
      figures,
      whole,
    );
    expect(y2025?.values[11]).toBe(1200);
    expect(y2026?.values.slice(0, 4)).toEqual([110, 220, 330, null]);
    expect(y2026?.forecast?.[2]).toBeCloseTo(330);
    expect(y2026?.forecast?.[3]).toBeCloseTo(440);
    expect(y2026?.forecast?.[11]).toBeCloseTo(1320);
  });

  it('adds quarters and marks a quarter holding an incomplete or estimated month', () => {
    const shape: GraphShape = { ...yearly, period: 'quarter' };
    const [y2025, y2026] = seriesLines(shape, graphAxis(shape, false), series, figures, whole);
    expect(y2025?.values).toEqual([300, 300, 300, 300]);
    expect(y2026?.values).toEqual([330, null, null, null]);
    expect([y2026?.incomplete[0], y2026?.estimated[0]]).toEqual([true, true]);
  });

  it('leaves the end month out when asked', () => {
    const [, y2026] = seriesLines(
      yearly,
      graphAxis(yearly, false),
      { ...series, removeLast: true },
      figures,
      whole,
    );
    expect(y2026?.values.slice(0, 3)).toEqual([110, 110, null]);
  });

  it('follows a June year end: 2026 is July 2025 to June 2026', () => {
    const shape: GraphShape = { ...yearly, years: [2026], yearEnd: 6 };
    const axis = graphAxis(shape, false);
    expect(axis.keys[0]).toBe('Jul');
    const [fy] = seriesLines(shape, axis, series, figures, whole);
    expect(fy?.name).toBe('Depot FY 2025/26');
    expect(fy?.values).toEqual([100, 100, 100, 100, 100, 100, 110, 110, 110, null, null, null]);
  });
});

describe('a time series', () => {
  const shape: GraphShape = {
    chart: 'timeseries',
    period: 'month',
    years: [2025],
    endMonth: '2026-03-01',
    yearEnd: 12,
  };

  it('runs from the first year to the end month in one line', () => {
    const axis = graphAxis(shape, false);
    expect(axis.keys[0]).toBe('2025-01');
    expect(axis.keys.at(-1)).toBe('2026-03');
    const [line] = seriesLines(shape, axis, { ...series, presentation: 'cumulative' }, figures, whole);
    expect(line?.name).toBe('Depot');
    expect(line?.values.at(-1)).toBe(1530);
  });

  it('runs on to the end of the year when a series forecasts', () => {
    const axis = graphAxis(shape, true);
    expect(axis.keys.at(-1)).toBe('2026-12');
    const [line] = seriesLines(shape, axis, { ...series, forecast: true }, figures, whole);
    expect(line?.values.at(-1)).toBeNull();
    expect(line?.forecast?.at(-1)).toBeCloseTo(110);
  });

  it('adds years and reads the year before a forecast', () => {
    expect(monthsToRead(shape, false)).toEqual({ from: '2025-01-01', till: '2026-03-01' });
    expect(monthsToRead({ ...shape, years: [2026] }, true)).toEqual({
      from: '2025-01-01',
      till: '2026-03-01',
    });
    const years = { ...shape, period: 'year' as const };
    const [line] = seriesLines(years, graphAxis(years, false), series, figures, whole);
    expect(line?.values).toEqual([1200, 330]);
  });

  it('draws days from the day figures', () => {
    const days: GraphShape = { ...shape, period: 'day', years: [2026], endMonth: '2026-01-01' };
    const axis = graphAxis(days, false);
    expect(axis.keys).toHaveLength(31);
    const byDay = new Map([['2026-01-02', f(12.5, { incomplete: true })]]);
    const [line] = seriesLines(days, axis, series, byDay, whole);
    expect(line?.values.slice(0, 3)).toEqual([null, 12.5, null]);
    expect(line?.incomplete[1]).toBe(true);
  });
});
