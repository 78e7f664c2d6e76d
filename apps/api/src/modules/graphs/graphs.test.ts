import { describe, expect, it } from 'vitest';
import { bodyWithoutRequestId } from '../../testing/test-app';
import { graph, org, q, series, useFixture, w, yearly } from './graphs-requests.fixture';

useFixture();

describe('POST /organisations/{orgId}/graph-data', () => {
  it("gives the organisation's months by year from the ledger, incomplete and estimated months marked", async () => {
    const res = await graph({ ...yearly, series: [series(org())] });
    expect(res.statusCode).toBe(200);
    const g = res.json();
    expect(g.keys).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    const [y2025, y2026] = g.series[0].lines;
    expect(g.series[0]).toMatchObject({ unit: 'kWh', kind: 'bar', demoted: false, unavailable: false });
    expect(y2025.name).toBe('Graphs Org - cons 2025');
    expect(y2025.values).toEqual([1500, 1500, 1500, 1500, 1500, 1700, 1500, 1500, 1500, 1500, 1500, 1500]);
    expect(y2026.values).toEqual([1500, 1500, 1500, 1500, 1500, 1500, 1500, 1500, 1500, 1020, null, null]);
    expect(y2026.incomplete.slice(8, 10)).toEqual([false, true]);
    expect(y2026.estimated.slice(0, 3)).toEqual([false, true, false]);
    expect(y2025.incomplete.every((x: boolean) => !x)).toBe(true);
  });

  it('gives cost and emissions: water adds $60 to 2026 months, 0.1 kg CO2e a kWh of electricity', async () => {
    const g = (
      await graph({ ...yearly, series: [series(org(), q('cost')), series(org(), q('scope2'))] })
    ).json();
    expect(g.series[0].unit).toBe('$');
    expect(g.series[0].lines[0].values[0]).toBe(300);
    expect(g.series[0].lines[1].values.slice(8, 10)).toEqual([360, 264]);
    expect(g.series[1].unit).toBe('kg CO2e');
    expect(g.series[1].lines[0].values[0]).toBe(150);
    expect(g.series[1].lines[1].values[9]).toBe(102);
  });

  it('forecasts the rest of 2026, incomplete October too, from the growth of its complete months (13500 against 13700)', async () => {
    const g = (await graph({ ...yearly, series: [series(org(), q('cons'), { forecast: true })] })).json();
    const [y2025, y2026] = g.series[0].lines;
    expect(y2025.forecast).toBeNull();
    expect(y2026.forecast.slice(8)).toEqual([null, 1478.102, 1478.102, 1478.102]);
  });

  it('runs a cumulative time series from the first year to the end month', async () => {
    const g = (
      await graph({
        chart: 'timeseries',
        period: 'month',
        years: [2025],
        endMonth: '2026-10',
        series: [series(org(), q('cons'), { presentation: 'cumulative' })],
      })
    ).json();
    expect(g.keys[0]).toBe('2025-01');
    expect(g.keys.at(-1)).toBe('2026-10');
    expect(g.series[0].lines[0].values.at(-1)).toBe(32720);
    const quarters = (
      await graph({
        chart: 'timeseries',
        period: 'quarter',
        years: [2026],
        endMonth: '2026-10',
        series: [series(org())],
      })
    ).json();
    expect(quarters.labels).toEqual(['Q1 2026', 'Q2 2026', 'Q3 2026', 'Q4 2026']);
    expect(quarters.series[0].lines[0].values).toEqual([4500, 4500, 4500, 1020]);
  });

  it('reads a site, a meter, an entity, groups and a data type the way each sums', async () => {
    const g = (
      await graph({
        ...yearly,
        series: [
          series({ type: 'site', id: w.sites.depot.id }, q('units', { filter: 'm3' })),
          series({ type: 'meter', id: w.meters.depotCheck.id }),
          series({ type: 'entity', id: w.entities.workshop.id }),
          series({ type: 'meter-group', id: w.groups.supplies.id }),
          series({ type: 'site-group', id: w.groups.north.id }, q('cost')),
          series(org(), q('units', { id: w.types.water.id })),
        ],
      })
    ).json();
    const y2026 = (i: number) => g.series[i].lines[1].values;
    expect(g.series[0].unit).toBe('m3');
    expect(y2026(0)[0]).toBe(30);
    // A check meter's own figures, though it never counts in totals.
    expect(y2026(1)[0]).toBe(999);
    expect(y2026(2)[9]).toBe(310);
    expect(g.series[3].lines[0].values[0]).toBe(1500);
    expect(y2026(4)[0]).toBe(280);
    expect(g.series[5].unit).toBe('m3');
    expect(y2026(5)[9]).toBe(30);
  });

  it('draws days from the half-hour readings, a day short of readings marked incomplete', async () => {
    const g = (
      await graph({
        chart: 'timeseries',
        period: 'day',
        years: [2026],
        endMonth: '2026-10',
        series: [series({ type: 'meter', id: w.meters.officeSmart.id })],
      })
    ).json();
    const at = (day: string) => g.keys.indexOf(day);
    const line = g.series[0].lines[0];
    expect(line.values[at('2026-10-05')]).toBe(24);
    expect(line.values[at('2026-10-06')]).toBe(23.5);
    expect([line.incomplete[at('2026-10-05')], line.incomplete[at('2026-10-06')]]).toEqual([false, true]);
    expect(line.values[at('2026-10-07')]).toBeNull();
  });

  it('draws at most ten bars a month: later bar series become lines', async () => {
    const many = Array.from({ length: 6 }, () => series(org()));
    const g = (await graph({ ...yearly, series: many })).json();
    expect(g.series.map((s: { kind: string }) => s.kind)).toEqual([
      'bar',
      'bar',
      'bar',
      'bar',
      'bar',
      'line',
    ]);
    expect(g.series[5].demoted).toBe(true);
  });

  it('lets an observer read, and a narrowed user sees only the data sources they may see', async () => {
    expect((await graph({ ...yearly, series: [series(org())] }, 'watcher')).statusCode).toBe(200);
    const g = (await graph({ ...yearly, series: [series(org())] }, 'narrowed')).json();
    expect(g.series[0].lines[0].values[0]).toBe(1000);
    expect(g.series[0].lines[0].values[5]).toBe(1200);
    const office = await graph(
      { ...yearly, series: [series({ type: 'site', id: w.sites.office.id })] },
      'narrowed',
    );
    expect(office.statusCode).toBe(404);
  });

  it('refuses another organisation, and any asset of another organisation, learning nothing', async () => {
    const theirs = await graph({ ...yearly, series: [series(org())] }, 'outsider');
    expect(theirs.statusCode).toBe(403);
    expect(bodyWithoutRequestId(theirs)).not.toContain('1500');
    const mixed = await graph({
      ...yearly,
      series: [series(org()), series({ type: 'meter', id: w.meters.theirMeter.id })],
    });
    const missing = await graph({ ...yearly, series: [series({ type: 'meter', id: 999999 })] });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().message).toBe(missing.json().message);
    expect(bodyWithoutRequestId(mixed)).not.toContain('7777');
    for (const asset of [
      { type: 'organisation', id: w.other.id },
      { type: 'site', id: w.sites.theirs.id },
      { type: 'meter-group', id: w.groups.theirGroup.id },
    ]) {
      expect((await graph({ ...yearly, series: [series(asset)] })).statusCode).toBe(404);
    }
    const otherOrg = await w.call('outsider', 'POST', `/organisations/${w.other.id}/graph-data`, {
      ...yearly,
      series: [series({ type: 'site', id: w.sites.depot.id })],
    });
    expect(otherOrg.statusCode).toBe(404);
  });

  it('refuses 200 series with the limit, an end month in the future and impossible requests', async () => {
    const tooMany = await graph({ ...yearly, series: Array.from({ length: 200 }, () => series(org())) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('A graph can show at most 100 series; remove some and try again');
    const future = await graph({ ...yearly, endMonth: '2026-12', series: [series(org())] });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('The end month cannot be after this month');
    for (const bad of [
      { ...yearly, endMonth: '2026-13', series: [series(org())] },
      { ...yearly, years: [], series: [series(org())] },
      { ...yearly, years: [1999], series: [series(org())] },
      { ...yearly, series: [] },
      { ...yearly, series: [series(org(), q('volts'))] },
      { ...yearly, period: 'day', series: [series(org())] },
      { ...yearly, chart: 'timeseries', period: 'day', series: [series(org(), q('cost'))] },
      { ...yearly, series: [series({ type: 'planet', id: 1 })] },
    ]) {
      const res = await graph(bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 120)).toBe(400);
    }
  });
});
