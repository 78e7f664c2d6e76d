import type { ImportJob } from '@verdant/contracts/imports';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { loadEnded } from './load-testing';

/* Data loads: who may load, see and download; the dialog's preview and remembered mapping; invoice and
 * Portfolio Manager CSVs through the invoices service. */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Rights Load Org' });
  const other = await createOrganisation(t.db, { name: 'Other Rights Load Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity PM' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2025-01-01' };
  const site = await createSite(t.db, org.id, { name: 'Depot' });
  await createMeter(t.db, site, {
    localName: 'Depot smart',
    meterType: 5,
    account: '0000033333CC333',
    ...kwh,
  });
  const supply = await createMeter(t.db, site, { localName: 'Depot supply', meterType: 2, ...kwh });
  await createMeter(t.db, site, { localName: 'Depot lights', meterType: 8, ...kwh });
  await createMeter(t.db, site, { localName: 'Depot fuel', meterType: 7, ...kwh });
  Object.assign(ids, { org: org.id, other: other.id, supply: supply.id });
  await createMember(t.db, org.id, { loginId: 'r.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, {
    loginId: 'r.editor',
    accessId: 3,
    firstName: 'Erin',
    surname: 'Editor',
  });
  await createMember(t.db, org.id, { loginId: 'r.observer', accessId: 4 });
  await createMember(t.db, other.id, { loginId: 'r.outsider', accessId: 2, admin: true });
  await createUser(t.db, { loginId: 'r.product', productAdmin: true });
  for (const k of ['r.admin', 'r.editor', 'r.observer', 'r.outsider', 'r.product'])
    tokens[k] = await t.login(k);
  await t.app.inject({
    method: 'PUT',
    url: `/api/current-user/organisation/${org.id}`,
    headers: bearer(tokens['r.product'] ?? ''),
  });
});
afterAll(() => t.close());

const auth = (who: string) => bearer(tokens[who] ?? '');
const raw = (who: string, url: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...auth(who), 'content-type': 'application/octet-stream', 'x-filename': 'file.csv' },
    payload: body,
  });
const get = (who: string, url: string) => t.app.inject({ url, headers: auth(who) });

