import { createCipheriv } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { EMPTY, loadFile, meterData, reportLines, SHARED_FIXTURES } from './load-testing';

/*
 * Interval lengths, parts of half hours, zip archives and bad input through the upload and the job, with each
 * data source's stored data before and after.
 */

let t: TestApp;
let token = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: true, clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Formats Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity formats' });
  const site = await createSite(t.db, org.id, { name: 'Formats site' });
  const meter = async (name: string, account: string, values: Parameters<typeof createMeter>[2] = {}) => {
    const m = await createMeter(t.db, site, {
      localName: name,
      account,
      meterType: 5,
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
      meterOpen: '2000-01-01',
      ...values,
    });
    ids[name] = m.id;
  };
  await meter('Quarters', 'Q-1');
  await meter('Zipped 1', 'NCDE001111', { hasExport: true });
  await meter('Zipped 2', 'NDDD001888', { hasExport: true });
  await meter('Zipped 3', 'VABD000163');
  await meter('Crlf', '4102000001');
  await createMember(t.db, org.id, { loginId: 'x.editor', accessId: 3 });
  token = await t.login('x.editor');
});
afterAll(() => t.close());

const QUARTER_MAPPING = `?mapping=${encodeURIComponent(JSON.stringify({ meter: 'M', timestamp: 'Start', value: 'kWh', intervalMinutes: 15 }))}`;
const HEADER = '100,NEM12,202510010600,MDP1,RETAILER';
const ones = (n: number) => new Array(n).fill('1.000').join(',');

describe('interval lengths and parts of a half hour', () => {
  it('merges a quarter hour of a later file with the one stored: 1.790 + 1.791 = 3.581', async () => {
    const id = ids.Quarters ?? 0;
    expect(await meterData(t, id)).toEqual(EMPTY);
    const first = await loadFile(
      t,
      token,
      'q1.csv',
      'M,Start,kWh\nQ-1,2026-07-01 00:00,1.790\n',
      QUARTER_MAPPING,
    );
    expect(first).toMatchObject({ status: 'finished', readings: 1 });
    // Only 00:00-00:15 of the half hour is known: it is stored as a part, estimated until the rest comes.
    expect(await meterData(t, id)).toEqual({
      registers: [{ label: null, kind: 'import kWh', days: 1, total: 1.79, qualities: 'E' }],
      records: [],
      consumption: 1.79,
    });
    const second = await loadFile(
      t,
      token,
      'q2.csv',
      'M,Start,kWh\nQ-1,2026-07-01 00:15,1.791\n',
      QUARTER_MAPPING,
    );
    expect(second).toMatchObject({ status: 'finished', readings: 1 });
    const stored = await t.db.execute<{ kwh: (number | null)[]; quality: string | null; parts: unknown }>(
      sql`select kwh, quality, parts from half_hour_days where meter_id = ${id} and read_date = '2026-07-01'`,
    );
    expect(stored.rows[0]?.kwh[0]).toBeCloseTo(3.581, 6);
    expect(stored.rows[0]?.quality).toBeNull();
    expect(stored.rows[0]?.parts).toBeNull();
    expect((await meterData(t, id)).consumption).toBe(3.581);
    // The same first file again gives its minutes again: they are replaced, not added a second time.
    await loadFile(t, token, 'q1 again.csv', 'M,Start,kWh\nQ-1,2026-07-01 00:00,1.790\n', QUARTER_MAPPING);
    expect((await meterData(t, id)).consumption).toBe(3.581);
  });
});

