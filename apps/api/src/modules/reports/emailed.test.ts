import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Emailed reports' calls (data-portal.md 7): set up from the Create Report modal, listed, changed or stopped by
 * an administrator or the owner, reassigned by an administrator. Clock: Saturday 21 November 2026, 23:00 in
 * Auckland (10:00 UTC).
 */

let t: TestApp;
let org: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Schedules Org' });
  const other = await createOrganisation(db, { name: 'Elsewhere' });
  const power = await createDataType(db, { name: 'Electricity' });
  const site = await createSite(db, org.id, { name: 'Depot' });
  await createMeter(db, site, { localName: 'Depot supply', energyId: power.id, unitId: power.stdUnitId });
  const theirs = await createSite(db, other.id, { name: 'Their depot' });
  ids.site = site.id;
  ids.theirSite = theirs.id;
  const people = [
    ['s.admin', org.id, 2, true, 'Ada', 'Admin'],
    ['s.editor', org.id, 3, false, 'Eddie', 'Editor'],
    ['s.editor2', org.id, 3, false, 'Erin', 'Second'],
    ['s.observer', org.id, 4, false, 'Olive', 'Observer'],
    ['s.outsider', other.id, 2, true, 'Otto', 'Outsider'],
  ] as const;
  for (const [loginId, organisationId, accessId, admin, firstName, surname] of people) {
    const u = await createMember(db, organisationId, { loginId, accessId, admin, firstName, surname });
    ids[loginId] = u.id;
    tokens[loginId] = await t.login(loginId);
  }
});
afterAll(() => t?.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ''), payload: payload as object });

const monthly = {
  id: 1,
  output: 'pdf',
  asset: { type: 'site', id: 0 },
  relative: 'last-full-month',
  address: 'ana@example.nz; ben@example.nz',
  frequency: 'Monthly',
  on: 31,
  holdPercent: 95,
  holdDays: 10,
};
const create = (who: string, change: object = {}) =>
  call(who, 'POST', '/data/reporting/email/create', {
    ...monthly,
    asset: { type: 'site', id: ids.site },
    ...change,
  });
const list = (who: string, orgId = org.id) => call(who, 'GET', `/admin/org-emailed-reports/${orgId}`);

