import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The monthly summary against a small organisation worked by hand (the dashboard's own example, so the two
 * can be compared). Today is 21 November 2026: the last complete month is October 2026.
 *
 *   meter             site    Oct 2026                 Oct 2025
 *   Depot supply      Depot   3100 kWh  $620.00        2480 kWh  $496.00
 *   Office supply     Office  2 MWh     $400.00        2.5 MWh   $500.00
 *   Office water      Office  100 m3    $250.00        90 m3     $225.00
 *   Office annex      Office  (invoice late)           900 kWh   $180.00
 *
 * Electricity 0.1 kg/kWh scope 2 + 0.01 scope 3; water 0.3 kg/m3 scope 3.
 * By data type, October 2026: Electricity 5100 kWh, $1,020.00, 561 kg (against 5880 kWh: -13.3 %);
 *   Water supply 100 m3, $250.00, 30 kg (against 90: +11.1 %). Totals: 5100 kWh, $1,270.00, 591 kg.
 * By site: Depot 3100 kWh $620 341 kg (+25.0 %); Office 2000 kWh $650 250 kg (against 3400: -41.2 %).
 * Energy completeness: Depot supply 31 + Office supply 31 of 93 open days (the annex has none): 66.6 %.
 */

let t: TestApp;
let org: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Report Org' });
  const other = await createOrganisation(db, { name: 'Elsewhere' });
  const source = await createFactorSource(db, { name: 'Test factors 2026' });
  const electricity = await createDataType(db, { name: 'Electricity' }, [
    { name: 'MWh', conversionToStandard: 1000 },
  ]);
  const water = await createDataType(db, {
    name: 'Water supply',
    typeId: 2,
    stdUnit: 'm3',
    standardisedUnit: 'volume',
  });
  const factor = { sourceId: source.id, startDate: '2020-01-01' };
  await createFactor(db, { ...factor, dataTypeId: electricity.id, scope: 2, rate: 0.1 });
  await createFactor(db, { ...factor, dataTypeId: electricity.id, scope: 3, rate: 0.01 });
  await createFactor(db, { ...factor, dataTypeId: water.id, scope: 3, rate: 0.3 });

  const depot = await createSite(db, org.id, { name: 'Depot' });
  const office = await createSite(db, org.id, { name: 'Office' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const m1 = await createMeter(db, depot, { localName: 'Depot supply', ...kwh });
  const m2 = await createMeter(db, office, {
    localName: 'Office supply',
    energyId: electricity.id,
    unitId: electricity.units.MWh?.id,
  });
  const m3 = await createMeter(db, office, {
    localName: 'Office water',
    energyId: water.id,
    unitId: water.stdUnitId,
  });
  const late = await createMeter(db, office, { localName: 'Office annex', ...kwh });
  await createInvoice(db, m1, { from: '2026-10-01', till: '2026-10-31', consumption: 3100, cost: 620 });
  await createInvoice(db, m1, { from: '2025-10-01', till: '2025-10-31', consumption: 2480, cost: 496 });
  await createInvoice(db, m2, { from: '2026-10-01', till: '2026-10-31', consumption: 2, cost: 400 });
  await createInvoice(db, m2, { from: '2025-10-01', till: '2025-10-31', consumption: 2.5, cost: 500 });
  await createInvoice(db, m3, { from: '2026-10-01', till: '2026-10-31', consumption: 100, cost: 250 });
  await createInvoice(db, m3, { from: '2025-10-01', till: '2025-10-31', consumption: 90, cost: 225 });
  await createInvoice(db, late, { from: '2025-10-01', till: '2025-10-31', consumption: 900, cost: 180 });
  // Each factor's first version, as the catalogue keeps them: the facts name the versions they used.
  await db.execute(`insert into emission_factor_versions (factor_id, version, rate, start_date)
    select id, version, rate, start_date from emission_factors`);
  await recomputeFacts(db, [m1.id, m2.id, m3.id, late.id], '2026-11-21');
  const theirs = await createSite(db, other.id, { name: 'Their site' });
  // Gross floor area (indicator 1) and staff (3): Depot 100 m2; Office 50 m2 and 4 FTE.
  await seedReferenceData(db);
  await db.execute(`insert into site_indicator_values (organisation_id, site_id, indicator_id, value) values
    (${org.id}, ${depot.id}, 1, 100), (${org.id}, ${office.id}, 1, 50), (${org.id}, ${office.id}, 3, 4)`);
  Object.assign(ids, { depot: depot.id, office: office.id, m1: m1.id, m2: m2.id, theirs: theirs.id });

  await createMember(db, org.id, { loginId: 'r.admin', accessId: 2, admin: true });
  await createMember(db, org.id, { loginId: 'r.observer', accessId: 4 });
  const narrowed = await createMember(db, org.id, { loginId: 'r.narrowed', accessId: 4 });
  await grantRight(db, {
    userId: narrowed.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: m2.id,
    rightId: -1,
  });
  await createMember(db, other.id, { loginId: 'r.outsider', accessId: 2, admin: true });
  for (const k of ['r.admin', 'r.observer', 'r.narrowed', 'r.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t?.close());

const get = (who: string, url: string) =>
  t.app.inject({ url: `/api${url}`, headers: bearer(tokens[who] ?? '') });
const run = (who: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/data/reporting/reports/run',
    headers: bearer(tokens[who] ?? ''),
    payload: { id: 1, output: 'csv', asset: { type: 'organisation' }, start: '2026-10-01', ...payload },
  });
/** An error answer without its request id. */
const answer = (res: { json: () => { requestId?: string } }) => ({ ...res.json(), requestId: undefined });
const rows = (text: string) => parse(text) as string[][];

describe('the catalogue', () => {
  it('lists the reports with their types, outputs, levels, tags and settings', async () => {
    const list = (await get('r.observer', `/organisations/${org.id}/reporting/reports`)).json();
    expect(list[0]).toMatchObject({
      id: 1,
      name: 'Monthly energy and carbon summary',
      type: 'Monthly',
      output: ['pdf', 'xlsx', 'csv'],
      target: expect.arrayContaining(['organisation', 'site', 'site-group']),
      additionalSettings: [expect.objectContaining({ name: 'movers', className: 'number', defaultValue: 5 })],
    });
    expect((await get('r.observer', `/organisations/${org.id}/reporting/tags`)).json()).toContain('Carbon');
  });

  it('gives the Create Report modal the last complete month and the sliding periods', async () => {
    const data = (
      await get('r.observer', `/organisations/${org.id}/reporting/reports/1/creation-data`)
    ).json();
    expect(data).toMatchObject({
      lastCompleteMonth: '2026-10-01',
      defaults: { start: '2026-10-01', end: '2026-10-31' },
      relativePeriods: [{ value: 'last-full-month', label: 'Last full month' }],
    });
    const missing = await get('r.observer', `/organisations/${org.id}/reporting/reports/999/creation-data`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('That report was not found');
  });

  it('offers the assets of a level the caller may see', async () => {
    const url = `/organisations/${org.id}/reporting/reports/1/available-assets?level=site`;
    expect((await get('r.admin', url)).json().map((a: { name: string }) => a.name)).toEqual([
      'Depot',
      'Office',
    ]);
    const meters = `/organisations/${org.id}/reporting/reports/1/available-assets?level=organisation`;
    expect((await get('r.narrowed', meters)).json()).toEqual([
      { type: 'organisation', id: null, name: 'Report Org' },
    ]);
  });
});

describe('the monthly summary', () => {
  it('adds up October 2026 by data type as worked by hand, and as the dashboard does', async () => {
    const res = await run('r.observer', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="monthly-energy-and-carbon-summary-2026-10.csv"',
    );
    const [header, ...body] = rows(res.body);
    expect(header).toEqual([
      'Data type',
      'Quantity',
      'Unit',
      'Cost ($)',
      'Emissions (kg CO2e)',
      'Quantity on a year earlier',
      'Notes',
    ]);
    expect(body).toEqual([
      ['Electricity', '5100', 'kWh', '1020', '561', '-13.27', ''],
      ['Water supply', '100', 'm3', '250', '30', '11.11', ''],
    ]);
    const cost = body.reduce((n, r) => n + Number(r[3]), 0);
    const dashboard = (await get('r.observer', '/dashboard/monthly-savings-cost')).json();
    expect(cost).toBe(dashboard.cons1);
  });

  it('narrows to the meters the caller may see, and refuses an asset they cannot see as not found', async () => {
    const body = rows((await run('r.narrowed', {})).body);
    expect(body[1]?.slice(0, 2)).toEqual(['Electricity', '3100']);
    const hidden = await run('r.narrowed', { asset: { type: 'meter', id: ids.m2 } });
    const absent = await run('r.narrowed', { asset: { type: 'meter', id: 2_000_000 } });
    expect(hidden.statusCode).toBe(404);
    expect(answer(hidden)).toEqual(answer(absent));
  });

  it('writes a PDF with the figures, the chart and a provenance page', async () => {
    const res = await run('r.admin', { output: 'pdf', asset: { type: 'organisation' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = '/tmp/verdant-reports';
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/monthly-summary.pdf`, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', `${dir}/monthly-summary.pdf`, '-']).toString();
    expect(text).toContain('Monthly energy and carbon summary, Oct 2026');
    expect(text).toContain('5,100 kWh');
    expect(text).toContain('$1,270.00');
    expect(text).toContain('591 kg CO2e');
    expect(text).toContain('Where these figures come from');
    expect(text).toMatch(/62 days with data of 93 days open \(66\.6 %\)/);
    expect(text).toMatch(/Page 1 of \d/);
    expect(text).toContain('Test factors 2026 (factors entered by hand, no edition)');
    // Pictures to look at: page 1 and the provenance page.
    execFileSync('pdftoppm', ['-png', '-r', '70', `${dir}/monthly-summary.pdf`, `${dir}/monthly-summary`]);
  });

  it('writes an XLSX with a Provenance sheet and the same fingerprint for the same inputs', async () => {
    const a = await run('r.admin', { output: 'xlsx' });
    const b = await run('r.admin', { output: 'csv' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['x-report-fingerprint']).toMatch(/^[0-9a-f]{64}$/);
    expect(a.headers['x-report-fingerprint']).toBe(b.headers['x-report-fingerprint']);
    expect(a.rawPayload.includes(Buffer.from('xl/worksheets/sheet'))).toBe(true);
  });

  it("says 'No data found for that period.' in the file for a month without data", async () => {
    const res = await run('r.admin', { start: '2024-01-01' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('No data found for that period.');
  });
});

describe('the GHG inventory', () => {
  /*
   * Calendar 2025 holds only October's facts: electricity 2480 + 2500 + 900 = 5880 kWh gives scope 2
   * 588 kg and scope 3 58.8 kg; water 90 m3 gives scope 3 27 kg. Total location-based 673.8 kg, as the
   * dashboard's emissions of October 2025. By site: Depot 2480 x 0.11 = 272.8; Office 3400 x 0.11 + 27 = 401.
   */
  it('adds up a reporting year by scope and activity as worked by hand, and says it is incomplete', async () => {
    const res = await run('r.admin', { id: 2, start: '2025-06-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('ghg-inventory-2025-01.csv');
    const [header, ...body] = rows(res.body);
    expect(header?.slice(0, 6)).toEqual([
      'Activity',
      'Scope 1 (kg CO2e)',
      'Scope 2 location-based (kg CO2e)',
      'Scope 2 market-based (kg CO2e)',
      'Scope 3 (kg CO2e)',
      'Total location-based (kg CO2e)',
    ]);
    const pick = (r: string[] | undefined) => [r?.[0], r?.[1], r?.[2], r?.[4], r?.[5]];
    expect(body.map(pick)).toEqual([
      ['Electricity', '0', '588', '58.8', '646.8'],
      ['Water supply', '0', '0', '27', '27'],
      ['Total', '0', '588', '85.8', '673.8'],
    ]);
    const pdf = await run('r.admin', { id: 2, start: '2025-06-01', output: 'pdf' });
    const dir = '/tmp/verdant-reports';
    writeFileSync(`${dir}/ghg-inventory.pdf`, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', `${dir}/ghg-inventory.pdf`, '-']).toString();
    expect(text).toContain('GHG inventory, 2025');
    expect(text).toMatch(/Depot\s+0\s+248\s+\S+\s+25\s+273/);
    expect(text).toContain('Incomplete: emissions covers');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-f',
      '1',
      '-l',
      '1',
      `${dir}/ghg-inventory.pdf`,
      `${dir}/ghg`,
    ]);
  });
});

describe('meter data', () => {
  it("writes each meter's own months across, blank for a month not lived and marked where missing", async () => {
    const res = await run('r.admin', { id: 3, start: '2026-10-01', end: '2026-12-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(rows(res.body)).toEqual([
      ['Data source', 'Site', 'Data type', 'Unit', 'Oct 2026', 'Nov 2026', 'Dec 2026', 'Notes'],
      ['Depot supply', 'Depot', 'Electricity', 'kWh', '3100', '', '', 'Nov 2026 missing'],
      ['Office annex', 'Office', 'Electricity', 'kWh', '', '', '', 'Oct 2026 missing; Nov 2026 missing'],
      ['Office supply', 'Office', 'Electricity', 'kWh', '2000', '', '', 'Nov 2026 missing'],
      ['Office water', 'Office', 'Water supply', 'm3', '100', '', '', 'Nov 2026 missing'],
    ]);
    const cost = await run('r.admin', {
      id: 3,
      output: 'npg.csv',
      asset: { type: 'site', id: ids.depot },
      start: '2026-10-01',
      end: '2026-10-01',
      settings: { measure: 'cost' },
    });
    expect(rows(cost.body)).toEqual([
      ['Data source', 'Site', 'Data type', 'Unit', 'Measure', 'Unit', 'Value', 'Notes'],
      ['Depot supply', 'Depot', 'Electricity', '$', 'Oct 2026', '', '620', ''],
    ]);
  });
});

describe('the site league table', () => {
  /*
   * October 2026: Office 2000 kWh / 50 m2 = 40.0 kWh/m2, 250 kg / 50 = 5.00 kg/m2, 2000 / 4 FTE = 500;
   * Depot 3100 / 100 = 31.0 kWh/m2, 341 / 100 = 3.41 kg/m2, no staff figure.
   */
  it('ranks the sites by energy per m2 as worked by hand', async () => {
    const res = await run('r.admin', { id: 4, start: '2026-10-01', end: '2026-10-01' });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...body] = rows(res.body);
    expect(header?.[5]).toBe('Energy per m² (kWh/m²)');
    expect(body).toEqual([
      ['1', 'Office', '2000', '250', '50', '40', '5', '4', '500', ''],
      ['2', 'Depot', '3100', '341', '100', '31', '3.41', '', '', ''],
    ]);
  });
});

describe('bad input changes nothing and says what is wrong', () => {
  it.each([
    [{ id: 999 }, 404, 'That report was not found'],
    [{ output: 'pipe' }, 400, 'This report is not offered as pipe'],
    [{ asset: { type: 'vehicle', id: 1 } }, 400, 'This report does not run for a vehicle'],
    [{ asset: { type: 'site', id: null } }, 400, 'Choose an asset'],
    [{ start: '1626-10-01' }, 400, 'Choose a period from 2000 on'],
    [{ start: '2426-10-01' }, 400, 'The period has not started yet'],
    [{ start: null }, 400, 'Choose the period of the report'],
    [{ settings: { movers: 99 } }, 400, "The setting 'Top movers' cannot be 99"],
    [{ id: 3, start: '2000-01-01', end: '2399-12-01' }, 400, 'Choose a period of at most 10 years'],
    [{ id: 3, start: '2026-10-01', end: '2026-01-01' }, 400, 'The period cannot end before it starts'],
    [
      { id: 3, end: '2026-10-01', settings: { measure: 'volts' } },
      400,
      "The setting 'Figure' cannot be volts",
    ],
  ])('%j', async (payload, status, message) => {
    const res = await run('r.admin', payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });
});

describe('another organisation learns nothing', () => {
  it("refuses another organisation's administrator the catalogue calls of this one", async () => {
    for (const url of [
      `/organisations/${org.id}/reporting/reports`,
      `/organisations/${org.id}/reporting/tags`,
      `/organisations/${org.id}/reporting/reports/1/creation-data`,
      `/organisations/${org.id}/reporting/reports/1/available-assets?level=site`,
    ]) {
      expect((await get('r.outsider', url)).statusCode, url).toBe(403);
    }
  });

  it('answers a site of this organisation to an outsider exactly as a site that does not exist', async () => {
    const ours = await run('r.outsider', { asset: { type: 'site', id: ids.depot } });
    const none = await run('r.outsider', { asset: { type: 'site', id: 2_000_000 } });
    expect(ours.statusCode).toBe(404);
    expect(answer(ours)).toEqual(answer(none));
    const mine = await run('r.outsider', { asset: { type: 'site', id: ids.theirs } });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('No data found for that period.');
  });
});