describe('NEM12 as delivered', () => {
  it('loads a zip of NEM12 files, each entry a file of the load', async () => {
    const read = (f: string) => readFile(path.join(SHARED_FIXTURES, 'nem12', f));
    const archive = zipSync({
      'NEM12#0001.csv': await read('Example_NEM12_multiple_meters.csv'),
      'folder/NEM12#0002': await read('Example_NEM12_actual_interval.csv'),
      '__MACOSX/._NEM12#0001.csv': Buffer.from('ignored'),
    });
    for (const key of ['Zipped 1', 'Zipped 2', 'Zipped 3'])
      expect(await meterData(t, ids[key] ?? 0)).toEqual(EMPTY);
    const job = await loadFile(t, token, 'delivery.zip', Buffer.from(archive));
    expect(job).toMatchObject({ status: 'finished', format: 'nem12', meters: 3, refusedRows: 0 });
    expect((await meterData(t, ids['Zipped 1'] ?? 0)).consumption).toBe(21.12);
    expect((await meterData(t, ids['Zipped 3'] ?? 0)).consumption).toBe(53.328);
  });

  it('names a refused row with its file in the archive, and lands nothing', async () => {
    const before = await meterData(t, ids.Crlf ?? 0);
    const archive = zipSync({
      'good.csv': Buffer.from(
        `${HEADER}\n200,4102000001,E1,1,E1,N1,M1,kWh,30,\n300,20250101,${ones(48)},A,,,,\n900\n`,
      ),
      'bad.csv': Buffer.from(
        `${HEADER}\n200,NOT-A-METER,E1,1,E1,N1,M1,kWh,30,\n300,20250101,${ones(48)},A,,,,\n900\n`,
      ),
    });
    const job = await loadFile(t, token, 'mixed.zip', Buffer.from(archive));
    expect(job).toMatchObject({ status: 'failed', refusedRows: expect.any(Number) });
    expect((await reportLines(t, token, job)).join('\n')).toContain('bad.csv: ""NOT-A-METER""');
    expect(await meterData(t, ids.Crlf ?? 0)).toEqual(before);
  });

  it('fails on a later file of the archive that is not interval data, naming it, and lands nothing', async () => {
    // The next file is opened while the one before it is read (zip-load.ts): its refusal waits for its turn.
    const before = await meterData(t, ids['Zipped 1'] ?? 0);
    const day = (meter: string) =>
      Buffer.from(`${HEADER}\n200,${meter},E1,1,E1,N1,M1,kWh,30,\n300,20250103,${ones(48)},A,,,,\n900\n`);
    const archive = zipSync({
      'first.csv': day('NCDE001111'),
      'notes.txt': Buffer.from('Meter reads for January, as agreed.\n'),
      'third.csv': day('NCDE001111'),
    });
    const job = await loadFile(t, token, 'with-notes.zip', Buffer.from(archive));
    expect(job).toMatchObject({
      status: 'failed',
      error:
        'notes.txt is CSV readings: a zip archive takes NEM12, NEM13, EIEP3, EIEP13A and Green Button files',
    });
    expect(await meterData(t, ids['Zipped 1'] ?? 0)).toEqual(before);
  });

  it('refuses zip bombs by ratio and by size before inflating them', async () => {
    const bomb = zipSync({ 'zeros.csv': new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
    const byRatio = await loadFile(t, token, 'bomb.zip', Buffer.from(bomb));
    expect(byRatio.status).toBe('failed');
    expect(byRatio.error).toMatch(
      /^zeros\.csv in the zip archive would expand \d+ times \(at most 200\): it is refused as a zip bomb$/,
    );
    // A file that says it expands to 600 MB (its central directory entry's uncompressed size).
    // Bytes that do not compress, the same on every run: AES-CTR of zeros under a fixed key.
    const noise = createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), Buffer.alloc(16)).update(
      Buffer.alloc(4 * 1024 * 1024),
    );
    const big = Buffer.from(zipSync({ 'big.csv': noise }, { level: 1 }));
    const central = big.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    big.writeUInt32LE(600 * 1024 * 1024, central + 24);
    const bySize = await loadFile(t, token, 'big.zip', big);
    expect(bySize.error).toBe(
      "The zip archive's files would expand to 600 MB, more than the 500 MB a load takes: it is refused as a zip bomb, or split it into smaller archives",
    );
  });

  it('refuses a file of the archive that inflates to more or fewer bytes than the archive declares', async () => {
    const before = await meterData(t, ids['Zipped 1'] ?? 0);
    const text = `${HEADER}\n200,NCDE001111,E1,1,E1,N1,M1,kWh,30,\n300,20250102,${ones(48)},A,,,,\n900\n`;
    for (const change of [-1, 1]) {
      const archive = Buffer.from(zipSync({ 'short.csv': Buffer.from(text) }));
      // The central directory entry's uncompressed size (offset 24) one byte off the file's true size.
      const central = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      archive.writeUInt32LE(text.length + change, central + 24);
      const job = await loadFile(t, token, `off-by-${change}.zip`, archive);
      expect(job).toMatchObject({
        status: 'failed',
        error: 'short.csv: The file is not the size the zip archive declares: the archive may be damaged',
      });
    }
    expect(await meterData(t, ids['Zipped 1'] ?? 0)).toEqual(before);
  });
});

