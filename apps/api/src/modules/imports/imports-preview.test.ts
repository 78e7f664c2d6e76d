import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/* The upload dialog's preview: whatever the file's first bytes, an answer the dialog can show, never a 500. */

const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/fixtures/imports/portfolio-manager/seed_example-pm-monthly-meter-usage.xlsx',
);

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganisation(t.db, { name: 'Preview Org' });
  await createMember(t.db, org.id, { loginId: 'p.editor', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'p.observer', accessId: 4 });
  tokens.editor = await t.login('p.editor');
  tokens.observer = await t.login('p.observer');
});
afterAll(() => t.close());

const preview = (body: string | Buffer, who = 'editor') =>
  t.app.inject({
    method: 'POST',
    url: '/api/jobs/meter-load/preview',
    headers: { ...bearer(tokens[who] ?? ''), 'content-type': 'application/octet-stream' },
    payload: body,
  });
const mappings = async () =>
  (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from import_mappings`)).rows[0]?.n;

describe('the upload preview', () => {
  it('leaves a reading column it cannot guess empty for the user to choose', async () => {
    const before = await mappings();
    const res = await preview('Site,When,Amount\nSmart A,2026-08-01 00:00,1\n');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      format: 'csv-readings',
      headers: ['Site', 'When', 'Amount'],
      rows: [['Smart A', '2026-08-01 00:00', '1']],
      mapping: { meter: '', value: '', timestamp: null },
      remembered: false,
    });
    expect(await mappings()).toBe(before);
  });

  it('offers a header longer than a mapping takes as it is, without failing', async () => {
    const long = `kWh ${'x'.repeat(300)}`;
    const res = await preview(`ICP,Start,${long}\nA,2026-08-01 00:00,1\n`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mapping).toMatchObject({ meter: 'ICP', value: long });
  });

  it('answers a header row alone, a single column and an empty body with something to show', async () => {
    for (const body of ['ICP,Start,kWh\n', 'just one column\nvalue\n', 'no line end at all']) {
      const res = await preview(body);
      expect(res.statusCode, `${body}: ${res.body}`).toBe(200);
    }
    const empty = await preview('');
    expect(empty.statusCode).toBeLessThan(500);
  });

  it('shows a CSV with a byte-order mark and CRLF line ends by its columns', async () => {
    const res = await preview('\uFEFFICP,Interval Start,kWh\r\n0000011111AA111,2026-08-01 00:00,1\r\n');
    expect(res.json()).toMatchObject({
      format: 'csv-readings',
      headers: ['ICP', 'Interval Start', 'kWh'],
      rows: [['0000011111AA111', '2026-08-01 00:00', '1']],
      mapping: { meter: 'ICP', timestamp: 'Interval Start', value: 'kWh' },
    });
  });

  it("shows Portfolio Manager's export from its header, below the title rows, as CSV and as the XLSX downloaded", async () => {
    const csv = await preview(
      'My Portfolio: Test,,,\n06/06/2019,,,\nPortfolio Manager Meter ID,Start Date,End Date,Usage/Quantity\n5-0,1/1/2016,2/1/2016,5\n',
    );
    expect(csv.json()).toMatchObject({
      format: 'portfolio-manager',
      headers: ['Portfolio Manager Meter ID', 'Start Date', 'End Date', 'Usage/Quantity'],
      rows: [['5-0', '1/1/2016', '2/1/2016', '5']],
      mapping: null,
    });
    const xlsx = await preview(await readFile(FIXTURE));
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const body = xlsx.json();
    expect(body.format).toBe('portfolio-manager');
    expect(body.headers.slice(0, 4)).toEqual([
      'Property Name',
      'Portfolio Manager ID',
      'Portfolio Manager Meter ID',
      'Meter Name',
    ]);
    expect(body.rows).toHaveLength(5);
    expect(body.rows[0].slice(2, 8)).toEqual([
      '5766973-0',
      'Electric Grid Meter',
      'Electric - Grid',
      '809588892',
      '2016-01-01',
      '2016-02-01',
    ]);
  });

  it('is refused to an observer, who cannot load data', async () => {
    const res = await preview('ICP,Start,kWh\n', 'observer');
    expect(res.statusCode).toBe(403);
  });
});
