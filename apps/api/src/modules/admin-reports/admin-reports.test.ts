import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/* Depot supply: January actual, February and March estimated. Yard lights: April estimated, May actual. */
let t: TestApp;
let org: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-06-20T10:00:00Z') });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Reports Org' });
  const other = await createOrganisation(db, { name: 'Other Reports Org' });
  const electricity = await createDataType(db, { name: 'Electricity reports' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2020-01-01' };
  const site = await createSite(db, org.id, { name: 'Depot' });
  const supply = await createMeter(db, site, { localName: 'Depot supply', account: 'ACC-1', ...kwh });
  const yard = await createMeter(db, site, { localName: 'Yard lights', account: 'ACC-2', ...kwh });
  const month = (m: string, estimated: boolean) => ({
    from: `2026-${m}-01`,
    till: `2026-${m}-28`,
    consumption: 100,
    cost: 20,
    estimated,
  });
  await createInvoice(db, supply, month('01', false));
  await createInvoice(db, supply, month('02', true));
  await createInvoice(db, supply, month('03', true));
  await createInvoice(db, yard, month('04', true));
  await createInvoice(db, yard, month('05', false));
  // Gas, Frank Energy: invoiced all of 2026 to May. Out of the report: a check meter, a transactional meter and
  // one whose Details leave it out.
  const gas = await createDataType(db, { name: 'Gas reports' });
  const boiler = await createMeter(db, site, {
    localName: 'Boiler gas',
    energyId: gas.id,
    unitId: gas.stdUnitId,
    meterOpen: '2026-01-01',
    retailerId: 12,
  });
  await createInvoice(db, boiler, { from: '2026-01-01', till: '2026-05-31', consumption: 50, cost: 9 });
  await createMeter(db, site, { localName: 'Check meter', metlvlId: 2, ...kwh });
  await createMeter(db, site, { localName: 'Card', meterType: 7, ...kwh });
  await createMeter(db, site, { localName: 'Left out', invoiceReport: false, ...kwh });
  const foreign = await createMeter(db, await createSite(db, other.id, { name: 'Elsewhere' }), {
    localName: 'Foreign',
    ...kwh,
  });
  Object.assign(ids, {
    supply: supply.id,
    yard: yard.id,
    boiler: boiler.id,
    gas: gas.id,
    electricity: electricity.id,
    foreign: foreign.id,
  });
  await createMember(db, org.id, { loginId: 'r.observer', accessId: 4 });
  const barred = await createMember(db, org.id, { loginId: 'r.barred', accessId: 3 });
  await grantRight(db, {
    userId: barred.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: supply.id,
    rightId: -1,
  });
  await createMember(db, other.id, { loginId: 'r.outsider', accessId: 2, admin: true });
  for (const k of ['r.observer', 'r.barred', 'r.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const get = (who: string, url: string) =>
  t.app.inject({ url: `/api${url}`, headers: bearer(tokens[who] ?? '') });

describe('GET /organisations/{id}/estimated-reads-report', () => {
  it('lists data sources whose latest reads are estimated, since the start of the run', async () => {
    const res = await get('r.observer', `/organisations/${org.id}/estimated-reads-report`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        meterId: ids.supply,
        account: 'ACC-1',
        localName: 'Depot supply',
        estimatesSince: '2026-02-01',
        estimates: 2,
      },
    ]);
  });
  it('leaves out a data source the caller is barred from, and refuses another organisation', async () => {
    expect((await get('r.barred', `/organisations/${org.id}/estimated-reads-report`)).json()).toEqual([]);
    expect((await get('r.outsider', `/organisations/${org.id}/estimated-reads-report`)).statusCode).toBe(403);
    expect((await get('r.observer', '/organisations/abc/estimated-reads-report')).statusCode).toBe(400);
  });
});

const post = (who: string, url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    payload: payload as object,
  });

/*
 * Today 20 June 2026. Depot supply (open 2020): invoices 1-28 January, February and March: gaps from its open
 * date to 2025, 29-31 January, and 29 March to today (more than two months back, so missing). Yard lights:
 * April and May to the 28th; 29 May on is within two months, so awaiting a bill, not a gap.
 */
describe('GET /organisations/{id}/invoices-reports', () => {
  it('lists the data sources in the report with their gaps, first and last invoiced days', async () => {
    const res = await get('r.observer', `/organisations/${org.id}/invoices-reports`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { localName: string }[];
    expect(rows.map((r) => r.localName)).toEqual(['Boiler gas', 'Depot supply', 'Yard lights']);
    expect(rows[1]).toEqual({
      meterId: ids.supply,
      localName: 'Depot supply',
      siteName: 'Depot',
      energy: 'Electricity reports',
      retailer: null,
      meterOpen: '2020-01-01',
      meterClose: null,
      gaps: [
        ['2020-01-01', '2025-12-31'],
        ['2026-01-29', '2026-01-31'],
        ['2026-03-29', '2026-06-20'],
      ],
      transientMeter: false,
      firstInvoiced: '2026-01-01',
      lastInvoiced: '2026-03-28',
    });
    expect(rows[2]).toMatchObject({
      gaps: [
        ['2020-01-01', '2026-03-31'],
        ['2026-04-29', '2026-04-30'],
      ],
      lastInvoiced: '2026-05-28',
    });
  });
  it('filters by data type and retailer', async () => {
    const gas = await get('r.observer', `/organisations/${org.id}/invoices-reports?energy=${ids.gas}`);
    expect(gas.json().map((r: { localName: string }) => r.localName)).toEqual(['Boiler gas']);
    const frank = await get('r.observer', `/organisations/${org.id}/invoices-reports?retailer=12`);
    expect(frank.json().map((r: { localName: string }) => r.localName)).toEqual(['Boiler gas']);
    const none = await get(
      'r.observer',
      `/organisations/${org.id}/invoices-reports?energy=${ids.gas}&retailer=11`,
    );
    expect(none.json()).toEqual([]);
  });
  it('leaves out what the caller may not see; refuses another organisation and bad input', async () => {
    const barred = await get('r.barred', `/organisations/${org.id}/invoices-reports`);
    expect(barred.json().map((r: { localName: string }) => r.localName)).toEqual([
      'Boiler gas',
      'Yard lights',
    ]);
    expect((await get('r.outsider', `/organisations/${org.id}/invoices-reports`)).statusCode).toBe(403);
    for (const q of ['energy=abc', 'retailer=-1', 'energy=99999999999'])
      expect((await get('r.observer', `/organisations/${org.id}/invoices-reports?${q}`)).statusCode).toBe(
        400,
      );
  });
});

describe('POST /organisations/{id}/invoices-reports', () => {
  it('reports on the data sources named; others (not in the report, of another organisation) are left out', async () => {
    const res = await post('r.observer', `/organisations/${org.id}/invoices-reports`, [
      ids.yard,
      ids.foreign,
      ids.supply,
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { meterId: number }) => r.meterId)).toEqual([ids.supply, ids.yard]);
    expect((await post('r.observer', `/organisations/${org.id}/invoices-reports`, [])).json()).toEqual([]);
  });
  it('refuses what is not a list of ids, and another organisation', async () => {
    for (const payload of [
      { ids: [1] },
      ['x'],
      [0],
      [3_000_000_000],
      Array.from({ length: 5001 }, (_, i) => i + 1),
    ])
      expect(
        (await post('r.observer', `/organisations/${org.id}/invoices-reports`, payload)).statusCode,
      ).toBe(400);
    expect(
      (await post('r.outsider', `/organisations/${org.id}/invoices-reports`, [ids.supply])).statusCode,
    ).toBe(403);
  });
});

describe('POST /organisations/{id}/invoices-reports/export', () => {
  it('answers the year as CSV, a row per data source with its months and share invoiced', async () => {
    const res = await post('r.observer', `/organisations/${org.id}/invoices-reports/export`, {
      year: 2026,
      ids: [ids.supply],
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('invoice-entry-2026.csv');
    const [header, line, ...rest] = res.body.trim().split('\n');
    expect(rest).toEqual([]);
    expect(header).toContain('Data source,Site,Data type,Retailer,Open date,Close date,Days open');
    // 2026 to 20 June: 171 days open; invoiced 28 + 28 + 28 = 84; missing 3 + 84 = 87 (29 Mar - 20 Jun); 49.1%.
    expect(line).toMatch(/^Depot supply,Depot,Electricity reports,,01\/01\/2020,,171,84,87,0,49\.1,,/);
    expect(line).toContain('29/01/2026 - 31/01/2026; 29/03/2026 - 20/06/2026');
  });
  it('refuses a year before 1990 or after this one', async () => {
    for (const year of [1989, 2027]) {
      const res = await post('r.observer', `/organisations/${org.id}/invoices-reports/export`, { year });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Choose a year from 1990 to 2026');
    }
  });
});
