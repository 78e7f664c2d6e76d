import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { EMPTY, loadFile, meterData } from './load-testing';

/*
 * 'Already imported' (docs/decisions/imports.md, Idempotency): the same bytes finish at once only while the data
 * the earlier load produced is still there; after its data source was deleted and replaced, or a record of it
 * deleted, the file loads again. Each data source's stored data before and after.
 */

let t: TestApp;
let token = '';
const ids: Record<string, number> = {};
let site: Awaited<ReturnType<typeof createSite>>;
let kwh: { energyId: number; unitId: number; meterOpen: string };

const ALREADY = /^This file was already imported on \d\d\/\d\d\/\d{4}; nothing changed\.$/;
const NMI = '6102000001';
const NEM12 = [
  '100,NEM12,202607020600,MDP1,RETAILER',
  `200,${NMI},E1,1,E1,N1,M1,kWh,30,`,
  `300,20260701,${new Array(48).fill('1.000').join(',')},A,,,,`,
  '900',
  '',
].join('\r\n');
const RECORDS =
  'Data Source,Date From,Date Till,Units\nLights,2026-05-01,2026-05-31,310\nLights,2026-06-01,2026-06-30,300\n';

beforeAll(async () => {
  t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Again Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity again' });
  kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2025-01-01' };
  site = await createSite(t.db, org.id, { name: 'Again site' });
  const smart = await createMeter(t.db, site, {
    localName: 'Harbour smart',
    meterType: 5,
    account: NMI,
    ...kwh,
  });
  const lights = await createMeter(t.db, site, { localName: 'Lights', meterType: 8, ...kwh });
  Object.assign(ids, { org: org.id, smart: smart.id, lights: lights.id });
  await createMember(t.db, org.id, { loginId: 'again.admin', accessId: 2, admin: true });
  token = await t.login('again.admin');
  // An Australian organisation: NEM12's market time (UTC+10) lands on its own days, one file day on one day.
  const zone = await t.app.inject({
    method: 'PUT',
    url: `/api/organisations/${org.id}/settings`,
    headers: bearer(token),
    payload: { key: 'timeZone', value: 'Australia/Brisbane' },
  });
  expect(zone.statusCode, zone.body).toBe(200);
});
afterAll(() => t.close());

const SMART_DAY = {
  registers: [{ label: 'E1', kind: 'import kWh', days: 1, total: 48, qualities: '' }],
  records: [],
  consumption: 48,
};

describe("'already imported' only while the file's data is there", () => {
  it('loads a NEM12 file again after the data source that held its data was deleted and replaced', async () => {
    const first = await loadFile(t, token, 'NEM12#0001#MDP1#RETAILER.csv', NEM12);
    expect(first).toMatchObject({ status: 'finished', readings: 48, days: 1 });
    expect(await meterData(t, ids.smart ?? 0)).toEqual(SMART_DAY);

    // Its data is there: the same bytes change nothing.
    const again = await loadFile(t, token, 'NEM12#0001#MDP1#RETAILER (copy).csv', NEM12);
    expect(again).toMatchObject({ status: 'finished', readings: 0, days: 0 });
    expect(again.error).toMatch(ALREADY);

    // The data source is deleted: the file is loaded again, and now names a data source the organisation lacks.
    const deleted = await t.app.inject({
      method: 'PUT',
      url: '/api/meters/bulk-action',
      headers: bearer(token),
      payload: { action: 'delete-and-omit', ids: [ids.smart] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const orphaned = await loadFile(t, token, 'NEM12#0001#MDP1#RETAILER.csv', NEM12);
    expect(orphaned.status).toBe('failed');
    expect(orphaned.error).not.toMatch(ALREADY);
    expect(orphaned.refusals?.unknownMeters.map((u) => u.key)).toEqual([NMI]);

    // Replaced by a new data source of the same NMI: the file loads onto it.
    const replacement = await createMeter(t.db, site, {
      localName: 'Harbour smart (new)',
      meterType: 5,
      account: NMI,
      ...kwh,
    });
    expect(await meterData(t, replacement.id)).toEqual(EMPTY);
    const reloaded = await loadFile(t, token, 'NEM12#0001#MDP1#RETAILER.csv', NEM12);
    expect(reloaded).toMatchObject({ status: 'finished', readings: 48, days: 1, error: null });
    expect(await meterData(t, replacement.id)).toEqual(SMART_DAY);

    // And once its data is there again, the same bytes are 'already imported' again.
    const third = await loadFile(t, token, 'NEM12#0001#MDP1#RETAILER.csv', NEM12);
    expect(third.error).toMatch(ALREADY);
  });

  it('loads a file of consumption records again after one of its records was deleted', async () => {
    const first = await loadFile(t, token, 'lights.csv', RECORDS);
    expect(first).toMatchObject({ status: 'finished', format: 'csv-consumption', records: 2, skipped: 0 });
    const both = await meterData(t, ids.lights ?? 0);
    expect(both.records).toEqual([
      { from: '2026-05-01', till: '2026-05-31', units: 310, estimated: false },
      { from: '2026-06-01', till: '2026-06-30', units: 300, estimated: false },
    ]);
    expect((await loadFile(t, token, 'lights.csv', RECORDS)).error).toMatch(ALREADY);

    const [june] = (
      await t.db.execute<{ id: number }>(
        sql`select id from consumption_records where meter_id = ${ids.lights} and date_from = '2026-06-01'`,
      )
    ).rows;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/meters/${ids.lights}/meter-consumption/${june?.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await meterData(t, ids.lights ?? 0)).records).toHaveLength(1);

    const again = await loadFile(t, token, 'lights.csv', RECORDS);
    expect(again).toMatchObject({ status: 'finished', records: 1, skipped: 1, error: null });
    expect(await meterData(t, ids.lights ?? 0)).toEqual(both);
  });

  it('loads again a file whose earlier load kept no account of what it produced', async () => {
    await t.db.execute(sql`update import_jobs set produced = null where organisation_id = ${ids.org}`);
    const again = await loadFile(t, token, 'lights.csv', RECORDS);
    expect(again).toMatchObject({ status: 'finished', records: 0, skipped: 2, error: null });
    expect((await loadFile(t, token, 'lights.csv', RECORDS)).error).toMatch(ALREADY);
  });
});
