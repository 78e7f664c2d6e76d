import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createGroup, createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { assetGroups, groupings } from '@verdant/db/schema/groups';
import { touContracts } from '@verdant/db/schema/rates';
import { ACCESS } from '@verdant/domain/constants';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

/*
 * Exports are safe to open (docs/decisions/security.md, "Exports neutralise formulas"): a name
 * `=HYPERLINK("x")` goes out through every export, and no cell of any file begins with what a spreadsheet
 * runs (`=`, `+`, `-`, `@`, tab, carriage return) unless it is a plain number. A second test keeps every
 * module that writes CSV or XLSX on the one writer.
 */

const EVIL = '=HYPERLINK("x")';
const TRIGGER = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[-+]?\d[\d,]*(\.\d+)?([eE][-+]?\d+)?$/;

let t: TestApp;
let admin: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  await seedReferenceData(db);
  await seedCatalogue(db);
  const org = await createOrganisation(db, { name: 'Export Org' });
  await createMember(db, org.id, { loginId: 'x.admin', accessId: ACCESS.primaryContact, admin: true });
  admin = bearer(await t.login('x.admin'));
  const source = await createFactorSource(db, { name: 'Export factors' });
  const power = await createDataType(db, { name: EVIL, grouping: EVIL });
  await createFactor(db, {
    sourceId: source.id,
    startDate: '2020-01-01',
    dataTypeId: power.id,
    scope: 2,
    rate: 0.1,
  });
  const site = await createSite(db, org.id, { name: 'Plain site', regionId: 9, siteOpen: '2020-01-01' });
  const [contract] = await db.insert(touContracts).values({ organisationId: org.id, name: EVIL }).returning();
  const meter = await createMeter(db, site, {
    localName: EVIL,
    meterOpen: '2024-01-01',
    energyId: power.id,
    unitId: power.stdUnitId,
    touContractId: contract?.id,
  });
  for (const [from, till, kwh] of [
    ['2026-09-01', '2026-09-30', -120],
    ['2026-10-01', '2026-10-31', 3100],
  ] as const)
    await createInvoice(db, meter, { from, till, consumption: kwh, cost: 100 });
  await recomputeFacts(db, [meter.id], '2026-11-21');
  const [grouping] = await db
    .insert(groupings)
    .values({ organisationId: org.id, memberType: 'site', name: EVIL })
    .returning();
  const group = await createGroup(db, org.id, 'site', EVIL, [site.id]);
  await db.update(assetGroups).set({ groupingId: grouping?.id }).where(eq(assetGroups.id, group.id));
  Object.assign(ids, { org: org.id, site: site.id, meter: meter.id, grouping: grouping?.id ?? 0 });

  // Through the API, so the history has the name too.
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.app.inject({ method, url: `/api${url}`, payload, headers: admin });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.body}`);
    return res.json();
  };
  await call('PUT', `/sites/${site.id}`, { name: EVIL });
  const vehicles = await call('POST', `/sites/${site.id}/new-vehicles`, {
    purchaseDate: '2026-01-01',
    reporting: 'ORGANISATION',
    list: [
      {
        // A registration is letters and digits only: the vehicle exports carry no other text.
        registration: 'EVIL1',
        make: EVIL,
        model: 'Model',
        year: 2020,
        bodyShapeId: 1,
        seats: 5,
        transmissionTypeId: 1,
        engineSize: 2,
        fuelId: 4,
        desiredEfficiency: 8,
      },
    ],
  });
  ids.vehicle = vehicles.data.newVehicleList[0].id;
  await call('POST', `/vehicles/${ids.vehicle}/purchases`, {
    date: '2026-10-05',
    odo: 1000,
    quantity: 40,
    cost: 100,
  });
});
afterAll(() => t?.close());

function expectSafe(label: string, cells: string[]) {
  // The vehicle exports name a vehicle by its registration, letters and digits only.
  if (!label.startsWith('fleet'))
    expect(
      cells.some((c) => c.includes(EVIL)),
      `${label} carries the name`,
    ).toBe(true);
  expect(
    cells.filter((c) => TRIGGER.test(c) && !PLAIN_NUMBER.test(c)),
    `${label}: cells a spreadsheet would run`,
  ).toEqual([]);
}
const csvCells = (text: string): string[] => (parse(text, { relax_column_count: true }) as string[][]).flat();

describe('every export neutralises formulas', () => {
  const range = { aggregation: 'monthly', start: '2026-09', end: '2026-10' };
  const exports: [string, 'GET' | 'POST', () => string, (() => object)?][] = [
    [
      'site data',
      'POST',
      () => `/organisations/${ids.org}/site-data-export`,
      () => ({ assets: [ids.site], data: ['cons', 'cost'], ranges: [range] }),
    ],
    [
      'data source data (CSV)',
      'POST',
      () => `/organisations/${ids.org}/meter-data-export?format=csv`,
      () => ({ assets: [ids.meter], data: ['kWh', '$'], ranges: [range], validationColumns: true }),
    ],
    [
      'invoice report',
      'POST',
      () => `/organisations/${ids.org}/invoices-reports/export`,
      () => ({ year: 2026, ids: [ids.meter] }),
    ],
    ['history', 'GET', () => `/organisations/${ids.org}/history/csv`],
    [
      'GHG by group and scope',
      'GET',
      () => `/charts/co2e-grouping/site/${ids.grouping}/by-scope?from=2026-09&to=2026-10&format=csv`,
    ],
    [
      'GHG by scope and activity',
      'GET',
      () => `/charts/co2e-scope-activity?from=2026-09&to=2026-10&format=csv`,
    ],
    [
      'fleet data',
      'POST',
      () => `/organisations/${ids.org}/fleet-data-export`,
      () => ({
        assets: [ids.vehicle],
        data: ['L', '$'],
        ranges: [{ aggregation: 'total', start: '2026-09', end: '2026-10' }],
      }),
    ],
    [
      'fleet transactions',
      'POST',
      () => `/organisations/${ids.org}/fleet-transaction-export`,
      () => ({
        assets: [ids.vehicle],
        data: ['L', '$'],
        ranges: [{ aggregation: 'month', start: '2026-09', end: '2026-10' }],
      }),
    ],
    [
      'monthly summary report (CSV)',
      'POST',
      () => '/data/reporting/reports/run',
      () => ({ id: 1, output: 'csv', asset: { type: 'organisation' }, start: '2026-10-01' }),
    ],
    [
      'TOU rates template',
      'GET',
      () =>
        `/organisations/${ids.org}/tou-contracts/create-template?meter=${ids.meter}&from=2026-09-01&till=2026-10-31`,
    ],
  ];

  for (const [label, method, url, payload] of exports) {
    it(`writes ${label} safely`, async () => {
      const res = await t.app.inject({
        method,
        url: `/api${url()}`,
        headers: admin,
        ...(payload ? { payload: payload() } : {}),
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expectSafe(label, csvCells(res.body));
    });
  }

  it('writes data source data as XLSX safely, its negative figures still numbers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${ids.org}/meter-data-export?format=xlsx`,
      headers: admin,
      payload: { assets: [ids.meter], data: ['kWh'], ranges: [range] },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values: unknown[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => values.push(...(row.values as unknown[]).slice(1))));
    expectSafe('XLSX', values.map(String));
    expect(values).toContain(-120);
  });
});