describe('bad input', () => {
  it('loads a NEM12 file with a byte order mark and CRLF line ends', async () => {
    const id = ids.Crlf ?? 0;
    expect(await meterData(t, id)).toEqual(EMPTY);
    const text = `\uFEFF${[HEADER, '200,4102000001,E1,1,E1,N1,M1,kWh,30,', `300,20250101,${ones(48)},A,,,,`, '900'].join('\r\n')}\r\n`;
    const job = await loadFile(t, token, 'bom.csv', text);
    expect(job).toMatchObject({ status: 'finished', readings: 48 });
    expect((await meterData(t, id)).consumption).toBe(48);
  });

  it('refuses a NEM12 300 record broken across lines, naming both lines, and lands nothing', async () => {
    const id = ids.Crlf ?? 0;
    const before = await meterData(t, id);
    const values = ones(48).split(',');
    const text = [
      HEADER,
      '200,4102000001,E1,1,E1,N1,M1,kWh,30,',
      `300,20250102,${values.slice(0, 20).join(',')}`,
      `${values.slice(20).join(',')},A,,,,`,
      `300,20250103,${ones(48)},A,,,,`,
      '900',
    ].join('\n');
    const job = await loadFile(t, token, 'broken.csv', text);
    expect(job).toMatchObject({ status: 'failed', refusedRows: 2 });
    expect(await reportLines(t, token, job)).toEqual([
      '3,02/01/2025 has 20 interval values; 30-minute intervals need 48',
      '4,"the rest of the 300 record of line 3, broken across lines: a record must be on one line"',
    ]);
    expect(await meterData(t, id)).toEqual(before);
  });

  it('says an empty file has no rows to import', async () => {
    const job = await loadFile(t, token, 'empty.csv', `${HEADER}\n900\n`);
    expect(job).toMatchObject({ status: 'failed', error: 'The file has no rows to import.' });
  });

  it('refuses a 2 GB file at once by its length, storing nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/meter-load',
      headers: {
        ...bearer(token),
        'content-type': 'application/octet-stream',
        'content-length': String(2 * 1024 ** 3),
        'x-filename': 'huge.csv',
      },
      payload: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The file is larger than 100 MB, the most an import takes. Split it into smaller files.',
    );
  });

  it('refuses a Green Button feed of 10,000 UsagePoints it does not know, landing nothing', async () => {
    const entries: string[] = [];
    for (let i = 1; i <= 10_000; i++) {
      const up = `https://utility.example/espi/UsagePoint/${i}`;
      entries.push(
        `<entry><link rel="self" href="${up}"/><title>Unknown ${i}</title><content><UsagePoint xmlns="http://naesb.org/espi"/></content></entry>`,
        `<entry><link rel="self" href="${up}/MeterReading/1"/><link rel="related" href="https://utility.example/espi/ReadingType/1"/><content><MeterReading xmlns="http://naesb.org/espi"/></content></entry>`,
        `<entry><link rel="self" href="${up}/MeterReading/1/IntervalBlock/1"/><content><IntervalBlock xmlns="http://naesb.org/espi"><IntervalReading><timePeriod><duration>3600</duration><start>1751328000</start></timePeriod><value>1000</value></IntervalReading></IntervalBlock></content></entry>`,
      );
    }
    const readingType =
      '<entry><link rel="self" href="https://utility.example/espi/ReadingType/1"/><content><ReadingType xmlns="http://naesb.org/espi"><uom>72</uom><powerOfTenMultiplier>0</powerOfTenMultiplier></ReadingType></content></entry>';
    const xml = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">${readingType}${entries.join('')}</feed>`;
    const job = await loadFile(t, token, 'feed.xml', xml);
    expect(job).toMatchObject({ status: 'failed', format: 'green-button', readings: 0 });
    expect(job.refusedRows).toBeGreaterThan(0);
    const stored = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from half_hour_days d join meters m on m.id = d.meter_id
      where m.local_name like 'Unknown %'`);
    expect(stored.rows[0]?.n).toBe(0);
  });
});