const finished = (uuid: string) => loadEnded(t, auth('r.editor'), uuid);
async function load(body: string, who = 'r.editor', query = '') {
  const res = await raw(who, `/api/jobs/meter-load${query}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return finished(res.json().data.uuid);
}

const READINGS = 'ICP,Start,kWh\n0000033333CC333,2026-07-01 00:00,1\n';

describe('data load rights', () => {
  it("refuses observers everywhere and another organisation's administrator A's loads, telling them nothing", async () => {
    const uuid = (await raw('r.editor', '/api/jobs/meter-load', READINGS)).json().data.uuid as string;
    for (const [method, url] of [
      ['POST', '/api/jobs/meter-load'],
      ['POST', '/api/jobs/meter-load/preview'],
      ['GET', '/api/loading/jobs'],
      ['GET', `/api/jobs/${uuid}/status`],
      ['GET', `/api/jobs/${uuid}/error-report`],
    ] as const) {
      const res = method === 'POST' ? await raw('r.observer', url, READINGS) : await get('r.observer', url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    for (const url of [
      `/api/jobs/${uuid}/status`,
      `/api/jobs/${uuid}/error-report`,
      '/api/jobs/not-a-uuid/status',
    ]) {
      const res = await get('r.outsider', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('file.csv');
    }
    expect((await get('r.outsider', '/api/loading/jobs')).json()).toEqual({ jobs: [] });
    await finished(uuid);
  });

  it("lists the organisation's loads newest first, to its editors and product administrators", async () => {
    const job = await load(
      'Meter,Start,kWh\nDepot smart,2026-07-02 00:00,1\n',
      'r.product',
      `?mapping=${encodeURIComponent(JSON.stringify({ meter: 'Meter', timestamp: 'Start', value: 'kWh' }))}`,
    );
    expect(job).toMatchObject({ status: 'finished', readings: 1 });
    const listed = (await get('r.admin', '/api/loading/jobs')).json().jobs as ImportJob[];
    expect(listed[0]).toMatchObject({ uuid: job.uuid, filename: 'file.csv', status: 'finished', days: 1 });
    expect(listed.some((j) => j.uploadedBy === 'Erin Editor')).toBe(true);
  });
});

describe("the upload dialog's preview", () => {
  it('tells the format, shows the first rows and offers a guessed, then the remembered mapping', async () => {
    const head =
      'Meter Name,Read Time,Value kWh,Channel\nDepot smart,2026-07-03 00:00,1,E1\nDepot smart,2026-07-03 00:30,2,E1\nDepot sm';
    const first = (await raw('r.editor', '/api/jobs/meter-load/preview', head)).json();
    expect(first).toMatchObject({
      format: 'csv-readings',
      headers: ['Meter Name', 'Read Time', 'Value kWh', 'Channel'],
      rows: [
        ['Depot smart', '2026-07-03 00:00', '1', 'E1'],
        ['Depot smart', '2026-07-03 00:30', '2', 'E1'],
      ],
      remembered: false,
      mapping: { meter: 'Meter Name', timestamp: 'Read Time', value: 'Value kWh', register: 'Channel' },
    });
    const mapping = { ...first.mapping, register: null, intervalMinutes: 30 };
    const job = await load(
      head.slice(0, head.lastIndexOf('\n') + 1),
      'r.editor',
      `?mapping=${encodeURIComponent(JSON.stringify(mapping))}`,
    );
    expect(job).toMatchObject({ status: 'finished', readings: 2 });
    const second = (await raw('r.editor', '/api/jobs/meter-load/preview', head)).json();
    expect(second).toMatchObject({ remembered: true, mapping: { register: null } });
    // The next file of that layout needs no mapping: the job finds the remembered one.
    const again = await load('Meter Name,Read Time,Value kWh,Channel\nDepot smart,2026-07-04 00:00,1,E1\n');
    expect(again).toMatchObject({ status: 'finished', readings: 1 });
    expect(
      (await raw('r.editor', '/api/jobs/meter-load/preview', '100,NEM12,200601011200,MDA1,Ret1\n')).json(),
    ).toMatchObject({
      format: 'nem12',
      headers: [],
      mapping: null,
    });
  });
});

describe('invoice and Portfolio Manager CSVs', () => {
  const INVOICES = 'Meter,Invoice Number,Invoice Date,From,Till,Consumption,Cost,Estimated\n';
  const count = async () =>
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from invoices where organisation_id = ${ids.org}`,
      )
    ).rows[0]?.n;

  it('makes invoices through the invoice rules; a row already stored is skipped; a clash is refused', async () => {
    const rows = [
      'Depot supply,INV-1,05/02/2026,01/01/2026,31/01/2026,1000,200.50,No',
      'Depot supply,INV-2,05/03/2026,01/02/2026,28/02/2026,900,180,Yes',
    ];
    const first = await load(`${INVOICES}${rows.join('\n')}\n`);
    expect(first).toMatchObject({
      status: 'finished',
      format: 'csv-invoices',
      records: 2,
      skipped: 0,
      meters: 1,
    });
    const stored = await t.db.execute<{ invoice_number: string; read_type: string; cost_excl_tax: string }>(
      sql`select invoice_number, read_type, cost_excl_tax from invoices where organisation_id = ${ids.org} order by date_from`,
    );
    expect(stored.rows).toEqual([
      { invoice_number: 'INV-1', read_type: 'actual', cost_excl_tax: '200.50' },
      { invoice_number: 'INV-2', read_type: 'estimated', cost_excl_tax: '180.00' },
    ]);
    const fact = await t.db.execute<{ quantity_std: number }>(
      sql`select quantity_std from monthly_facts where meter_id = ${ids.supply} and month = '2026-01-01'`,
    );
    expect(fact.rows[0]?.quantity_std).toBeCloseTo(1000);
    const more = await load(
      `${INVOICES}${rows.join('\n')}\nDepot supply,INV-3,05/04/2026,01/03/2026,31/03/2026,950,190,No\n`,
    );
    expect(more).toMatchObject({ status: 'finished', records: 1, skipped: 2 });
    const before = await count();
    const clash = await load(
      `${INVOICES}Depot supply,INV-9,05/02/2026,01/01/2026,31/01/2026,1,1,No\nDepot lights,INV-10,05/02/2026,01/01/2026,31/01/2026,1,1,No\nDepot supply,INV-11,05/02/2024,01/01/2024,31/01/2024,1,1,No\n`,
    );
    expect(clash).toMatchObject({ status: 'failed', refusedRows: 3 });
    const report = await get('r.editor', `/api/jobs/${clash.uuid}/error-report`);
    expect(report.body.trim().split('\n').slice(1)).toEqual([
      '2,An invoice for 2026-01-01 to 2026-01-31 is already stored with other figures (INV-1)',
      '3,Data source Depot lights takes no invoices',
      "4,The invoice cannot start before the meter's open date",
    ]);
    expect(await count()).toBe(before);
  });

  it("reads Portfolio Manager's Meter Entries: invoices for billed meters, units by name, the rest refused", async () => {
    const header =
      'Portfolio Manager ID,Property Name,Portfolio Manager Meter ID,Meter Name,Meter Type,Start Date,End Date,Usage/Quantity,Usage Units,Cost ($),Estimation?,Demand (kW)';
    const ok = await load(
      `${header}\n1,Depot,9,Depot supply,Electric,04/01/2026,04/30/2026,"1,200",kWh (thousand Watt-hours),$240.00,No,12\n`,
    );
    expect(ok).toMatchObject({ status: 'finished', format: 'portfolio-manager', records: 1 });
    const stored = await t.db.execute<{ invoice_number: string }>(
      sql`select invoice_number from invoices where organisation_id = ${ids.org} and date_from = '2026-04-01'`,
    );
    expect(stored.rows[0]?.invoice_number).toBe('Portfolio Manager 2026-04-01');
    const bad = await load(
      `${header}\n1,Depot,9,Depot supply,Electric,05/01/2026,05/31/2026,10,therms,$2.00,No,\n1,Depot,10,Depot fuel,Electric,05/01/2026,05/31/2026,10,kWh,$2.00,No,\n`,
    );
    const report = await get('r.editor', `/api/jobs/${bad.uuid}/error-report`);
    expect(report.body.trim().split('\n').slice(1)).toEqual([
      '2,"The unit ""therms"" is not a unit of data source Depot supply"',
      '3,Data source Depot fuel takes neither invoices nor consumption records',
    ]);
  });

  it('makes consumption records through the consumption rules; a row already stored is skipped', async () => {
    const header = 'Data Source,Date From,Date Till,Units\n';
    const rows = ['Depot lights,01/01/2026,31/01/2026,310', 'Depot lights,01/02/2026,28/02/2026,280'];
    const first = await load(`${header}${rows.join('\n')}\n`);
    expect(first).toMatchObject({ status: 'finished', format: 'csv-consumption', records: 2, skipped: 0 });
    const again = await load(`${header}${rows.join('\n')}\nDepot lights,01/03/2026,31/03/2026,300\n`);
    expect(again).toMatchObject({ status: 'finished', records: 1, skipped: 2 });
    const clash = await load(
      `${header}Depot lights,15/03/2026,15/04/2026,300\nDepot supply,01/03/2026,31/03/2026,1\n`,
    );
    expect(clash).toMatchObject({ status: 'failed', refusedRows: 2 });
    const report = await get('r.editor', `/api/jobs/${clash.uuid}/error-report`);
    expect(report.body.trim().split('\n').slice(1)).toEqual([
      '2,Period overlaps with an existing record',
      '3,Data source Depot supply takes no consumption records',
    ]);
    const stored = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from consumption_records where organisation_id = ${ids.org}`,
    );
    expect(stored.rows[0]?.n).toBe(3);
  });
});