describe('reports neutralise formulas in every sheet', () => {
  it('writes the monthly summary as XLSX safely, numbers still numbers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/data/reporting/reports/run',
      headers: admin,
      payload: { id: 1, output: 'xlsx', asset: { type: 'site', id: ids.site }, start: '2026-10-01' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values: unknown[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => values.push(...(row.values as unknown[]).slice(1))));
    expectSafe('report XLSX', values.filter((v) => v !== undefined).map(String));
    expect(values).toContain(3100);
    expect(book.worksheets.map((w) => w.name)).toContain('Provenance');
  });
});

/** Every non-test source file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('one writer of spreadsheets', () => {
  it('lets no module but the one writer (and the one workbook reader) import csv-stringify or exceljs', () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const writers = new Set([
      'apps/api/src/lib/spreadsheet.ts',
      'apps/web/src/lib/csv.ts',
      // Read uploaded workbooks (data and publishers' factor editions); they write nothing a person opens.
      'apps/api/src/modules/imports/workbook-records.ts',
      'apps/api/src/modules/catalogue/edition-file.ts',
    ]);
    const offenders = ['apps/api/src', 'apps/web/src', 'packages']
      .flatMap((d) => sources(path.join(root, d)))
      .map((f) => path.relative(root, f))
      .filter((f) => !writers.has(f))
      .filter((f) =>
        /from '(csv-stringify|exceljs)[^']*'|import\('(csv-stringify|exceljs)/.test(
          readFileSync(path.join(root, f), 'utf8'),
        ),
      );
    expect(offenders).toEqual([]);
  });
});
