import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { jobs } from '@verdant/db/schema/organisation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
let org: { id: number };
let otherOrg: { id: number };

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  org = await createOrganisation(t.db, { name: 'Jobs Org' });
  otherOrg = await createOrganisation(t.db, { name: 'Other Jobs Org' });
  await createMember(t.db, org.id, { loginId: 'j.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 'j.editor', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'j.observer', accessId: 4 });
  await createMember(t.db, otherOrg.id, { loginId: 'j.outsider', accessId: 2, admin: true });
  for (const k of ['j.admin', 'j.editor', 'j.observer', 'j.outsider']) tokens[k] = await t.login(k);
});
afterAll(async () => {
  await t.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[who] ?? ''), ...(payload ? { payload } : {}) });
const at = () => `/api/organisations/${org.id}/jobs`;

describe('jobs', () => {
  it('editors add and delete dated jobs; members read them, latest first', async () => {
    const a = await call('j.editor', 'POST', at(), {
      dateFrom: '2026-11-01',
      dateTill: '2026-11-30',
      text: 'Read meters',
    });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ text: 'Read meters', permanent: false, dateTill: '2026-11-30' });
    const b = (await call('j.editor', 'POST', at(), { dateFrom: '2026-12-01', text: 'Audit' })).json();
    expect(b.dateTill).toBeNull();
    const listed = (await call('j.observer', 'GET', at())).json();
    expect(listed.mayEdit).toBe(false);
    expect(listed.jobs.map((j: { text: string }) => j.text)).toEqual(['Audit', 'Read meters']);
    expect((await call('j.editor', 'DELETE', `${at()}/${b.id}`)).json()).toEqual({ success: true });
    expect((await call('j.admin', 'GET', at())).json().jobs).toHaveLength(1);
  });

  it('refuses bad input with the messages, storing nothing', async () => {
    const before = (await t.db.select().from(jobs)).length;
    const order = await call('j.editor', 'POST', at(), {
      dateFrom: '2026-11-10',
      dateTill: '2026-11-01',
      text: 'x',
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe('Date from must be before date till');
    const empty = await call('j.editor', 'POST', at(), { dateFrom: '2026-11-10', text: '   ' });
    expect(empty.json().message).toBe('Enter the job text.');
    expect((await t.db.select().from(jobs)).length).toBe(before);
  });

  it('a contracted permanent job cannot be deleted, and only administrators add one', async () => {
    expect(
      (await call('j.editor', 'POST', at(), { dateFrom: '2026-01-01', text: 'Contract', permanent: true }))
        .statusCode,
    ).toBe(403);
    const p = (
      await call('j.admin', 'POST', at(), {
        dateFrom: '2026-01-01',
        text: 'Monthly contract review',
        permanent: true,
      })
    ).json();
    expect(p.permanent).toBe(true);
    for (const who of ['j.editor', 'j.admin']) {
      const res = await call(who, 'DELETE', `${at()}/${p.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('A contracted permanent job cannot be deleted.');
    }
    expect((await call('j.admin', 'GET', at())).json().jobs.map((j: { id: number }) => j.id)).toContain(p.id);
  });

  it('an observer is read-only', async () => {
    const [job] = (await call('j.admin', 'GET', at())).json().jobs;
    expect((await call('j.observer', 'POST', at(), { dateFrom: '2026-11-01', text: 'No' })).statusCode).toBe(
      403,
    );
    expect((await call('j.observer', 'DELETE', `${at()}/${job.id}`)).statusCode).toBe(403);
  });

  it("refuses another organisation's user, who learns nothing", async () => {
    const [job] = (await call('j.admin', 'GET', at())).json().jobs;
    for (const res of [
      await call('j.outsider', 'GET', at()),
      await call('j.outsider', 'POST', at(), { dateFrom: '2026-11-01', text: 'Sneaky' }),
      await call('j.outsider', 'DELETE', `${at()}/${job.id}`),
      await call('j.outsider', 'GET', `/api/organisations/${org.id}/active-meter-jobs`),
    ]) {
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain(job.text);
    }
    // Their own organisation's path does not reach our job either.
    expect(
      (await call('j.outsider', 'DELETE', `/api/organisations/${otherOrg.id}/jobs/${job.id}`)).statusCode,
    ).toBe(404);
  });

  it('lists the data source notes whose period covers today', async () => {
    const site = await createSite(t.db, org.id);
    const meter = await createMeter(t.db, site, { localName: 'Main incomer' });
    const note = (dateFrom: string, dateTill: string | null, text: string) => ({
      organisationId: org.id,
      meterId: meter.id,
      dateFrom,
      dateTill,
      text,
    });
    await t.db
      .insert(jobs)
      .values([
        note('2026-11-01', null, 'Open note'),
        note('2026-11-01', '2026-11-21', 'Ends today'),
        note('2026-10-01', '2026-11-20', 'Ended'),
        note('2026-11-22', null, 'Future'),
      ]);
    const res = (await call('j.observer', 'GET', `/api/organisations/${org.id}/active-meter-jobs`)).json();
    expect(res.jobs.map((j: { text: string }) => j.text).sort()).toEqual(['Ends today', 'Open note']);
    expect(res.jobs[0].meterName).toBe('Main incomer');
    expect(
      (await call('j.admin', 'GET', at())).json().jobs.map((j: { text: string }) => j.text),
    ).not.toContain('Open note');
  });
});
