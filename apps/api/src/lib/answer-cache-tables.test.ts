import { AsyncLocalStorage } from 'node:async_hooks';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createGroup, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { statementTables } from '@verdant/db/testing/statement-tables';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

/*
 * The answer cache is right only if every table a kept answer reads moves the answer version when written
 * (docs/decisions/performance.md, What moves a version): the tables exempt from the version triggers
 * (migrations 0061, 0062 and 0063) must be ones no kept answer reads. Each kept call is built here by an administrator and
 * by a person narrowed by an asset right, its statements parsed, and the tables they read checked.
 */
const clock = () => new Date('2026-11-21T10:00:00Z');
let t: TestApp;
let org: { id: number };
let admin: string;
let narrowed: string;
let group: { id: number };

const statements = new AsyncLocalStorage<string[]>();
const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
const original = proto.query;

beforeAll(async () => {
  proto.query = function noted(this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = typeof first === 'string' ? first : first?.text;
    if (text) statements.getStore()?.push(text);
    return original.apply(this, args);
  };
  t = await createTestApp({ clock });
  org = await createOrganisation(t.db, { name: 'Tables Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity' });
  const site = await createSite(t.db, org.id, { name: 'Depot' });
  const meter = await createMeter(t.db, site, {
    localName: 'Depot supply',
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
  });
  await createMeter(t.db, site, {
    localName: 'Hidden',
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
  });
  group = await createGroup(t.db, org.id, 'site', 'North', [site.id]);
  await createInvoice(t.db, meter, { from: '2026-10-01', till: '2026-10-31', consumption: 3100, cost: 620 });
  await recomputeFacts(t.db, [meter.id], '2026-11-21');
  await createMember(t.db, org.id, { loginId: 'tables-admin', admin: true });
  const person = await createMember(t.db, org.id, { loginId: 'tables-narrowed', accessId: 3 });
  await grantRight(t.db, {
    userId: person.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: meter.id,
    rightId: -1,
  });
  admin = await t.login('tables-admin');
  narrowed = await t.login('tables-narrowed');
});
afterAll(async () => {
  proto.query = original;
  await t?.close();
});

/** The addresses of every kept call, with the variants of their queries that read differently. */
const KEPT = () => [
  `/api/organisations/${org.id}/sites`,
  `/api/organisations/${org.id}/sites?measure=cost&month=202610&sort=alerts&q=dep`,
  `/api/organisations/${org.id}/sites?measure=co2&includeClosed=true&groups=${group.id}`,
  '/api/dashboard/yearly-comparison-cons',
  '/api/dashboard/yearly-comparison-cost?basis=original',
  '/api/dashboard/yearly-comparison-co2e',
  '/api/dashboard/yearly-comparison-co2e?basis=original',
  '/api/users',
  '/api/users?q=tables',
  '/api/current-user/browse?type=site',
  '/api/current-user/browse?type=site&open=true&offset=0',
  '/api/current-user/browse?type=meter',
  '/api/current-user/browse?type=entity',
  '/api/current-user/browse?type=vehicle',
  '/api/current-user/browse?type=site-group',
  '/api/current-user/browse?type=meter-group',
  '/api/current-user/browse?type=organisation',
  '/api/lookups/energy-types',
];

/** The routes that keep their answers (`keep: true` in a module's routes), counted in the modules' source. */
async function keptRoutes(): Promise<number> {
  const modules = path.resolve(import.meta.dirname, '../modules');
  let count = 0;
  for (const dir of await readdir(modules)) {
    for (const file of await readdir(path.join(modules, dir))) {
      if (!file.endsWith('.routes.ts')) continue;
      count += (await readFile(path.join(modules, dir, file), 'utf8')).split('keep: true').length - 1;
    }
  }
  return count;
}

describe('the tables kept answers read', () => {
  it('are all versioned: no kept answer reads a table whose writes move no version', async () => {
    // Seven kept routes: the site list, the three yearly comparisons, the users list, the browse panel and the
    // energy types (all in KEPT above).
    expect(await keptRoutes()).toBe(7);
    const r = await t.db.execute<{ t: string; kind: string; versioned: boolean }>(sql`
      select c.relname as t, c.relkind::text as kind,
        exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname like '%\_answers%') as versioned
      from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')`);
    const relations = new Map(r.rows.map((x) => [x.t, x]));
    const read = new Set<string>();
    for (const token of [admin, narrowed]) {
      for (const url of KEPT()) {
        const texts: string[] = [];
        const answer = await statements.run(texts, () => t.app.inject({ url, headers: bearer(token) }));
        expect(answer.statusCode, url).toBe(200);
        for (const text of texts) for (const table of await statementTables(text)) read.add(table);
      }
    }
    const unversioned = [...read]
      .filter((name) => relations.has(name))
      .filter((name) => relations.get(name)?.kind !== 'r' || !relations.get(name)?.versioned)
      .sort();
    // The versions themselves, and the session, read before the handler to know the caller (the session cache has
    // its own notification).
    expect(unversioned).toEqual(['answer_versions', 'sessions']);
    // What the answers are built from (so the check above saw the builds, not kept answers).
    expect(read).toContain('organisation_month_facts');
    expect(read).toContain('meter_alerts');
    expect(read).toContain('advanced_rights');
    for (const table of ['invoices', 'invoice_meters', 'invoice_line_items', 'half_hour_days'])
      expect(read).not.toContain(table);
  });
});
