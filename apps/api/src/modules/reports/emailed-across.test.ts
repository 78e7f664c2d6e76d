import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * A product administrator changes and stops another organisation's emailed report from /emailed-reports
 * without switching organisation (docs/decisions/reports.md, Editing another organisation's emailed reports):
 * the call is decided in the report's own organisation. Another organisation's administrator and a read-only
 * user are refused and learn nothing.
 */

let t: TestApp;
let org: { id: number };
let elsewhere: { id: number };
const tokens: Record<string, string> = {};
let emailId = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Across Org' });
  elsewhere = await createOrganisation(db, { name: 'Across Elsewhere' });
  const power = await createDataType(db, { name: 'Electricity' });
  const site = await createSite(db, org.id, { name: 'Depot' });
  await createMeter(db, site, { localName: 'Depot supply', energyId: power.id, unitId: power.stdUnitId });
  await createMember(db, org.id, { loginId: 'x.owner', accessId: 3, admin: false });
  await createMember(db, org.id, { loginId: 'x.observer', accessId: 4, admin: false });
  await createMember(db, elsewhere.id, { loginId: 'x.outsider', accessId: 2, admin: true });
  await createUser(db, { loginId: 'x.root', productAdmin: true });
  for (const who of ['x.owner', 'x.observer', 'x.outsider', 'x.root']) tokens[who] = await t.login(who);
  // The product administrator's session is in the other organisation: nothing is switched to edit.
  await call('x.root', 'PUT', `/current-user/organisation/${elsewhere.id}`);
  const made = await call('x.owner', 'POST', '/data/reporting/email/create', {
    id: 1,
    output: 'pdf',
    asset: { type: 'site', id: site.id },
    relative: 'last-full-month',
    address: 'ana@example.nz',
    frequency: 'Monthly',
    on: 5,
  });
  expect(made.statusCode, made.body).toBe(200);
  emailId = made.json().data.emailId;
});
afterAll(() => t?.close());

function call(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    payload: payload as object,
  });
}
const edit = { address: 'ben@example.nz', frequency: 'Weekly', on: 1 };
const audits = async () =>
  (
    await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where asset_type = 'emailed-report' and organisation_id = ${org.id}`,
    )
  ).rows[0]?.n ?? 0;

describe("another organisation's emailed reports", () => {
  it("lists them for a product administrator, each editable, the session's organisation unchanged", async () => {
    const rows = await call('x.root', 'GET', `/admin/org-emailed-reports/${org.id}`);
    expect(rows.statusCode, rows.body).toBe(200);
    expect(rows.json()).toEqual([expect.objectContaining({ emailId, canEdit: true })]);
    const access = (await call('x.root', 'GET', '/users/organisation-access')).json();
    expect(access.organisationId).toBe(elsewhere.id);
  });

  it('refuses their administrator and the read-only user, who learn nothing and change nothing', async () => {
    const before = await audits();
    const missing = await call('x.outsider', 'PUT', '/admin/org-emailed-reports/2000000', edit);
    for (const [method, payload] of [
      ['PUT', edit],
      ['DELETE', undefined],
    ] as const) {
      const theirs = await call('x.outsider', method, `/admin/org-emailed-reports/${emailId}`, payload);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe(missing.json().message);
      const observer = await call('x.observer', method, `/admin/org-emailed-reports/${emailId}`, payload);
      expect(observer.statusCode).toBe(403);
      expect(observer.body).not.toContain('ana@example.nz');
    }
    expect(await audits()).toBe(before);
    const [row] = (await call('x.owner', 'GET', `/admin/org-emailed-reports/${org.id}`)).json();
    expect(row.emailAddress).toBe('ana@example.nz');
  });

  it('lets a product administrator change one in its organisation, audited there, then stop it', async () => {
    const before = await audits();
    const put = await call('x.root', 'PUT', `/admin/org-emailed-reports/${emailId}`, edit);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ emailAddress: 'ben@example.nz', when: 'Weekly on Monday' });
    // Its next send on the report's organisation's clock (Auckland by default), not the session's.
    expect(put.json().data.nextSendAt).toBe('2026-11-22T17:00:00.000Z');
    expect(await audits()).toBe(before + 1);
    const bad = await call('x.root', 'PUT', `/admin/org-emailed-reports/${emailId}`, { ...edit, on: 8 });
    expect(bad.statusCode).toBe(400);
    const gone = await call('x.root', 'DELETE', `/admin/org-emailed-reports/${emailId}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call('x.owner', 'GET', `/admin/org-emailed-reports/${org.id}`)).json()).toEqual([]);
    expect(await audits()).toBe(before + 2);
  });
});
