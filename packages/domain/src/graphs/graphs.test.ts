import { describe, expect, it } from 'vitest';
import { completenessNote, graphTableRows, pointNote } from './completeness';
import {
  dayBuckets,
  graphRange,
  positionInYear,
  timeseriesBuckets,
  yearLabel,
  yearlyCategories,
  yearMonths,
  yearOf,
} from './periods';
import { groupSmallSlices, isOthers, OTHERS_SLICE, shareLabel } from './pie';
import { barLayout, type GraphSeries, seriesName, splitSeries } from './series';
import { cumulative, forecastYear, growth, sumOrNull } from './transforms';

describe('graph periods', () => {
  it('names a reporting year by the year it ends in', () => {
    expect([yearMonths(2026, 12)[0], yearMonths(2026, 12)[11]]).toEqual(['2026-01-01', '2026-12-01']);
    expect([yearMonths(2026, 6)[0], yearMonths(2026, 6)[11]]).toEqual(['2025-07-01', '2026-06-01']);
    expect([yearMonths(2026, 3)[0], yearMonths(2026, 3)[11]]).toEqual(['2025-04-01', '2026-03-01']);
    expect(yearOf('2026-06-01', 6)).toBe(2026);
    expect(yearOf('2026-07-01', 6)).toBe(2027);
    expect(yearOf('2026-12-01', 12)).toBe(2026);
    expect(yearLabel(2026, 12)).toBe('2026');
    expect(yearLabel(2026, 6)).toBe('FY 2025/26');
  });

  it('places months in the year: July is the first month and Q1 of a June year', () => {
    expect(positionInYear('2025-07-01', 'month', 6)).toBe(0);
    expect(positionInYear('2026-06-01', 'month', 6)).toBe(11);
    expect(positionInYear('2026-01-01', 'quarter', 6)).toBe(2);
    expect(positionInYear('2026-01-01', 'month', 12)).toBe(0);
    expect(positionInYear('2026-12-01', 'quarter', 12)).toBe(3);
    expect(positionInYear('2026-05-01', 'year', 3)).toBe(0);
    expect(yearlyCategories('month', 6).slice(0, 3)).toEqual(['Jul', 'Aug', 'Sep']);
    expect(yearlyCategories('quarter', 12)).toEqual(['Q1', 'Q2', 'Q3', 'Q4']);
    expect(yearlyCategories('year', 12)).toEqual(['Year']);
  });

  it('buckets a time series by month, quarter and year', () => {
    const months = timeseriesBuckets('2025-11-01', '2026-02-01', 'month', 12);
    expect(months.map((b) => [b.key, b.label])).toEqual([
      ['2025-11', 'Nov 2025'],
      ['2025-12', 'Dec 2025'],
      ['2026-01', 'Jan 2026'],
      ['2026-02', 'Feb 2026'],
    ]);
    const quarters = timeseriesBuckets('2025-11-01', '2026-04-01', 'quarter', 12);
    expect(quarters.map((b) => [b.key, b.months.length])).toEqual([
      ['2025-Q4', 2],
      ['2026-Q1', 3],
      ['2026-Q2', 1],
    ]);
    expect(quarters[1]?.label).toBe('Q1 2026');
    const years = timeseriesBuckets('2025-05-01', '2026-08-01', 'year', 6);
    expect(years.map((b) => [b.key, b.label, b.months.length])).toEqual([
      ['2025', 'FY 2024/25', 2],
      ['2026', 'FY 2025/26', 12],
      ['2027', 'FY 2026/27', 2],
    ]);
  });

  it('lists every day of the months for a day series', () => {
    const days = dayBuckets('2024-02-01', '2024-03-01');
    expect(days).toHaveLength(29 + 31);
    expect(days[0]).toEqual({ key: '2024-02-01', label: '01/02/2024', months: ['2024-02-01'] });
    expect(days.at(-1)?.key).toBe('2024-03-31');
  });

  it('reads whole years for a yearly chart and stops at the end month', () => {
    expect(graphRange('yearly', [2025, 2026], '2026-10-01', 12)).toEqual({
      from: '2025-01-01',
      till: '2026-10-01',
    });
    expect(graphRange('yearly', [2024], '2026-10-01', 6)).toEqual({ from: '2023-07-01', till: '2024-06-01' });
    expect(graphRange('timeseries', [2024, 2026], '2026-10-01', 12)).toEqual({
      from: '2024-01-01',
      till: '2026-10-01',
    });
  });
});

