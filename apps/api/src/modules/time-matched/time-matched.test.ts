import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { halfHourDays, halfHourRegisters } from '@verdant/db/schema/half-hours';
import { MSG } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * A Wellington meter reads 10 kWh every half hour on 1 and 2 July 2025 (960 kWh); the ledger prices it at the
 * annual average 0.1: 96 kg. The hourly series covers 1 July only (New Zealand standard time, +12:00):
 * 0.2 kg/kWh for its first twelve hours, 0.05 for the rest. Time-matched: 240 x 0.2 + 240 x 0.05 = 60 kg over
 * the 480 kWh it covers (50% of the half hours); the same 480 kWh at the average: 48 kg; 12 kg (25%) more.
 */
let t: TestApp;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

/** The series' CSV: 24 hours from 1 July 00:00 NZST (30 June 12:00 UTC). */
const csv = [
  'Start,kg CO2e per kWh',
  ...Array.from({ length: 24 }, (_, h) => {
    const start = new Date(Date.UTC(2025, 5, 30, 12 + h)).toISOString().replace(':00.000Z', 'Z');
    return `${start},${h < 12 ? 0.2 : 0.05}`;
  }),
].join('\n');
const seriesBody = {
  name: 'Test grid (hourly)',
  source: 'Made up for the test',
  intervalMinutes: 60,
  regionIds: [9],
  sample: true,
  csv,
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  await seedReferenceData(db);
  const org = await createOrganisation(db, { name: 'Matched Org' });
  const other = await createOrganisation(db, { name: 'Other Matched Org' });
  const source = await createFactorSource(db);
  const electricity = await createDataType(db, { name: 'Electricity', grouping: 'Electricity' });
  await createFactor(db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 2,
    rate: 0.1,
    startDate: '2020-01-01',
  });
  const wellington = await createSite(db, org.id, { name: 'Wellington site', regionId: 9 });
  const nowhere = await createSite(db, org.id, { name: 'No region' });
  const common = { meterOpen: '2025-01-01', energyId: electricity.id, unitId: electricity.stdUnitId };
  const smart = await createMeter(db, wellington, { ...common, localName: 'Smart', meterType: 5 });
  const plain = await createMeter(db, wellington, { ...common, localName: 'Plain' });
  const elsewhere = await createMeter(db, nowhere, { ...common, localName: 'Elsewhere', meterType: 5 });
  for (const m of [smart, elsewhere]) {
    await db.insert(halfHourRegisters).values({
      organisationId: org.id,
      meterId: m.id,
      register: 0,
      direction: 'import',
      quantity: 'kWh',
    });
    await db.insert(halfHourDays).values(
      ['2025-07-01', '2025-07-02'].map((readDate) => ({
        meterId: m.id,
        organisationId: org.id,
        readDate,
        kwh: Array(48).fill(10),
        dayKwh: 480,
        readings: 48,
      })),
    );
  }
  await recomputeFacts(db, [smart.id, plain.id, elsewhere.id], '2026-11-21');
  Object.assign(ids, { org: org.id, smart: smart.id, plain: plain.id, elsewhere: elsewhere.id });
  await createUser(db, { loginId: 'tm.root', productAdmin: true });
  await createMember(db, org.id, { loginId: 'tm.admin', accessId: 2, admin: true });
  await createMember(db, org.id, { loginId: 'tm.observer', accessId: 4 });
  await createMember(db, other.id, { loginId: 'tm.outsider', accessId: 2, admin: true });
  for (const k of ['tm.root', 'tm.admin', 'tm.observer', 'tm.outsider']) tokens[k] = await t.login(k);
});
afterAll(async () => {
  await t.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload ? { payload } : {}),
  });
const stored = async () =>
  JSON.stringify([
    (await t.db.execute(sql`select * from grid_intensity_series order by id`)).rows,
    (await t.db.execute(sql`select count(*) from grid_intensity_points`)).rows,
  ]);

