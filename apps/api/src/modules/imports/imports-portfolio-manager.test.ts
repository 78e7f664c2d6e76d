import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import type { ImportJob } from '@verdant/contracts/imports';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/* ENERGY STAR Portfolio Manager's bills as downloaded: the shared sample export (XLSX, title rows, kBtu, "Not
 * Available", four meters all named "Electric Grid Meter"), the CSV Excel saves, and the unknown meters of a
 * refused load mapped and the load run again. */

const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/fixtures/imports/portfolio-manager/seed_example-pm-monthly-meter-usage.xlsx',
);

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
  await seedCatalogue(t.db);
  const org = await createOrganisation(t.db, { name: 'Benchmark Org' });
  const other = await createOrganisation(t.db, { name: 'Other Benchmark Org' });
  const site = await createSite(t.db, org.id, { name: 'Campus Building 1' });
  const kwh = async (dataTypeId: number) =>
    (
      await t.db.execute<{ id: number }>(
        sql`select id from units where data_type_id = ${dataTypeId} and name = 'kWh'`,
      )
    ).rows[0]?.id;
  // Check meters (level 2) take consumption records: the sample's bills have no cost.
  const check = { metlvlId: 2, meterType: 2, meterOpen: '2015-01-01' };
  const electricity = { energyId: 13, unitId: await kwh(13), ...check };
  const gas = { energyId: 2, unitId: await kwh(2), ...check };
  // The user typed one Portfolio Manager Meter ID as the meter number: the first match, then remembered.
  ids.a = (
    await createMeter(t.db, site, { localName: 'B1 electricity', meterNumber: '5766973-0', ...electricity })
  ).id;
  ids.b = (await createMeter(t.db, site, { localName: 'B1 electricity east', ...electricity })).id;
  ids.c = (await createMeter(t.db, site, { localName: 'B1 gas', ...gas })).id;
  ids.d = (await createMeter(t.db, site, { localName: 'B1 gas east', ...gas })).id;
  ids.supply = (
    await createMeter(t.db, site, {
      localName: 'Library gas',
      energyId: 2,
      unitId: await kwh(2),
      meterType: 2,
      meterOpen: '2015-01-01',
    })
  ).id;
  ids.foreign = (
    await createMeter(t.db, await createSite(t.db, other.id), { localName: 'Foreign', ...gas })
  ).id;
  ids.org = org.id;
  await createMember(t.db, org.id, { loginId: 'pm.editor', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'pm.observer', accessId: 4 });
  await createMember(t.db, other.id, { loginId: 'pm.outsider', accessId: 2, admin: true });
  for (const k of ['pm.editor', 'pm.observer', 'pm.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const auth = (who = 'pm.editor') => bearer(tokens[who] ?? '');

async function finished(uuid: string): Promise<ImportJob> {
  for (let i = 0; i < 400; i++) {
    const job = (await t.app.inject({ url: `/api/jobs/${uuid}/status`, headers: auth() })).json()
      .data as ImportJob;
    if (job.status === 'finished' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`load ${uuid} did not end`);
}

async function load(filename: string, body: Buffer | string): Promise<ImportJob> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jobs/meter-load',
    headers: { ...auth(), 'content-type': 'application/octet-stream', 'x-filename': filename },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return finished(res.json().data.uuid);
}

/** The organisation's consumption records and invoices, for before-and-after snapshots. */
const snapshot = async () =>
  (
    await t.db.execute<{ meter: string; from: string; till: string; units: string }>(sql`
      select m.local_name as meter, r.date_from as from, r.date_till as till, r.units::text as units
      from consumption_records r join meters m on m.id = r.meter_id
      where r.organisation_id = ${ids.org}
      union all
      select m.local_name, i.date_from, i.date_till, im.consumption::text
      from invoices i join invoice_meters im on im.invoice_id = i.id join meters m on m.id = im.meter_id
      where i.organisation_id = ${ids.org}
      order by 1, 2`)
  ).rows;
const identifiers = async () =>
  (
    await t.db.execute<{ meter: number; label: string; value: string }>(sql`
      select i.meter_id as meter, l.name as label, i.value from meter_identifiers i
      join meter_identifier_labels l on l.id = i.label_id where i.organisation_id = ${ids.org}
      order by i.meter_id`)
  ).rows;

describe("Portfolio Manager's Meter Entries export as downloaded (XLSX)", () => {
  let refused: ImportJob;

  it('names every meter it cannot match once, with its rows, by Meter ID and never by the shared name', async () => {
    const before = await snapshot();
    refused = await load('seed_example-pm-monthly-meter-usage.xlsx', await readFile(FIXTURE));
    expect(refused).toMatchObject({ status: 'failed', format: 'portfolio-manager', refusedRows: 6 });
    expect(refused.error).toBe(
      '6 rows were refused, so nothing was imported: 3 data sources named in the file are not in this organisation. Create these data sources, or map them to data sources you have, then load the file again.',
    );
    expect(refused.refusals?.unknownMeters).toEqual([
      {
        key: '5766975-0',
        context: 'Electric Grid Meter, Electric - Grid, Campus Building 1',
        label: 'Portfolio Manager Meter ID',
        rows: 2,
        meterId: null,
        meterName: null,
      },
      expect.objectContaining({
        key: '5766973-1',
        context: 'Electric Grid Meter, Natural Gas, Campus Building 1',
        rows: 2,
      }),
      expect.objectContaining({ key: '5766975-1', rows: 2 }),
    ]);
    expect(refused.refusals?.reasons).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(await identifiers()).toEqual([]);
  });

  it('maps each unknown meter to a data source, refusing another organisation and an observer', async () => {
    const map = (key: string, meterId: number, who = 'pm.editor') =>
      t.app.inject({
        method: 'POST',
        url: `/api/jobs/${refused.uuid}/unknown-meters`,
        headers: auth(who),
        payload: { key, meterId },
      });
    expect((await map('5766975-0', ids.b ?? 0, 'pm.observer')).statusCode).toBe(403);
    expect((await map('5766975-0', ids.b ?? 0, 'pm.outsider')).statusCode).toBe(404);
    expect((await map('5766975-0', ids.foreign ?? 0)).statusCode).toBe(404);
    expect((await map('nobody', ids.b ?? 0)).statusCode).toBe(404);
    expect(await identifiers()).toEqual([]);
    const mapped = await map('5766975-0', ids.b ?? 0);
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().message).toBe(
      '"5766975-0" now names data source B1 electricity east. Load the file again when every data source is found.',
    );
    expect(mapped.json().data.refusals.unknownMeters[0]).toMatchObject({
      key: '5766975-0',
      meterId: ids.b,
      meterName: 'B1 electricity east',
    });
    const twice = await map('5766973-1', ids.b ?? 0);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(
      'Data source B1 electricity east already has the Portfolio Manager Meter ID 5766975-0: map "5766973-1" to another data source.',
    );
    expect((await map('5766973-1', ids.c ?? 0)).statusCode).toBe(200);
    expect((await map('5766975-1', ids.d ?? 0)).statusCode).toBe(200);
    expect(await identifiers()).toEqual([
      { meter: ids.b, label: 'Portfolio Manager Meter ID', value: '5766975-0' },
      { meter: ids.c, label: 'Portfolio Manager Meter ID', value: '5766973-1' },
      { meter: ids.d, label: 'Portfolio Manager Meter ID', value: '5766975-1' },
    ]);
  });

  it('loads again from the stored file: kBtu in kWh, End Dates shared by the next bill read as exclusive', async () => {
    const rerun = (who: string) =>
      t.app.inject({ method: 'POST', url: `/api/jobs/${refused.uuid}/rerun`, headers: auth(who) });
    expect((await rerun('pm.observer')).statusCode).toBe(403);
    expect((await rerun('pm.outsider')).statusCode).toBe(404);
    const res = await rerun('pm.editor');
    expect(res.statusCode, res.body).toBe(200);
    const job = await finished(res.json().data.uuid);
    expect(job).toMatchObject({ status: 'finished', readings: 8, records: 8, meters: 4, refusedRows: 0 });
    // Each kBtu x 0.2930710702 kWh (597,478.9 kBtu = 175,103.7806 kWh, to 4 places as records keep them); January
    // ends on the 31st, not on 1 February.
    expect(await snapshot()).toEqual([
      { meter: 'B1 electricity', from: '2016-01-01', till: '2016-01-31', units: '175103.7806' },
      { meter: 'B1 electricity', from: '2016-02-01', till: '2016-02-29', units: '160779.8735' },
      { meter: 'B1 electricity east', from: '2016-01-01', till: '2016-01-31', units: '45300.6401' },
      { meter: 'B1 electricity east', from: '2016-02-01', till: '2016-02-29', units: '41451.2395' },
      { meter: 'B1 gas', from: '2016-01-01', till: '2016-01-31', units: '168808.9950' },
      { meter: 'B1 gas', from: '2016-02-01', till: '2016-02-29', units: '143018.7116' },
      { meter: 'B1 gas east', from: '2016-01-01', till: '2016-01-31', units: '87896.4100' },
      { meter: 'B1 gas east', from: '2016-02-01', till: '2016-02-29', units: '145454.3666' },
    ]);
    // The meter found by its meter number now remembers the Meter ID, with an audit row.
    expect((await identifiers()).find((i) => i.meter === ids.a)).toEqual({
      meter: ids.a,
      label: 'Portfolio Manager Meter ID',
      value: '5766973-0',
    });
    const audited = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'remember data file name' and asset_id = ${ids.a}`,
    );
    expect(audited.rows[0]?.n).toBe(1);
  });
});

describe("Portfolio Manager's export as Excel saves it (CSV)", () => {
  it('reads title rows, "Not Available", therms and ccf, United States dates, a BOM and CRLF', async () => {
    const before = await snapshot();
    const rows = [
      'My Portfolio: Test City,,,,,,,,,,,',
      '06/06/2019 04:28 PM EDT,,,,,,,,,,,',
      ',,,,,,,,,,,',
      'Property Name,Portfolio Manager ID,Portfolio Manager Meter ID,Meter Name,Meter Type,Start Date,End Date,Delivery Date,Usage/Quantity,Usage Units,Cost ($),Estimation?',
      'Library,57,880-1,Library gas,Natural Gas,3/15/2017,4/14/2017,Not Available,"1,000",therms,Not Available,No',
      'Library,57,880-1,Library gas,Natural Gas,4/15/2017,5/14/2017,Not Available,10,ccf (hundred cubic feet),Not Available,Yes',
    ];
    const job = await load('library.csv', `\uFEFF${rows.join('\r\n')}\r\n`);
    expect(job, job.error ?? '').toMatchObject({
      status: 'finished',
      format: 'portfolio-manager',
      records: 2,
    });
    const added = (await snapshot()).filter(
      (r) => !before.some((b) => b.meter === r.meter && b.from === r.from),
    );
    // The bills do not share their boundaries, so their End Dates are inclusive. A supply meter takes invoices:
    // in the file's units, each with no cost and saying so.
    expect(added).toEqual([
      { meter: 'Library gas', from: '2017-03-15', till: '2017-04-14', units: '1000.0000' },
      { meter: 'Library gas', from: '2017-04-15', till: '2017-05-14', units: '10.0000' },
    ]);
    const invoices = await t.db.execute<{
      unit: string;
      notes: string;
      read_type: string;
      number: string;
    }>(sql`
      select u.name as unit, i.notes, i.read_type, i.invoice_number as number from invoices i
      join invoice_meters im on im.invoice_id = i.id join units u on u.id = im.unit_id
      where im.meter_id = ${ids.supply} order by i.date_from`);
    expect(invoices.rows).toEqual([
      expect.objectContaining({ unit: 'therms', notes: 'Imported from a data load; the file gave no cost' }),
      expect.objectContaining({ unit: 'ccf (hundred cubic feet)', read_type: 'estimated' }),
    ]);
    // Found by its Meter Name (no other meter of the file has it): the Meter ID is remembered.
    expect((await identifiers()).find((i) => i.meter === ids.supply)?.value).toBe('880-1');
  });
});

/** A zip archive of the entries given, deflated (what a crafted workbook would be). */
function zipOf(entries: Record<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(entries)) {
    const packed = deflateRawSync(data);
    const n = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, packed);
    centrals.push(central, n);
    offset += 30 + n.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('workbooks as people make them', () => {
  async function workbook(quantity: ExcelJS.CellValue) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Meter Entries');
    sheet.getCell('A1').value = 'My Portfolio: formulas';
    sheet.mergeCells('A1:E1');
    sheet.getRow(3).values = [
      'Portfolio Manager Meter ID',
      'Meter Name',
      'Start Date',
      'End Date',
      'Usage/Quantity',
      'Usage Units',
    ];
    sheet.getRow(4).values = [
      '880-1',
      'Library gas',
      new Date(Date.UTC(2018, 0, 1)),
      new Date(Date.UTC(2018, 0, 31)),
      { formula: '2*5', result: 10 },
      'therms',
    ];
    sheet.getRow(5).values = [
      null,
      'Library gas',
      new Date(Date.UTC(2018, 1, 1)),
      new Date(Date.UTC(2018, 1, 28)),
      quantity,
      'therms',
    ];
    // The Meter ID written once over both bills' rows.
    sheet.mergeCells('A4:A5');
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('reads a formula by the value saved with it, never evaluating it, and refuses one saved without a value', async () => {
    const before = await snapshot();
    const unsaved = await load(
      'formulas.xlsx',
      await workbook({ formula: 'E4*2' } as ExcelJS.CellFormulaValue),
    );
    expect(unsaved).toMatchObject({ status: 'failed', refusedRows: 1 });
    expect(unsaved.refusals?.reasons).toEqual([
      {
        reason:
          'Cell E5 holds a formula with no saved value: open the file in Excel, save it and upload it again',
        rows: 1,
        firstLine: 5,
      },
    ]);
    expect(await snapshot()).toEqual(before);
    const error = await load('errors.xlsx', await workbook({ error: '#DIV/0!' } as ExcelJS.CellErrorValue));
    expect(error.refusals?.reasons[0]?.reason).toBe('Cell E5 holds the error #DIV/0!');
    // A saved value that is not what the formula would give is read as saved: the formula is never run.
    const saved = await load('saved.xlsx', await workbook({ formula: 'E4*2', result: 7 }));
    expect(saved, saved.error ?? '').toMatchObject({ status: 'finished', records: 2 });
    const added = (await snapshot()).filter((r) => r.from.startsWith('2018'));
    expect(added).toEqual([
      { meter: 'Library gas', from: '2018-01-01', till: '2018-01-31', units: '10.0000' },
      { meter: 'Library gas', from: '2018-02-01', till: '2018-02-28', units: '7.0000' },
    ]);
  });

  it('refuses a workbook that unpacks to far more than its size, before reading it, and changes nothing', async () => {
    const before = await snapshot();
    const bomb = zipOf({
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'xl/worksheets/sheet1.xml': Buffer.alloc(40 * 1024 * 1024, 32),
    });
    expect(bomb.length).toBeLessThan(100 * 1024);
    const job = await load('bomb.xlsx', bomb);
    expect(job).toMatchObject({
      status: 'failed',
      error:
        'The workbook unpacks to more than 200 MB, or to more than 200 times its own size: save its sheet as CSV and upload that.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('reads a CSV Excel saved in Windows-1252, its euro sign and all', async () => {
    const header =
      'Portfolio Manager Meter ID,Meter Name,Start Date,End Date,Usage/Quantity,Usage Units,Cost ($)';
    const text = `${header}\r\n990-9,Caf\u00e9 \u20ac gas,3/1/2019,3/31/2019,5,therms,12\r\n`;
    const bytes = Buffer.from(text.replace('\u20ac', '\u0080'), 'latin1');
    expect(bytes.includes(0x80)).toBe(true);
    const job = await load('cafe.csv', bytes);
    expect(job.refusals?.unknownMeters[0]).toMatchObject({ key: '990-9', context: 'Caf\u00e9 \u20ac gas' });
  });

  it('refuses a UTF-8 file that stops being UTF-8 past its first bytes, naming where, and changes nothing', async () => {
    const before = await snapshot();
    const header =
      'Portfolio Manager Meter ID,Meter Name,Start Date,End Date,Usage/Quantity,Usage Units,Cost ($)';
    const row = '880-1,Library gas,1/1/2010,1/31/2010,5,therms,12\n';
    const bytes = Buffer.concat([
      Buffer.from(`${header}\n${row.repeat(2000)}`),
      Buffer.from([0x80]),
      Buffer.from(row),
    ]);
    const job = await load('mixed.csv', bytes);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(
      /^The file starts as UTF-8 text but is not UTF-8 near byte [\d,]+: save it as "CSV UTF-8" and upload it again\.$/,
    );
    expect(await snapshot()).toEqual(before);
  });
});
