import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MeterWorld, meterWorld } from './meters.fixture';

let w: MeterWorld;
beforeAll(async () => {
  w = await meterWorld();
});
afterAll(() => w.t.close());

describe('GET /meters/{id}', () => {
  it('answers the meter with its site, organisation, type names and the latest figures from the ledger', async () => {
    const res = await w.call('watcher', 'GET', `/meters/${w.meters.supply.id}`);
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      id: w.meters.supply.id,
      localName: 'Depot supply',
      site: { id: w.sites.depot.id, name: 'Depot' },
      organisation: { id: w.org.id, name: 'Meters Org' },
      meterDescr: 'Time of use',
      level: 'Supply Meter',
      energy: 'Electricity',
      unit: 'kWh',
      mayEdit: false,
      mayAdminister: false,
      lastCompleteMonth: '2026-10',
    });
    // October 2026 has invoice days 1-20 of 31: incomplete.
    expect(m.latest[0]).toEqual({
      month: '2026-10',
      consumption: 3100,
      cost: 620,
      co2e: 310,
      consIncomplete: true,
      costIncomplete: true,
      co2eIncomplete: true,
      // This fixture's factors were written without versions: its facts record no edition.
      editions: [],
    });
  });

  it('another organisation learns nothing: 404 for its administrator, as for a missing id', async () => {
    const theirs = await w.call('outsider', 'GET', `/meters/${w.meters.supply.id}`);
    const missing = await w.call('outsider', 'GET', '/meters/999999');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(missing.json().message);
    expect((await w.call('admin', 'GET', `/meters/${w.meters.theirMeter.id}`)).statusCode).toBe(404);
  });

  it('refuses an id that is not a number with a 400', async () => {
    expect((await w.call('admin', 'GET', '/meters/abc')).statusCode).toBe(400);
  });
});

describe('GET /meters/{id}/asset-graph-data/v2/{type}/{year}/year-end/{month}', () => {
  const url = (type: string) => `/meters/${w.meters.supply.id}/asset-graph-data/v2/${type}/2026/year-end/12`;

  it('gives this year against last year with the ledger incomplete marks', async () => {
    const g = (await w.call('watcher', 'GET', url('cons'))).json();
    expect(g.months[0]).toBe('2026-01');
    expect(g.seriesLabels).toEqual(['Jan 2026 - Dec 2026', 'Jan 2025 - Dec 2025']);
    expect(g.unit).toBe('kWh');
    expect(g.data[0][9]).toBe(3100);
    expect(g.data[1][9]).toBe(2480);
    expect(g.incomplete[0][9]).toBe(true);
    expect(g.incomplete[1][9]).toBe(false);
    // December 2026 is not yet lived on 21 November: blank, not 0; November is today's month.
    expect(g.currentMonth).toBe('2026-11');
    expect(g.data[0].slice(10)).toEqual([0, null]);
    expect((await w.call('watcher', 'GET', url('cost'))).json().data[0][11]).toBeNull();
    const cost = (await w.call('watcher', 'GET', url('cost'))).json();
    expect([cost.data[0][9], cost.data[1][9], cost.unit]).toEqual([620, 496, '$']);
    const co2e = (await w.call('watcher', 'GET', url('co2e'))).json();
    expect([co2e.data[0][9], co2e.data[1][9]]).toEqual([310, 248]);
  });

  it('shows a check meter its own figures although it never counts in totals', async () => {
    const g = (
      await w.call('admin', 'GET', `/meters/${w.meters.check.id}/asset-graph-data/v2/cons/2026/year-end/12`)
    ).json();
    expect(g.data[0][9]).toBe(700);
  });

  it('refuses an unknown measure or month with a 400 and other organisations with a 404', async () => {
    expect((await w.call('admin', 'GET', url('volts'))).statusCode).toBe(400);
    const bad = `/meters/${w.meters.supply.id}/asset-graph-data/v2/cons/2026/year-end/13`;
    expect((await w.call('admin', 'GET', bad)).statusCode).toBe(400);
    expect((await w.call('outsider', 'GET', url('cons'))).statusCode).toBe(404);
  });
});