describe('grid intensity series', () => {
  it('are loaded from CSV by a product administrator only, whole or not at all', async () => {
    const before = await stored();
    for (const who of ['tm.admin', 'tm.observer'])
      expect((await call(who, 'POST', '/admin/grid-intensity-series', seriesBody)).statusCode).toBe(403);
    const bad = await call('tm.root', 'POST', '/admin/grid-intensity-series', {
      ...seriesBody,
      csv: `${csv}\n2025-07-01T12:00Z,lots`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Row 26: the intensity is not a number of kg CO2e per kWh from 0 to 5');
    expect(
      (await call('tm.root', 'POST', '/admin/grid-intensity-series', { ...seriesBody, regionIds: [] }))
        .statusCode,
    ).toBe(400);
    expect(await stored()).toBe(before);

    const res = await call('tm.root', 'POST', '/admin/grid-intensity-series', seriesBody);
    expect(res.statusCode).toBe(200);
    ids.series = res.json().id;
    expect(res.json()).toMatchObject({
      name: 'Test grid (hourly)',
      sample: true,
      intervalMinutes: 60,
      regionIds: [9],
      first: '2025-06-30T12:00Z',
      last: '2025-07-01T11:00Z',
      points: 24,
    });
    const again = await call('tm.root', 'POST', '/admin/grid-intensity-series', {
      ...seriesBody,
      name: 'TEST GRID (HOURLY)',
    });
    expect(again.statusCode).toBe(409);
    const list = await call('tm.observer', 'GET', '/grid-intensity-series');
    expect(list.json().series.map((s: { name: string }) => s.name)).toEqual(['Test grid (hourly)']);
    expect(list.json().regions).toContainEqual({ id: 9, name: 'Wellington' });
  });
});

describe('time-matched scope 2', () => {
  it('prices each half hour at its intensity beside the annual average (observer)', async () => {
    const res = await call(
      'tm.observer',
      'GET',
      `/meters/${ids.smart}/time-matched-scope2?from=2025-07&to=2025-07`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.series).toMatchObject({ name: 'Test grid (hourly)', sample: true, intervalMinutes: 60 });
    expect(body.months).toEqual([
      {
        month: '2025-07',
        kwh: 960,
        matchedKwh: 480,
        coverage: 50,
        timeMatchedKg: 60,
        averageRate: 0.1,
        averageKg: 48,
        differenceKg: 12,
        differencePercent: 25,
        ledgerScope2Kg: 96,
      },
    ]);
    expect(body.totals).toMatchObject({
      timeMatchedKg: 60,
      averageKg: 48,
      differenceKg: 12,
      differencePercent: 25,
    });
    expect(body.message).toBeNull();
  });

  it('says why there are no figures', async () => {
    const plain = (
      await call('tm.admin', 'GET', `/meters/${ids.plain}/time-matched-scope2?from=2025-07&to=2025-07`)
    ).json();
    expect([plain.message, plain.months]).toEqual([MSG.halfHourNone, []]);
    const noRegion = (
      await call('tm.admin', 'GET', `/meters/${ids.elsewhere}/time-matched-scope2?from=2025-07&to=2025-07`)
    ).json();
    expect(noRegion.message).toContain('has no region');
  });

  it("refuses another organisation's administrator and bad ranges", async () => {
    const outsider = await call('tm.outsider', 'GET', `/meters/${ids.smart}/time-matched-scope2`);
    expect([403, 404]).toContain(outsider.statusCode);
    expect(outsider.body).not.toContain('Smart');
    for (const query of [
      'from=2025-07',
      'from=2025-08&to=2025-07',
      'from=1999-01&to=2025-07',
      'from=2026-12&to=2026-12',
    ])
      expect(
        (await call('tm.admin', 'GET', `/meters/${ids.smart}/time-matched-scope2?${query}`)).statusCode,
      ).toBe(400);
  });

  it('is a quantity of the graph builder for the meter, beside the annual average and the difference', async () => {
    const measured = (await call('tm.observer', 'GET', `/meters/${ids.smart}/quantities-measured`)).json();
    const matched = measured.quantities.filter((x: { source: string }) => x.source === 'time-matched');
    expect(matched.map((x: { filter: string | null; label: string }) => [x.filter, x.label])).toEqual([
      ['matched', 'Scope 2 time-matched (half-hourly), sample grid data'],
      ['average', 'Scope 2 at the annual average (same half hours), sample grid data'],
      ['difference', 'Scope 2 time-matched minus annual average, sample grid data'],
    ]);
    // A meter without half-hour data is not offered it.
    const plain = (await call('tm.observer', 'GET', `/meters/${ids.plain}/quantities-measured`)).json();
    expect(plain.quantities.some((x: { source: string }) => x.source === 'time-matched')).toBe(false);

    const asset = { type: 'meter', id: ids.smart, text: 'Smart' };
    const request = (period: 'month' | 'day') => ({
      chart: 'timeseries',
      period,
      years: [2025],
      endMonth: '2025-07',
      series: matched.map((quantity: object) => ({ asset, quantity })),
    });
    const monthly = await call(
      'tm.observer',
      'POST',
      `/organisations/${ids.org}/graph-data`,
      request('month'),
    );
    expect(monthly.statusCode).toBe(200);
    const july = monthly.json().keys.indexOf('2025-07');
    // 60 kg time-matched, 48 kg at the average, 12 kg more; July is incomplete (two days read, half matched).
    expect(
      monthly.json().series.map((x: { lines: { values: number[] }[] }) => x.lines[0]?.values[july]),
    ).toEqual([60, 48, 12]);
    expect(monthly.json().series[0].lines[0].incomplete[july]).toBe(true);
    // By day: 1 July is matched whole (60 kg against 48), 2 July not at all.
    const daily = (
      await call('tm.observer', 'POST', `/organisations/${ids.org}/graph-data`, request('day'))
    ).json();
    const first = daily.keys.indexOf('2025-07-01');
    expect([daily.series[0].lines[0].values[first], daily.series[0].lines[0].incomplete[first]]).toEqual([
      60,
      false,
    ]);
    // Only a meter has time-matched figures, and they do not split.
    const site = await call('tm.observer', 'POST', `/organisations/${ids.org}/graph-data`, {
      ...request('month'),
      series: [{ asset: { type: 'organisation', id: ids.org, text: 'Org' }, quantity: matched[0] }],
    });
    expect(site.statusCode).toBe(400);
  });

  it('has no figures once the series is removed', async () => {
    expect((await call('tm.admin', 'DELETE', `/admin/grid-intensity-series/${ids.series}`)).statusCode).toBe(
      403,
    );
    expect((await call('tm.root', 'DELETE', `/admin/grid-intensity-series/${ids.series}`)).statusCode).toBe(
      200,
    );
    const gone = (
      await call('tm.admin', 'GET', `/meters/${ids.smart}/time-matched-scope2?from=2025-07&to=2025-07`)
    ).json();
    expect(gone.message).toBe(
      "No grid intensity series covers Wellington, the region of this data source's site.",
    );
    expect((await call('tm.root', 'DELETE', `/admin/grid-intensity-series/${ids.series}`)).statusCode).toBe(
      404,
    );
  });
});
