import { createSite } from '@verdant/db/asset-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { auditEvents } from '@verdant/db/schema/audit';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let org: { id: number };
let other: { id: number };
let site: { id: number };
let boss: { id: number; email: string };
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.db);
  org = await createOrganisation(t.db, { name: 'Audited Org' });
  other = await createOrganisation(t.db, { name: 'Elsewhere' });
  site = await createSite(t.db, org.id, { name: 'Depot', siteOpen: '2010-01-01' });
  boss = await createMember(t.db, org.id, {
    loginId: 'boss',
    firstName: 'Bea',
    surname: 'Boss',
    accessId: 2,
    admin: true,
  });
  await createMember(t.db, org.id, { loginId: 'editor', accessId: 3 });
  await createMember(t.db, other.id, { loginId: 'stranger', accessId: 2, admin: true });
  await createUser(t.db, { loginId: 'product', productAdmin: true });
  for (const k of ['boss', 'editor', 'stranger', 'product']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

/** The database's own message for a refused statement (drizzle wraps it as the cause). */
async function refusal(statement: ReturnType<typeof sql>) {
  try {
    await t.db.execute(statement);
  } catch (e) {
    return String((e as { cause?: Error }).cause?.message ?? e);
  }
  return 'accepted';
}

const call = (who: string, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });

