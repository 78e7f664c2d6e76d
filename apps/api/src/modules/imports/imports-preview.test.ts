import { createMember, createOrganisation } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/* The upload dialog's preview: whatever the file's first bytes, an answer the dialog can show, never a 500. */

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

  it('is refused to an observer, who cannot load data', async () => {
    const res = await preview('ICP,Start,kWh\n', 'observer');
    expect(res.statusCode).toBe(403);
  });
});