describe('setting up an emailed report', () => {
  it('keeps a monthly report on the last day, sent at 06:00 in Auckland, and lists it', async () => {
    const res = await create('s.editor');
    expect(res.statusCode, res.body).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Report scheduled');
    expect(data).toMatchObject({
      reportName: 'Monthly energy and carbon summary',
      emailAddress: 'ana@example.nz, ben@example.nz',
      owner: 'Eddie Editor',
      frequency: 'M',
      reportOn: 31,
      assets: [{ type: 'site', name: 'Depot' }],
      period: 'Last full month',
      when: 'Monthly on the last day',
      // 06:00 on Monday 30 November in Auckland (NZDT, UTC+13).
      nextSendAt: '2026-11-29T17:00:00.000Z',
      nextSend: '30/11/2026 06:00',
      holdPercent: 95,
      canEdit: true,
    });
    ids.monthly = data.emailId;
    const rows = (await list('s.editor')).json();
    expect(rows.map((r: { emailId: number }) => r.emailId)).toContain(ids.monthly);
  });

  it('keeps a weekly report on a Monday and a once report on a date', async () => {
    const weekly = await create('s.editor2', { frequency: 'Weekly', on: 1 });
    expect(weekly.json().data).toMatchObject({
      when: 'Weekly on Monday',
      nextSendAt: '2026-11-22T17:00:00.000Z',
    });
    ids.weekly = weekly.json().data.emailId;
    const once = await create('s.admin', {
      frequency: 'Once',
      on: '2026-12-03',
      relative: null,
      start: '2026-10-01',
    });
    expect(once.json().data).toMatchObject({
      when: 'Once on 03/12/2026',
      period: '01/10/2026 to 31/10/2026',
    });
  });

  it('refuses day 0, weekday 8, a bad address, 400 years and an asset of another organisation', async () => {
    const before = (await list('s.admin')).json().length;
    const refused = [
      [{ on: 0 }, 'Choose a day of the month from 1 to 31'],
      [{ frequency: 'Weekly', on: 8 }, 'Choose a day of the week from 0 (Sunday) to 6 (Saturday)'],
      [{ address: 'ok@example.nz, nope@' }, "'nope@' does not look like a valid email address"],
      [{ holdPercent: 101 }, 'Choose a completeness from 0 to 100 %'],
      [
        { id: 3, output: 'csv', relative: null, start: '1626-01-01', end: '2026-10-31' },
        'Choose a period from 2000 on',
      ],
      [
        { id: 3, output: 'csv', relative: null, start: '2006-01-01', end: '2026-10-31' },
        'Choose a period of at most 10 years',
      ],
    ] as const;
    for (const [change, message] of refused) {
      const res = await create('s.editor', change);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const theirs = await create('s.editor', { asset: { type: 'site', id: ids.theirSite } });
    const none = await create('s.editor', { asset: { type: 'site', id: 2_000_000 } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(none.json().message);
    expect((await list('s.admin')).json().length).toBe(before);
  });
});

describe('who may see and change emailed reports', () => {
  it('refuses a read-only user and the free test drive nothing in between', async () => {
    expect((await create('s.observer')).statusCode).toBe(403);
    expect((await list('s.observer')).statusCode).toBe(403);
    const put = await call('s.observer', 'PUT', `/admin/org-emailed-reports/${ids.monthly}`, {
      address: 'x@example.nz',
      frequency: 'Monthly',
      on: 1,
    });
    expect(put.statusCode).toBe(403);
    expect(put.body).not.toContain('ana@example.nz');
  });

  it("refuses another organisation's administrator, who learns nothing", async () => {
    const theirList = await list('s.outsider');
    expect(theirList.statusCode).toBe(403);
    expect(theirList.body).not.toContain('ana@example.nz');
    const edit = { address: 'spy@example.nz', frequency: 'Monthly', on: 1 };
    const ours = await call('s.outsider', 'PUT', `/admin/org-emailed-reports/${ids.monthly}`, edit);
    const none = await call('s.outsider', 'PUT', '/admin/org-emailed-reports/2000000', edit);
    expect(ours.statusCode).toBe(404);
    expect(ours.json().message).toBe(none.json().message);
    const gone = await call('s.outsider', 'DELETE', `/admin/org-emailed-reports/${ids.monthly}`);
    expect(gone.statusCode).toBe(404);
    const moved = await call(
      's.outsider',
      'POST',
      `/admin/reassign-reports?from=${ids['s.editor']}&to=${ids['s.outsider']}`,
      [],
    );
    expect(moved.json().count ?? 0).toBe(0);
    const row = (await list('s.admin')).json().find((r: { emailId: number }) => r.emailId === ids.monthly);
    expect(row).toMatchObject({ emailAddress: 'ana@example.nz, ben@example.nz', ownerId: ids['s.editor'] });
  });

  it('lets only an administrator or the owner change or stop one', async () => {
    const edit = { address: 'cat@example.nz', frequency: 'Weekly', on: 0, holdPercent: 0, holdDays: 0 };
    const notOwner = await call('s.editor', 'PUT', `/admin/org-emailed-reports/${ids.weekly}`, edit);
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe('Only an administrator or the owner can change this emailed report');
    const rows = (await list('s.editor')).json();
    expect(rows.find((r: { emailId: number }) => r.emailId === ids.weekly).canEdit).toBe(false);
    const byAdmin = await call('s.admin', 'PUT', `/admin/org-emailed-reports/${ids.weekly}`, edit);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().data).toMatchObject({ emailAddress: 'cat@example.nz', when: 'Weekly on Sunday' });
    const bad = await call('s.editor2', 'PUT', `/admin/org-emailed-reports/${ids.weekly}`, {
      ...edit,
      address: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('s.editor', 'DELETE', `/admin/org-emailed-reports/${ids.weekly}`)).statusCode).toBe(
      403,
    );
    expect((await call('s.editor2', 'DELETE', `/admin/org-emailed-reports/${ids.weekly}`)).statusCode).toBe(
      200,
    );
  });

  it('reassigns by an administrator to an editor of the organisation only', async () => {
    const owners = (await call('s.admin', 'GET', '/admin/available-report-owners')).json();
    expect(owners.map((o: { name: string }) => o.name)).toEqual(['Ada Admin', 'Eddie Editor', 'Erin Second']);
    expect((await call('s.editor', 'GET', '/admin/available-report-owners')).statusCode).toBe(403);
    const path = (from: string, to: string) => `/admin/reassign-reports?from=${ids[from]}&to=${ids[to]}`;
    expect((await call('s.editor', 'POST', path('s.editor', 's.editor2'), [])).statusCode).toBe(403);
    const toObserver = await call('s.admin', 'POST', path('s.editor', 's.observer'), []);
    expect(toObserver.statusCode).toBe(400);
    expect(toObserver.json().message).toBe('The new owner must be a member of this organisation');
    const moved = await call('s.admin', 'POST', path('s.editor', 's.editor2'), [ids.monthly]);
    expect(moved.json()).toEqual({ success: true, message: '1 reports reassigned', count: 1 });
    const row = (await list('s.admin')).json().find((r: { emailId: number }) => r.emailId === ids.monthly);
    expect(row).toMatchObject({ ownerId: ids['s.editor2'], owner: 'Erin Second' });
  });

  it("answers the caller's standing in the organisation", async () => {
    expect((await call('s.editor', 'GET', '/users/organisation-access')).json()).toEqual({
      organisationId: org.id,
      userId: ids['s.editor'],
      administrator: false,
      editor: true,
    });
    expect((await call('s.admin', 'GET', '/users/organisation-access')).json().administrator).toBe(true);
  });
});