describe('audit log', () => {
  it('writes a site rename with its before and after, in the same request', async () => {
    const res = await call('editor', 'PUT', `/api/sites/${site.id}`, { name: 'Main Depot' });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.assetType, 'site'));
    const rename = rows.find((r) => r.action === 'update' && r.assetId === site.id);
    expect(rename).toMatchObject({
      organisationId: org.id,
      assetName: 'Main Depot',
      changes: { name: { before: 'Depot', after: 'Main Depot' } },
    });
    expect(rename?.actorUserId).toBeTypeOf('number');
    expect(rename?.requestId).toBeTruthy();
  });

  /** How many rows a call adds to the log, and its status. */
  async function rowsAddedBy(body: object) {
    const count = async () =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]?.n ?? 0;
    const before = await count();
    const res = await call('editor', 'PUT', `/api/sites/${site.id}`, body);
    return { status: res.statusCode, added: (await count()) - before };
  }

  it('writes nothing when the write is refused', async () => {
    expect(await rowsAddedBy({ siteClose: '2000-01-01' })).toEqual({ status: 400, added: 0 });
  });

  it('writes nothing when a save changes nothing', async () => {
    expect(await rowsAddedBy({ name: 'Main Depot' })).toEqual({ status: 200, added: 0 });
  });

  it('refuses UPDATE, DELETE and TRUNCATE through SQL', async () => {
    expect(await refusal(sql`update audit_events set action = 'forged'`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(sql`delete from audit_events`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`truncate audit_events`)).toMatch(/append-only: TRUNCATE refused/);
    const forged = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'forged'));
    expect(forged).toEqual([]);
  });

  it('offers no call that changes or deletes a row', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call('product', method, `/api/organisations/${org.id}/history`);
      expect(res.statusCode).toBe(404);
    }
  });

  it("shows an administrator the organisation's history, filtered", async () => {
    const res = await call(
      'boss',
      'GET',
      `/api/organisations/${org.id}/history?assetType=site&assetId=${site.id}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(1);
    expect(body.pageSize).toBe(100);
    expect(body.events[0]).toMatchObject({ action: 'update', assetName: 'Main Depot' });
    expect(body.actions).toContain('update');
    const none = await call('boss', 'GET', `/api/organisations/${org.id}/history?action=delete`);
    expect(none.json().total).toBe(0);
    const dated = await call(
      'boss',
      'GET',
      `/api/organisations/${org.id}/history?from=2000-01-01&to=2000-12-31`,
    );
    expect(dated.json().total).toBe(0);
  });

  it('shows names, not ids: a region, an advanced right on a site, an access level (page and CSV)', async () => {
    const editor = (await t.db.execute<{ id: number }>(sql`select id from users where login_id = 'editor'`))
      .rows[0];
    await call('boss', 'PUT', `/api/sites/${site.id}`, { regionId: 2 });
    expect((await call('boss', 'PUT', `/api/sites/${site.id}`, { regionId: 9 })).statusCode).toBe(200);
    const grant = await t.app.inject({
      method: 'POST',
      url: `/api/users/${editor?.id}/advanced-rights/${org.id}/site/${site.id}/right/4`,
      headers: bearer(tokens.boss ?? ''),
    });
    expect(grant.statusCode, grant.body).toBe(200);
    // The rows keep the ids.
    const stored = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'set advanced right'));
    expect(stored[0]?.changes).toEqual({ [`site ${site.id}`]: { before: null, after: 4 } });

    const res = await call('boss', 'GET', `/api/organisations/${org.id}/history`);
    const events: { action: string; assetType: string; changes: Record<string, unknown> }[] =
      res.json().events;
    const regions = events.filter((e) => e.assetType === 'site' && 'regionId' in e.changes);
    expect(regions[0]?.changes.regionId).toEqual({ before: 'Auckland', after: 'Wellington' });
    const right = events.find((e) => e.action === 'set advanced right');
    expect(right?.changes).toEqual({ 'site Main Depot': { before: null, after: 'Observer' } });

    const csv = await call('boss', 'GET', `/api/organisations/${org.id}/history/csv`);
    expect(csv.body).toContain(',regionId,Auckland,Wellington');
    expect(csv.body).toContain(',site Main Depot,,Observer');
  });

  it('refuses bad filters with a 400', async () => {
    const res = await call('boss', 'GET', `/api/organisations/${org.id}/history?from=2024-02-30`);
    expect(res.statusCode).toBe(400);
    const page = await call('boss', 'GET', `/api/organisations/${org.id}/history?page=0`);
    expect(page.statusCode).toBe(400);
  });

  it('is for administrators of the organisation and product administrators only', async () => {
    expect((await call('editor', 'GET', `/api/organisations/${org.id}/history`)).statusCode).toBe(403);
    expect((await call('stranger', 'GET', `/api/organisations/${org.id}/history`)).statusCode).toBe(403);
    expect((await call('product', 'GET', `/api/organisations/${org.id}/history`)).statusCode).toBe(200);
  });

  it('exports CSV, one line per changed field', async () => {
    const res = await call('boss', 'GET', `/api/organisations/${org.id}/history/csv?assetType=site`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('When (UTC),Who,Action,Asset type,Asset id,Asset,Field,Before,After');
    expect(lines.some((l) => l.endsWith(`,update,site,${site.id},Main Depot,name,Depot,Main Depot`))).toBe(
      true,
    );
  });
});

describe('audit rows of other modules and sign-in events', () => {
  const rowsFor = (assetType: string, action: string) =>
    t.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.assetType} = ${assetType} and ${auditEvents.action} = ${action}`);

  it('an organisation target: before and after', async () => {
    const res = t.app.inject({
      method: 'PUT',
      url: `/api/organisations/${org.id}/target`,
      headers: bearer(tokens.boss ?? ''),
      payload: { co2e: 1200 },
    });
    expect((await res).statusCode).toBe(200);
    const [row] = await rowsFor('organisation', 'update target');
    expect(row).toMatchObject({
      organisationId: org.id,
      changes: { co2eTarget: { before: null, after: '1200' } },
    });
  });

  it('a notification published by a product administrator: in the organisation it is for', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/notifications',
      headers: bearer(tokens.product ?? ''),
      payload: { text: 'Maintenance on Sunday', organisationId: org.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rowsFor('notification', 'publish');
    expect(row).toMatchObject({
      organisationId: org.id,
      assetName: 'Maintenance on Sunday',
      changes: { text: { before: null, after: 'Maintenance on Sunday' } },
    });
  });

  it('a user edit: before and after', async () => {
    const res = await call('boss', 'PUT', `/api/users/${boss.id}`, {
      email: boss.email,
      firstName: 'Beatrice',
      surname: 'Boss',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rowsFor('user', 'update');
    expect(row?.changes.firstName).toEqual({ before: 'Bea', after: 'Beatrice' });
  });

  it('sign-in success and failure are in the log', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { username: 'editor', password: 'wrong-password-1' },
    });
    expect(bad.statusCode).toBe(401);
    const failed = await rowsFor('user', 'sign-in failed');
    expect(failed[0]).toMatchObject({ organisationId: org.id, actorJob: 'sign-in page' });
    const signedIn = await rowsFor('user', 'sign in');
    expect(signedIn.length).toBeGreaterThanOrEqual(4);
  });
});
