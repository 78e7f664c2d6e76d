import { invoiceInput } from '@verdant/contracts/invoices/entry';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { connect } from '@verdant/db/client';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { statementsDuring } from '../testing/statements-during';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

/*
 * Kept answers (docs/decisions/performance.md, Answer cache) through two API instances on one database, as two
 * processes behind a proxy: each keeps its own answers, and a write acknowledged by one is seen by the next call
 * to the other. Today is 21 November 2026: October 2026 is the last complete month.
 */
const clock = () => new Date('2026-11-21T10:00:00Z');
let t: TestApp;
let second: { app: App; close(): Promise<void> };
let org: { id: number };
let site: { id: number; organisationId: number };
let meter: { id: number; organisationId: number };
let admin: string;
let member: string;
let october: { id: number };

beforeAll(async () => {
  t = await createTestApp({ clock });
  const database = connect(t.database.url, 3);
  const app = await buildApp({
    config: t.config,
    db: database.db,
    mailer: { send: async () => {} },
    logger: false,
    clock,
  });
  await app.ready();
  second = {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
  org = await createOrganisation(t.db, { name: 'Kept Org' });
  const other = await createOrganisation(t.db, { name: 'Other Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity' });
  site = await createSite(t.db, org.id, { name: 'Depot' });
  meter = await createMeter(t.db, site, {
    localName: 'Depot supply',
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
  });
  october = await createInvoice(t.db, meter, {
    from: '2026-10-01',
    till: '2026-10-31',
    consumption: 3100,
    cost: 620,
  });
  await recomputeFacts(t.db, [meter.id], '2026-11-21');
  await createMember(t.db, org.id, { loginId: 'kept-admin', admin: true });
  await createMember(t.db, org.id, { loginId: 'kept-member', accessId: 4 });
  await createMember(t.db, other.id, { loginId: 'other-admin', admin: true });
  admin = await t.login('kept-admin');
  member = await t.login('kept-member');
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const sitesOf = (app: App, token: string) =>
  app.inject({ url: `/api/organisations/${org.id}/sites?measure=cons&month=202610`, headers: bearer(token) });
const yearly = (app: App, token: string) =>
  app.inject({ url: '/api/dashboard/yearly-comparison-cons', headers: bearer(token) });
const month = (body: { months: string[]; data: number[][] }, which: string) =>
  body.data[0]?.[body.months.indexOf(which)];

describe('kept answers', () => {
  it('are sent again as they were built, by each instance', async () => {
    const first = await sitesOf(t.app, admin);
    expect(first.statusCode).toBe(200);
    expect(first.json().sites.map((s: { name: string }) => s.name)).toEqual(['Depot']);
    const again = await sitesOf(t.app, admin);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect((await sitesOf(second.app, admin)).body).toBe(first.body);
    expect(t.app.answerCache?.size.answers).toBeGreaterThan(0);
    expect(second.app.answerCache?.size.answers).toBeGreaterThan(0);
  });

  it('show a write acknowledged by the other instance at once', async () => {
    await sitesOf(second.app, admin);
    const browse = () =>
      second.app.inject({ url: '/api/current-user/browse?type=site', headers: bearer(admin) });
    expect((await browse()).json().results.map((s: { name: string }) => s.name)).toEqual(['Depot']);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/sites/${site.id}`,
      headers: bearer(admin),
      payload: { name: 'Main depot' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = await sitesOf(second.app, admin);
    expect(after.json().sites.map((s: { name: string }) => s.name)).toEqual(['Main depot']);
    expect((await browse()).json().results.map((s: { name: string }) => s.name)).toEqual(['Main depot']);
  });

  it('show new figures committed by anyone (a recompute, as a worker does) at the next call', async () => {
    expect(month((await yearly(t.app, admin)).json(), '2026-10')).toBe(3100);
    expect(month((await yearly(second.app, admin)).json(), '2026-09')).toBe(0);
    await createInvoice(t.db, meter, { from: '2026-09-01', till: '2026-09-30', consumption: 900, cost: 180 });
    await recomputeFacts(t.db, [meter.id], '2026-11-21');
    expect(month((await yearly(second.app, admin)).json(), '2026-09')).toBe(900);
    expect(month((await yearly(t.app, admin)).json(), '2026-09')).toBe(900);
  });

  it('are kept per caller: another person gets their own, and another organisation learns nothing', async () => {
    const byAdmin = await sitesOf(second.app, admin);
    const byMember = await sitesOf(second.app, member);
    expect(byMember.statusCode).toBe(200);
    expect(byMember.json().mayEdit).toBe(false);
    expect(byAdmin.json().mayEdit).toBe(true);
    const outsider = await sitesOf(second.app, await t.login('other-admin'));
    expect(outsider.statusCode).toBe(403);
    expect(outsider.body).not.toContain('Main depot');
  });

  it('follow a change of rights made elsewhere', async () => {
    expect((await sitesOf(second.app, member)).json().mayEdit).toBe(false);
    // Made a general user (who may edit) by a write that no API instance made.
    await t.db.execute(sql`update memberships set access_id = 3
      where organisation_id = ${org.id} and user_id = (select id from users where login_id = 'kept-member')`);
    expect((await sitesOf(second.app, member)).json().mayEdit).toBe(true);
  });

  // docs/decisions/performance.md, What moves a version.
  it('stay through a save that changes no figure, and follow one that does', async () => {
    const version = async () =>
      (
        await t.db.execute<{ v: string }>(
          sql`select version::text as v from answer_versions where organisation_id = ${org.id}`,
        )
      ).rows[0]?.v;
    const page = await t.app.inject({ url: `/api/invoices/get/${october.id}`, headers: bearer(admin) });
    expect(page.statusCode).toBe(200);
    const input = invoiceInput.parse(page.json());
    const save = async (change: Record<string, unknown>) => {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/invoices/save',
        headers: bearer(admin),
        payload: {
          ...input,
          invoiceNumber: 'OCT',
          invoiceDate: '2026-11-02',
          dateDue: '2026-11-20',
          ...change,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().errors).toEqual([]);
    };
    // Saved once as the screen saves it (its cost from its items: none, so 0), then kept.
    await save({});
    const before = await yearly(second.app, admin);
    expect(month(before.json(), '2026-10')).toBe(3100);
    const kept = await version();
    // The invoice's notes and number: its own rows change, no figure does, so no version moves.
    await save({ notes: 'Checked against the portal', invoiceNumber: 'OCT-2026' });
    expect(await version()).toBe(kept);
    expect((await yearly(second.app, admin)).body).toBe(before.body);
    // Its consumption: the recompute writes October's facts, which move the version; the other instance shows it.
    await save({ consumption: 3300 });
    expect(await version()).not.toBe(kept);
    expect(month((await yearly(second.app, admin)).json(), '2026-10')).toBe(3300);
  });

  // docs/decisions/performance.md, One version read for the calls waiting.
  it('share one version statement among the calls that arrive while one is out, never the one out', async () => {
    const database = connect(t.database.url, 1);
    const app = await buildApp({
      // Sessions kept by the process (tests turn that off), so only the versions need the database.
      config: { ...t.config, SESSION_CACHE_SECONDS: 10 },
      db: database.db,
      mailer: { send: async () => {} },
      logger: false,
      clock,
    });
    try {
      await app.ready();
      // Signed in and kept (once the session cache's listener is up): the calls below need the database only for
      // the versions, so a round of them sends nothing else.
      const round = async () => {
        for (const token of [admin, member]) expect((await yearly(app, token)).statusCode).toBe(200);
        expect((await sitesOf(app, admin)).statusCode).toBe(200);
      };
      for (let i = 0; i < 100; i++) {
        const sent = await statementsDuring(round);
        if (sent.every((text) => text.includes('answer_versions'))) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const cache = app.answerCache;
      if (!cache) throw new Error('no answer cache');
      const before = cache.versions;
      // The pool's one connection held: the first call's version statement waits for it, out but not back.
      const held = await (database.db as unknown as { $client: pg.Pool }).$client.connect();
      let answers: Awaited<ReturnType<typeof yearly>>[];
      try {
        const first = yearly(app, admin);
        await until(() => cache.versions.asked === before.asked + 1);
        // A write acknowledged now may have come after the statement out ran: the calls arriving wait for the next.
        const rest = [yearly(app, admin), sitesOf(app, admin), yearly(app, member)];
        await until(() => cache.versions.asked === before.asked + 4);
        held.release();
        answers = await Promise.all([first, ...rest]);
      } catch (e) {
        held.release();
        throw e;
      }
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(cache.versions.read - before.read).toBe(2);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

/** Waits, a tick at a time, until the condition holds (no duration is asserted). */
async function until(condition: () => boolean) {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition()).toBe(true);
}
