import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { loadFile, meterData } from './load-testing';

/*
 * A load whose new days another load stores meanwhile (docs/decisions/half-hour.md, New days straight into the
 * day table): the direct COPY meets the other's day, and the load runs again with every day staged and merged.
 */

let t: TestApp;
let token = '';
let meterId = 0;
const NMI = '7102000001';
const nem12 = (days: [string, string][]) =>
  [
    '100,NEM12,202607040600,MDP1,RETAILER',
    `200,${NMI},E1,1,E1,N1,M1,kWh,30,`,
    ...days.map(([date, value]) => `300,${date},${new Array(48).fill(value).join(',')},A,,,,`),
    '900',
    '',
  ].join('\n');

beforeAll(async () => {
  t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Clash Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity clash' });
  const site = await createSite(t.db, org.id, { name: 'Clash site' });
  const smart = await createMeter(t.db, site, {
    localName: 'Quay smart',
    meterType: 5,
    account: NMI,
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
    meterOpen: '2025-01-01',
  });
  meterId = smart.id;
  await createMember(t.db, org.id, { loginId: 'clash.admin', accessId: 2, admin: true });
  token = await t.login('clash.admin');
  // NEM12's market time (UTC+10) on the organisation's own days: one file day is one stored day.
  const zone = await t.app.inject({
    method: 'PUT',
    url: `/api/organisations/${org.id}/settings`,
    headers: bearer(token),
    payload: { key: 'timeZone', value: 'Australia/Brisbane' },
  });
  expect(zone.statusCode, zone.body).toBe(200);
});
afterAll(() => t.close());

describe('a load that meets a day another load stored meanwhile', () => {
  it('runs again with its days merged, and lands whole: its own values over the other load', async () => {
    // 1 July stored (48 x 1 kWh): the register exists and holds 1 July only, so 2 and 3 July are new days.
    expect(await loadFile(t, token, 'first.csv', nem12([['20260701', '1.000']]))).toMatchObject({
      status: 'finished',
      days: 1,
    });
    // Another load's transaction stores 2 July (48 x 2 kWh) and stays open while this load reads its file.
    const other = await t.database.pool.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into half_hour_days (organisation_id, meter_id, register, read_date, kwh, kw, pf, day_kwh, readings,
           quality, estimated_readings)
         select organisation_id, meter_id, register, '2026-07-02', array_fill(2::real, array[48]), kw, pf, 96,
           readings, quality, estimated_readings
         from half_hour_days where meter_id = $1 and read_date = '2026-07-01'`,
        [meterId],
      );
      const loading = loadFile(
        t,
        token,
        'second.csv',
        nem12([
          ['20260702', '3.000'],
          ['20260703', '3.000'],
        ]),
      );
      // The load's COPY straight into the day table waits on the other's uncommitted 2 July.
      let waited = false;
      for (let i = 0; i < 300 && !waited; i++) {
        const rows = await t.db.execute<{ n: number }>(sql`
          select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query like 'copy half_hour_days %'`);
        waited = (rows.rows[0]?.n ?? 0) > 0;
        if (!waited) await new Promise((r) => setTimeout(r, 100));
      }
      expect(waited).toBe(true);
      await other.query('commit');
      const job = await loading;
      // Its COPY met the stored 2 July: read again, staged and merged, both its days landed.
      expect(job).toMatchObject({ status: 'finished', readings: 96, days: 2, refusedRows: 0, error: null });
    } finally {
      other.release();
    }
    // By hand: 1 July 48 x 1 = 48; 2 July the file's 48 x 3 = 144 over the other's 96; 3 July 48 x 3 = 144.
    const days = await t.db.execute<{ date: string; total: number }>(sql`
      select read_date::text as date, day_kwh::float8 as total from half_hour_days
      where meter_id = ${meterId} order by read_date`);
    expect(days.rows).toEqual([
      { date: '2026-07-01', total: 48 },
      { date: '2026-07-02', total: 144 },
      { date: '2026-07-03', total: 144 },
    ]);
    expect((await meterData(t, meterId)).consumption).toBe(336);
  });
});