describe('cumulative and forecast', () => {
  it('runs a total and keeps periods without a figure empty', () => {
    expect(cumulative([1, 2, 3, null, null])).toEqual([1, 3, 6, null, null]);
    expect(cumulative([null, 5, 0, 2])).toEqual([null, 5, 5, 7]);
  });

  it('grows the prior year by the growth so far', () => {
    // So far 110 + 220 = 330 against 100 + 200 = 300: growth 1.1.
    expect(growth([110, 220, null], [100, 200, 300])).toBeCloseTo(1.1);
    const f = forecastYear([110, 220, null, null], [100, 200, 300, 400]);
    expect(f?.[0]).toBeNull();
    expect(f?.[1]).toBeNull();
    expect(f?.[2]).toBeCloseTo(330);
    expect(f?.[3]).toBeCloseTo(440);
  });

  it('forecasts nothing for a complete year, without a prior year, or where the prior year had nothing', () => {
    expect(forecastYear([1, 2, 3], [1, 2, 3])).toBeNull();
    expect(forecastYear([1, null], [null, null])).toBeNull();
    expect(forecastYear([1, null], [0, 5])).toBeNull();
    expect(forecastYear([2, null, null], [1, null, 4])).toEqual([null, null, 8]);
  });

  it('never fills a gap inside the figures, only the periods after the last one', () => {
    expect(forecastYear([10, null, 10, null], [10, 10, 10, 20])).toEqual([null, null, null, 20]);
  });

  it('adds figures, null only when there are none', () => {
    expect(sumOrNull([null, 2, 3])).toBe(5);
    expect(sumOrNull([null, null])).toBeNull();
    expect(sumOrNull([0])).toBe(0);
  });
});

describe('splits and series', () => {
  const base: GraphSeries = {
    asset: { type: 'site', id: 4, text: 'Head Office' },
    quantity: {
      source: 'ledger',
      type: 'units',
      id: null,
      filter: 'kWh',
      label: 'All kWh',
      unit: 'kWh',
      split: null,
    },
    presentation: 'cumulative',
    barline: 'line',
    forecast: true,
    removeLast: false,
    overrideName: 'Mine',
  };

  it('names a series by its asset and quantity unless it has its own name', () => {
    expect(seriesName(base)).toBe('Mine');
    expect(seriesName({ ...base, overrideName: '  ' })).toBe('Head Office - All kWh');
  });

  it('splits into child assets, each keeping how the series is drawn', () => {
    const parts = splitSeries(base, 'asset', [
      { name: 'Main supply', asset: { type: 'meter', id: 11, text: 'x' } },
      { name: 'Gas', asset: { type: 'meter', id: 12, text: 'y' } },
    ]);
    expect(parts.map((p) => [p.asset.type, p.asset.id, p.asset.text, p.quantity.split])).toEqual([
      ['meter', 11, 'Main supply', 'asset'],
      ['meter', 12, 'Gas', 'asset'],
    ]);
    expect(parts[0]).toMatchObject({
      presentation: 'cumulative',
      barline: 'line',
      forecast: true,
      overrideName: null,
    });
    expect(seriesName(parts[0] as GraphSeries)).toBe('Main supply - All kWh');
  });

  it('splits into data types, narrowing the quantity to each one and its unit', () => {
    const [water] = splitSeries(base, 'data-type', [{ name: 'Water', dataType: { id: 7, unit: 'm3' } }]);
    expect(water?.asset).toEqual(base.asset);
    expect(water?.quantity).toMatchObject({
      id: 7,
      unit: 'm3',
      filter: null,
      label: 'All kWh: Water',
      split: 'data-type',
    });
    const cost = splitSeries(
      { ...base, quantity: { ...base.quantity, type: 'cost', unit: '$', label: 'Cost' } },
      'data-type',
      [{ name: 'Gas', dataType: { id: 3, unit: 'kWh' } }],
    );
    expect(cost[0]?.quantity).toMatchObject({ id: 3, unit: '$', label: 'Cost: Gas' });
  });

  it('splits into groups, each group taking the place of the source', () => {
    const [group] = splitSeries(base, 'group', [
      { name: 'North', asset: { type: 'site-group', id: 3, text: '' } },
    ]);
    expect(group?.asset).toEqual({ type: 'site-group', id: 3, text: 'North' });
  });

  it('keeps at most ten bars in a group: later bar series become lines', () => {
    const layout = barLayout([
      { barline: 'bar', lines: 3 },
      { barline: 'line', lines: 3 },
      { barline: 'bar', lines: 3 },
      { barline: 'bar', lines: 3 },
      { barline: 'bar', lines: 1 },
      { barline: 'bar', lines: 3 },
    ]);
    expect(layout.map((l) => l.kind)).toEqual(['bar', 'line', 'bar', 'bar', 'bar', 'line']);
    expect(layout.map((l) => l.demoted)).toEqual([false, false, false, false, false, true]);
  });
});

