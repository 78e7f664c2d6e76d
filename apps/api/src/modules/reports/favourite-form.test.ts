import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/* A favourite run by form POST (data-portal.md 7: id, token and file name), as a browser form sends it. */

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  const org = await createOrganisation(db, { name: 'Form Org' });
  const other = await createOrganisation(db, { name: 'Elsewhere' });
  const power = await createDataType(db, { name: 'Electricity' });
  const site = await createSite(db, org.id, { name: 'Depot' });
  const meter = await createMeter(db, site, {
    localName: 'Supply',
    energyId: power.id,
    unitId: power.stdUnitId,
  });
  await createInvoice(db, meter, { from: '2026-10-01', till: '2026-10-31', consumption: 3100, cost: 620 });
  await recomputeFacts(db, [meter.id], '2026-11-21');
  await createMember(db, org.id, { loginId: 'form.observer', accessId: 4 });
  await createMember(db, other.id, { loginId: 'form.outsider', accessId: 2, admin: true });
  for (const k of ['form.observer', 'form.outsider']) tokens[k] = await t.login(k);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/data/reporting/favourites/create',
    headers: bearer(tokens['form.observer'] ?? ''),
    payload: {
      id: 1,
      output: 'csv',
      asset: { type: 'organisation' },
      relative: 'last-full-month',
      favouriteName: 'Monthly pack',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t?.close());

const link = (who: string, name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/data/reporting/favourites/link',
    headers: bearer(tokens[who] ?? ''),
    payload: { name },
  });
const post = (fields: Record<string, string | number>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/data/reporting/favourites/download',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(
      Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
    ).toString(),
  });

describe('a favourite by form POST', () => {
  it('hands out id, token and file name, and the form gets the file without a session', async () => {
    const res = await link('form.observer', 'Monthly pack');
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json();
    expect(form).toMatchObject({ id: expect.any(Number), fileName: 'monthly-pack.csv' });
    const file = await post(form);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="monthly-pack.csv"');
    expect(file.body).toContain('Electricity');
    // The file name is the form's, made safe, with the output's own extension.
    const renamed = await post({ ...form, fileName: '../../etc/passwd' });
    expect(renamed.headers['content-disposition']).toBe('attachment; filename="etc-passwd.csv"');
  });

  it('opens nothing with a token of another favourite or a forged one, and learns nothing', async () => {
    const form = (await link('form.observer', 'Monthly pack')).json();
    const other = await post({ ...form, id: form.id + 1 });
    const forged = await post({ ...form, token: `${form.token.slice(0, -2)}xx` });
    expect(other.statusCode).toBe(404);
    expect(forged.statusCode).toBe(404);
    expect(other.json().message).toBe(forged.json().message);
    expect(other.body).not.toContain('Electricity');
  });

  it("gives another organisation's administrator no link to someone else's favourite", async () => {
    const res = await link('form.outsider', 'Monthly pack');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('token');
  });
});
