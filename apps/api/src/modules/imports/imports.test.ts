import { Readable } from 'node:stream';
import type { ImportJob } from '@verdant/contracts/imports';
import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

const MAPPING = {
  meter: 'ICP',
  timestamp: 'Start',
  value: 'kWh',
  quality: 'Flag',
  direction: 'Direction',
};

beforeAll(async () => {
  t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Load Org' });
  const other = await createOrganisation(t.db, { name: 'Other Load Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity loads' }, [
    { name: 'MWh', conversionToStandard: 1000 },
  ]);
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2025-01-01' };
  const site = await createSite(t.db, org.id, { name: 'Works' });
  const smart = await createMeter(t.db, site, {
    localName: 'Smart A',
    meterType: 5,
    account: '0000011111AA111',
    ...kwh,
  });
  const exporter = await createMeter(t.db, site, {
    localName: 'Smart B',
    meterType: 5,
    meterNumber: 'SB-2',
    hasExport: true,
    ...kwh,
  });
  const mwh = await createMeter(t.db, site, {
    localName: 'Smart MWh',
    meterType: 1,
    ...kwh,
    unitId: electricity.units.MWh?.id,
  });
  const supply = await createMeter(t.db, site, { localName: 'Office supply', meterType: 2, ...kwh });
  const record = await createMeter(t.db, site, { localName: 'Unmetered lights', meterType: 8, ...kwh });
  const barred = await createMeter(t.db, site, { localName: 'Barred smart', meterType: 5, ...kwh });
  const foreign = await createMeter(t.db, await createSite(t.db, other.id), {
    localName: 'Foreign smart',
    meterType: 5,
    account: '0000099999ZZ999',
  });
  for (let i = 1; i <= 10; i++)
    await createMeter(t.db, site, { localName: `Bulk ${i}`, meterType: 5, ...kwh, meterOpen: '2024-01-01' });
  Object.assign(ids, {
    org: org.id,
    other: other.id,
    smart: smart.id,
    exporter: exporter.id,
    mwh: mwh.id,
    supply: supply.id,
    record: record.id,
    foreign: foreign.id,
    kwhUnit: electricity.stdUnitId,
  });
  await createMember(t.db, org.id, { loginId: 'l.admin', accessId: 2, admin: true });
  const editor = await createMember(t.db, org.id, { loginId: 'l.editor', accessId: 3 });
  await grantRight(t.db, {
    userId: editor.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: barred.id,
    rightId: 4,
  });
  await createMember(t.db, org.id, { loginId: 'l.observer', accessId: 4 });
  await createMember(t.db, other.id, { loginId: 'l.outsider', accessId: 2, admin: true });
  await createUser(t.db, { loginId: 'l.product', productAdmin: true });
  for (const k of ['l.admin', 'l.editor', 'l.observer', 'l.outsider', 'l.product'])
    tokens[k] = await t.login(k);
  const into = await t.app.inject({
    method: 'PUT',
    url: `/api/current-user/organisation/${org.id}`,
    headers: bearer(tokens['l.product'] ?? ''),
  });
  expect(into.statusCode).toBe(200);
});
afterAll(() => t.close());

const auth = (who: string) => bearer(tokens[who] ?? '');

function upload(
  who: string,
  filename: string,
  body: string | Buffer | Readable,
  query: Record<string, string> = {},
) {
  const search = new URLSearchParams(query).toString();
  return t.app.inject({
    method: 'POST',
    url: `/api/jobs/meter-load${search ? `?${search}` : ''}`,
    headers: {
      ...auth(who),
      'content-type': 'application/octet-stream',
      'x-filename': encodeURIComponent(filename),
    },
    payload: body,
  });
}