describe('the Others slice', () => {
  const s = (
    name: string,
    value: number,
    flags: Partial<{ incomplete: boolean; estimated: boolean }> = {},
  ) => ({
    name,
    value,
    incomplete: false,
    estimated: false,
    ...flags,
  });

  it('groups slices under 1% of the whole, largest first, and keeps them for expanding', () => {
    // Total 1000: 5 and 4 are under 10 (1%); 10 is exactly 1% and stays.
    const grouped = groupSmallSlices([
      s('A', 600),
      s('B', 381),
      s('C', 10),
      s('D', 5, { estimated: true }),
      s('E', 4),
    ]);
    expect(grouped.total).toBe(1000);
    expect(grouped.slices.map((x) => [x.name, x.value])).toEqual([
      ['A', 600],
      ['B', 381],
      ['C', 10],
      [OTHERS_SLICE, 9],
    ]);
    const others = grouped.slices.at(-1);
    expect(others && isOthers(others) ? others.others.map((o) => o.name) : []).toEqual(['D', 'E']);
    expect(others?.estimated).toBe(true);
    expect(others?.incomplete).toBe(false);
  });

  it('leaves a single small slice as it is and lists parts of zero or less apart', () => {
    const grouped = groupSmallSlices([s('A', 995), s('B', 5), s('Export', -20), s('Empty', 0)]);
    expect(grouped.slices.map((x) => x.name)).toEqual(['A', 'B']);
    expect(grouped.left.map((x) => x.name)).toEqual(['Export', 'Empty']);
    expect(grouped.total).toBe(1000);
  });

  it('gives nothing to draw when there is nothing', () => {
    expect(groupSmallSlices([s('A', 0)]).slices).toEqual([]);
  });

  it('labels shares with one decimal', () => {
    expect(shareLabel(1, 3)).toBe('33.3%');
    expect(shareLabel(1, 10_000)).toBe('<0.1%');
    expect(shareLabel(1, 0)).toBe('');
  });
});

describe('completeness', () => {
  const line = {
    name: 'Head Office - Electricity',
    unit: 'kWh',
    values: [100, 90, null, null],
    incomplete: [false, true, false, false],
    estimated: [true, true, false, false],
    forecast: [null, null, 95, null],
  };
  const labels = ['Jan', 'Feb', 'Mar', 'Apr'];

  it('says of each point whether it is incomplete, estimated or a forecast', () => {
    expect([0, 1, 2, 3].map((i) => pointNote(line, i))).toEqual([
      'estimated',
      'incomplete; estimated',
      'forecast',
      '',
    ]);
  });

  it('names the periods in one sentence', () => {
    expect(completenessNote(line, labels)).toBe(
      'Head Office - Electricity: incomplete in Feb; estimated in Jan, Feb',
    );
    expect(
      completenessNote({ ...line, incomplete: [false, false], estimated: [false, false] }, labels),
    ).toBeNull();
  });

  it('puts a note column beside every figure in the table and the CSV', () => {
    expect(graphTableRows(labels, [line])).toEqual([
      ['Period', 'Head Office - Electricity (kWh)', 'Head Office - Electricity notes'],
      ['Jan', '100', 'estimated'],
      ['Feb', '90', 'incomplete; estimated'],
      ['Mar', '95', 'forecast'],
      ['Apr', '', ''],
    ]);
  });
});