async function finished(uuid: string, who = 'l.editor'): Promise<ImportJob> {
  for (let i = 0; i < 600; i++) {
    const res = await t.app.inject({ url: `/api/jobs/${uuid}/status`, headers: auth(who) });
    expect(res.statusCode).toBe(200);
    const job = res.json().data as ImportJob;
    if (job.status === 'finished' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`load ${uuid} did not end`);
}

async function load(filename: string, body: string | Buffer | Readable, query: Record<string, string> = {}) {
  const res = await upload('l.editor', filename, body, query);
  expect(res.statusCode, res.body).toBe(200);
  return finished(res.json().data.uuid);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A local day of 30-minute readings, one CSV row each. */
function day(key: string, date: string, value: (hh: number) => number | string, extra = ',A,import') {
  return Array.from(
    { length: 48 },
    (_, hh) => `${key},${date} ${pad(Math.floor(hh / 2))}:${hh % 2 ? '30' : '00'},${value(hh)}${extra}`,
  );
}
const csv = (rows: string[]) => `ICP,Start,kWh,Flag,Direction\n${rows.join('\n')}\n`;

const digest = async () =>
  (
    await t.db.execute<{
      d: string;
    }>(sql`select md5(coalesce(string_agg(h::text, '|' order by h.meter_id, h.register,
      h.read_date), '')) as d from half_hour_days h`)
  ).rows[0]?.d;

describe('data loads of CSV readings', () => {
  it('loads readings by ICP and by meter number, folds them on the standard-time clock, recomputes the ledger', async () => {
    // 2 July 2026 in New Zealand is standard time: a local day is one stored day.
    const rows = [
      ...day('0000011111AA111', '2026-07-02', (hh) => (hh === 10 ? '2' : '1')),
      ...day('SB-2', '2026-07-02', () => 0.5),
    ];
    rows[3] = rows[3]?.replace(',A,', ',E,') ?? '';
    const job = await load('july.csv', csv(rows), { mapping: JSON.stringify(MAPPING) });
    expect(job).toMatchObject({
      status: 'finished',
      format: 'csv-readings',
      readings: 96,
      days: 2,
      meters: 2,
      refusedRows: 0,
      error: null,
      progress: 100,
      hasReport: false,
      uploadedBy: expect.any(String),
    });
    const stored = await t.db.execute<{
      day_kwh: number;
      quality: string | null;
      estimated_readings: number;
    }>(
      sql`select day_kwh, quality, estimated_readings from half_hour_days
        where meter_id = ${ids.smart} and read_date = '2026-07-02'`,
    );
    expect(stored.rows[0]).toMatchObject({ day_kwh: 49, estimated_readings: 1 });
    expect(stored.rows[0]?.quality?.[3]).toBe('E');
    const fact = await t.db.execute<{ quantity_std: number }>(
      sql`select quantity_std from monthly_facts where meter_id = ${ids.smart} and month = '2026-07-01'`,
    );
    expect(fact.rows[0]?.quantity_std).toBeCloseTo(49);
    const audited = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'import half-hour data' and asset_id = ${ids.smart}`,
    );
    expect(audited.rows[0]?.n).toBe(1);
  });

  it('changes nothing when the same file is loaded again', async () => {
    const rows = day('0000011111AA111', '2026-07-03', () => 1);
    await load('again.csv', csv(rows), { mapping: JSON.stringify(MAPPING) });
    const before = await digest();
    const again = await load('again (copy).csv', csv(rows), { mapping: JSON.stringify(MAPPING) });
    expect(again).toMatchObject({ status: 'finished', readings: 0, days: 0 });
    expect(again.error).toMatch(/^This file was already imported on \d\d\/\d\d\/\d{4}; nothing changed\.$/);
    expect(await digest()).toBe(before);
  });

  it("sums 15-minute intervals into half hours and converts the data source's own unit", async () => {
    const rows = ['M,Time,Value', 'Smart MWh,2026-07-04 00:00,0.001', 'Smart MWh,2026-07-04 00:15,0.002'];
    const job = await load('quarter.csv', `${rows.join('\n')}\n`, {
      mapping: JSON.stringify({
        meter: 'M',
        timestamp: 'Time',
        value: 'Value',
        intervalMinutes: 15,
        valueUnit: 'meter',
      }),
    });
    expect(job).toMatchObject({ status: 'finished', readings: 2, days: 1 });
    const stored = await t.db.execute<{ kwh: (number | null)[] }>(
      sql`select kwh from half_hour_days where meter_id = ${ids.mwh} and read_date = '2026-07-04'`,
    );
    expect(stored.rows[0]?.kwh[0]).toBeCloseTo(3);
  });

  it('refuses the whole file and names each bad row with its line and reason in the error report', async () => {
    const before = await digest();
    const good = day('0000011111AA111', '2026-08-01', () => 1);
    const rows = [
      ...good.slice(0, 5),
      'Nobody,2026-08-01 02:30,1,A,import',
      '0000099999ZZ999,2026-08-01 02:30,1,A,import',
      '0000011111AA111,2026-12-01 00:00,1,A,import',
      '0000011111AA111,2026-08-01 03:00,-1,A,import',
      'SB-2,2026-08-01 03:00,-1,A,import',
      '0000011111AA111,2026-08-01 03:30,1,A,export',
      'Office supply,2026-08-01 03:30,1,A,import',
      'Barred smart,2026-08-01 03:30,1,A,import',
      '0000011111AA111,2026-08-01 04:00,lots,A,import',
      '0000011111AA111,2024-08-01 04:00,1,A,import',
      ...good.slice(9),
      '0000011111AA111,2026-08-01',
    ];
    const job = await load('bad rows.csv', csv(rows), { mapping: JSON.stringify(MAPPING) });
    expect(job).toMatchObject({ status: 'failed', refusedRows: 11, hasReport: true, days: 0 });
    expect(job.error).toBe(
      '11 rows were refused, so nothing was imported: 2 data sources named in the file are not in this organisation. Create these data sources, or map them to data sources you have, then load the file again. Other rows were refused for other reasons: see the error report.',
    );
    expect(await digest()).toBe(before);
    const report = await t.app.inject({
      url: `/api/jobs/${job.uuid}/error-report`,
      headers: auth('l.editor'),
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.headers['content-disposition']).toContain('bad%20rows%20-%20error%20report.csv');
    expect(report.body.trim().split('\n')).toEqual([
      'Line,Reason',
      '7,"""Nobody"" is not a data source of this organisation"',
      '8,"""0000099999ZZ999"" is not a data source of this organisation"',
      '9,The reading at 2026-12-01 00:00 is in the future',
      '10,Negative consumption (-1) and data source Smart A has no export',
      '11,Negative reading (-1) on an import register: export belongs on an export register of Smart B',
      '12,An export reading and data source Smart A has no export',
      '13,Data source Office supply does not record half-hour data',
      '14,You may not change data source Barred smart',
      '15,"The value ""lots"" is not a number"',
      '16,Data source Smart A is not open on 2024-08-01',
      '56,Has 2 columns where the header has 5: the row is incomplete',
    ]);
  });

  it('ends with a clear error for a file cut short, a file in no known format, or a binary file', async () => {
    const cut = await load('cut.csv', 'ICP,Start,kWh\n0000011111AA111,"2026-08-01 00:00,1\n', {
      mapping: JSON.stringify({ meter: 'ICP', timestamp: 'Start', value: 'kWh' }),
    });
    expect(cut.status).toBe('failed');
    expect(cut.error).toMatch(/^The file could not be read as CSV readings: Quote Not Closed/);
    const prose = await load('notes.txt', 'Dear customer,\nthank you for your business.\n');
    expect(prose).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('The file is not in a format the import knows'),
    });
    const unmapped = await load('unmapped.csv', 'Meter,When,Amount\nSmart A,2026-08-01 00:00,1\n');
    expect(unmapped).toMatchObject({
      status: 'failed',
      error: 'Map the columns of this CSV file before it is imported.',
    });
    const binary = await upload('l.editor', 'data.csv', Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj'));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toBe(
      'The file is not a text file (CSV, NEM12, EIEP or XML) or a zip archive of them.',
    );
  });
});

describe('data loads: changeover days and large files', () => {
  it('lands the 50 periods of the day daylight saving ends on 48 standard-time half hours of two days', async () => {
    const rows = Array.from({ length: 50 }, (_, p) => `Smart A,05/04/2026,${p + 1},${p + 1}`);
    const job = await load('changeover.csv', `Meter,Date,Period,kWh\n${rows.join('\n')}\n`, {
      mapping: JSON.stringify({ meter: 'Meter', date: 'Date', period: 'Period', value: 'kWh' }),
    });
    expect(job).toMatchObject({ status: 'finished', readings: 50, days: 2 });
    const stored = await t.db.execute<{ read_date: string; kwh: (number | null)[] }>(
      sql`select read_date, kwh from half_hour_days where meter_id = ${ids.smart}
        and read_date in ('2026-04-04', '2026-04-05') order by read_date`,
    );
    // Local midnight in daylight time is 23:00 standard time the day before: periods 1 and 2 land there.
    expect(stored.rows[0]?.kwh.slice(46)).toEqual([1, 2]);
    expect(stored.rows[1]?.kwh).toEqual(Array.from({ length: 48 }, (_, i) => i + 3));
  });

  it('shares a quarter hour that straddles two half hours by time, each half hour then an estimate', async () => {
    const job = await load('straddle.csv', 'M,Time,Value\nSmart A,2026-07-05 00:20,1.5\n', {
      mapping: JSON.stringify({ meter: 'M', timestamp: 'Time', value: 'Value', intervalMinutes: 15 }),
    });
    expect(job).toMatchObject({ status: 'finished', readings: 1, days: 1 });
    const stored = await t.db.execute<{ kwh: (number | null)[]; quality: string }>(
      sql`select kwh, quality from half_hour_days where meter_id = ${ids.smart} and read_date = '2026-07-05'`,
    );
    expect(stored.rows[0]?.kwh.slice(0, 3)).toEqual([1, 0.5, null]);
    expect(stored.rows[0]?.quality.slice(0, 3)).toBe('EE ');
  });

  it('reads a CSV of 1,000,000 rows of which 3 are wrong and names exactly those 3', async () => {
    const ROWS = 1_000_000;
    const bad = new Map([
      [123_456, (row: string) => row.replace(/,[\d.]+$/, ',n/a')],
      [500_000, (row: string) => row.replace(/^Bulk \d+/, 'Bulk 99')],
      [999_999, (row: string) => row.replace(/^(Bulk \d+),[^,]+/, '$1,2027-01-01 00:00')],
    ]);
    let i = 0;
    const start = Date.parse('2025-11-01T00:00:00Z');
    const file = Readable.from(
      (function* () {
        yield 'Meter,Time,kWh\n';
        while (i < ROWS) {
          const lines: string[] = [];
          for (let n = 0; n < 10_000 && i < ROWS; n++, i++) {
            // 10 meters, 5-minute readings in UTC: each meter's 100,000 readings are 347 days.
            const at = new Date(start + Math.floor(i / 10) * 300_000).toISOString();
            const row = `Bulk ${(i % 10) + 1},${at.slice(0, 16)}Z,0.1`;
            lines.push(bad.get(i)?.(row) ?? row);
          }
          yield `${lines.join('\n')}\n`;
        }
      })(),
    );
    const before = await digest();
    const job = await load('million.csv', file, {
      mapping: JSON.stringify({ meter: 'Meter', timestamp: 'Time', value: 'kWh', intervalMinutes: 5 }),
    });
    expect(job).toMatchObject({ status: 'failed', refusedRows: 3, linesRead: ROWS + 1 });
    const report = await t.app.inject({
      url: `/api/jobs/${job.uuid}/error-report`,
      headers: auth('l.editor'),
    });
    expect(report.body.trim().split('\n')).toEqual([
      'Line,Reason',
      '123458,"The value ""n/a"" is not a number"',
      '500002,"""Bulk 99"" is not a data source of this organisation"',
      '1000001,The reading at 2027-01-01 00:00 is in the future',
    ]);
    expect(await digest()).toBe(before);
  }, 300_000);
});

describe('data load uploads', () => {
  it('refuses a bad upload with the message and keeps nothing', async () => {
    const jobs = async () =>
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from import_jobs`)).rows[0]?.n;
    const before = await jobs();
    // Any name is taken; the content decides: a PDF is not a data file whatever it is called.
    const pdf = await upload(
      'l.editor',
      'bill.pdf',
      Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
    );
    expect(pdf.json().message).toBe(
      'The file is not a text file (CSV, NEM12, EIEP or XML) or a zip archive of them.',
    );
    expect((await upload('l.editor', 'empty.csv', '')).json().message).toBe('The file is empty.');
    const mapping = await upload('l.editor', 'a.csv', 'a,b\n1,2\n', { mapping: '{"meter":""}' });
    expect(mapping.json().message).toBe('Choose the column that names the data source.');
    expect((await upload('l.editor', 'a.csv', 'a,b\n', { format: 'xlsx' })).statusCode).toBe(400);
    expect(await jobs()).toBe(before);
  });

  it('refuses a 200 MB file at once by its length, and a longer stream once it passes 100 MB', async () => {
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/meter-load',
      headers: {
        ...auth('l.editor'),
        'content-type': 'text/csv',
        'x-filename': 'big.csv',
        'content-length': String(200 * 1024 * 1024),
      },
      payload: 'ICP,Start,kWh\n',
    });
    expect(declared.statusCode).toBe(400);
    expect(declared.json().message).toBe(
      'The file is larger than 100 MB, the most an import takes. Split it into smaller files.',
    );
    let sent = 0;
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const endless = new Readable({
      read() {
        sent += 1;
        this.push(sent > 101 ? null : chunk);
      },
    });
    const streamed = await upload('l.editor', 'big.csv', endless);
    expect(streamed.statusCode).toBe(400);
    expect(streamed.json().message).toContain('larger than 100 MB');
    const jobs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from import_jobs where filename = 'big.csv'`,
    );
    expect(jobs.rows[0]?.n).toBe(0);
  });
});
