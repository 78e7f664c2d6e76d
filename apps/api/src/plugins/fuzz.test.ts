import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createEntity, createGroup, createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { createTransaction } from '@verdant/db/input-factories';
import { nextPendingBatch } from '@verdant/db/ledger/pending';
import { rebuildLedger } from '@verdant/db/ledger/rebuild';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { todayIn } from '@verdant/domain/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operation, plausible, type Random, random } from '../testing/openapi-sample';
import { tableDigest } from '../testing/table-digest';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

/*
 * The fuzz test (docs/decisions/api-conventions.md, The fuzz test): a bounded, seeded fuzz over every write
 * route (POST, PUT, PATCH, DELETE) of the committed OpenAPI document, against the real application and
 * database. Each case sends one hostile value (a NUL byte, a huge or out-of-range number, an impossible date,
 * a wrong type, a long string, an array for an object) in a path parameter or a body field, or a hostile body
 * as a whole. No answer may be a 500, every refusal is the one error shape, and a refused call changes no
 * table (digest of every table before and after).
 */

/** FUZZ_SEED and FUZZ_NOW (an ISO instant) vary a run, to hunt in a loop: `scripts/fuzz-rebuild-loop.sh`. */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 0x8b;
const CASES_PER_ROUTE = 8;

const HOSTILE: readonly unknown[] = [
  'a\u0000b',
  '\u0000',
  2147483648,
  -2147483649,
  1e20,
  1e308,
  -1e308,
  1.5,
  '2024-02-30',
  '2024-13-01',
  '0000-00-00',
  '99999-01-01',
  'x'.repeat(100_000),
  '',
  true,
  null,
  [],
  [1, 2, 3],
  {},
  { nested: { deeper: 'a\u0000' } },
  '<script>alert(1)</script>',
  "'; drop table users; --",
];
const HOSTILE_PATH: readonly string[] = [
  '2147483648',
  '-2147483649',
  '99999999999999999999',
  '0',
  '-1',
  '1.5',
  '1e3',
  'abc',
  'a%00b',
  '%00',
  '2024-02-30',
  'x'.repeat(90),
  '%E0%A4%A',
];
const HOSTILE_BODY: readonly unknown[] = [[], [{}], 'text', 42, null, { a: 'b' }, [[[[]]]]];

interface Case {
  method: string;
  url: string;
  payload?: unknown;
  label: string;
}

function casesFor(
  method: string,
  route: string,
  op: Operation,
  rnd: Random,
  realParam: (name: string) => string,
): Case[] {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const out: Case[] = [];
  for (let i = 0; i < CASES_PER_ROUTE; i++) {
    const values = Object.fromEntries(params.map((p) => [p.name, realParam(p.name)]));
    let label = 'plausible';
    let payload: unknown = bodySchema ? plausible(bodySchema, rnd) : undefined;
    const target = rnd.next();
    if (params.length > 0 && (target < 0.3 || !bodySchema)) {
      const p = rnd.pick(params);
      values[p.name] = rnd.pick(HOSTILE_PATH);
      label = `path ${p.name}=${String(values[p.name]).slice(0, 20)}`;
    } else if (bodySchema && target < 0.45) {
      payload = rnd.pick(HOSTILE_BODY);
      label = `body ${JSON.stringify(payload)}`;
    } else if (bodySchema) {
      const keys = Object.keys(bodySchema.properties ?? {});
      const hostile = rnd.pick(HOSTILE);
      if (keys.length > 0 && payload && typeof payload === 'object' && !Array.isArray(payload)) {
        const key = rnd.pick(keys);
        (payload as Record<string, unknown>)[key] = hostile;
        label = `field ${key}=${JSON.stringify(hostile)?.slice(0, 30)}`;
      } else {
        payload = hostile;
        label = `body ${JSON.stringify(hostile)?.slice(0, 30)}`;
      }
    }
    const url = route.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
    out.push({ method: method.toUpperCase(), url, payload, label });
  }
  return out;
}

let t: TestApp;
let tokens: { admin: string; orgAdmin: string };
const ids: Record<string, number | string> = {};
let digest: () => Promise<string>;

/**
 * Morning of 28 November in Auckland, still the 27th in UTC: a write that took "today" from UTC instead of
 * the organisation's time zone leaves the current month's facts of an event-based meter short of a day.
 */
const NOW = new Date(process.env.FUZZ_NOW ?? '2026-11-27T20:30:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  const db = t.db;
  await seedReferenceData(db);
  const org = await createOrganisation(db, { name: 'Fuzz Org' });
  const site = await createSite(db, org.id, { name: 'Fuzz Site', regionId: 9, siteOpen: '2020-01-01' });
  const entity = await createEntity(db, site, { name: 'Fuzz Entity' });
  // A meter with facts: transactions (reported by exception) up to this month, so the fuzz's writes to
  // it recompute facts that depend on the organisation's today.
  const lpg = await createDataType(db, { name: 'Fuzz LPG', stdUnit: 'kWh' }, [
    { name: 'litres', conversionToStandard: 7 },
  ]);
  const meter = await createMeter(db, site, {
    localName: 'Fuzz Meter',
    meterType: 7,
    energyId: lpg.id,
    unitId: lpg.units.litres?.id ?? 0,
    meterOpen: '2026-01-01',
  });
  for (const date of ['2026-09-14', '2026-10-02', '2026-11-03'])
    await createTransaction(db, meter, { date, quantity: 40, cost: 90 });
  await recomputeFacts(db, [meter.id], '2026-11-28');
  const group = await createGroup(db, org.id, 'site', 'Fuzz Group', [site.id]);
  await createUser(db, { loginId: 'fuzz.root', productAdmin: true });
  const orgAdmin = await createMember(db, org.id, { loginId: 'fuzz.admin', accessId: 2, admin: true });
  const member = await createMember(db, org.id, { loginId: 'fuzz.member', accessId: 3 });
  Object.assign(ids, {
    org: org.id,
    site: site.id,
    entity: entity.id,
    meter: meter.id,
    group: group.id,
    orgAdmin: orgAdmin.id,
    member: member.id,
  });
  tokens = { admin: await t.login('fuzz.root'), orgAdmin: await t.login('fuzz.admin') };

  digest = await tableDigest(db);
});
afterAll(async () => {
  await t?.close();
});

/** A real value for a path parameter by its name, so that plausible cases reach the service. */
function realParam(route: string) {
  return (name: string): string => {
    const byName: Record<string, number | string | undefined> = {
      orgId: ids.org,
      org: ids.org,
      siteId: ids.site,
      groupId: ids.group,
      fileId: 1,
      expiryId: 1,
      jobId: 1,
      otherUserId: ids.member,
      assetId: ids.site,
      assetType: 'site',
      rightId: 3,
      accessId: 3,
      level: 3,
      indicatorId: 1,
      field: 'coreHours',
      type: 'site',
      key: 'fuzz.key',
      email: 'fuzz@example.test',
    };
    if (name !== 'id') return String(byName[name] ?? 1);
    if (route.startsWith('/api/sites/')) return String(ids.site);
    if (route.startsWith('/api/entities/')) return String(ids.entity);
    if (route.startsWith('/api/meters/')) return String(ids.meter);
    // Never the fuzzing callers themselves: deleting or blocking them would end the run.
    if (route.startsWith('/api/users/')) return String(ids.member);
    return String(ids.org);
  };
}

describe('fuzz over every write route of docs/openapi.json', () => {
  it('answers no 500 and refused calls change nothing', async () => {
    const document = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../../../docs/openapi.json'), 'utf8'),
    ) as { paths: Record<string, Record<string, Operation>> };
    const rnd = random(SEED);
    const failures: string[] = [];
    let sent = 0;
    let before = await digest();
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        // Signing out ends the caller's session; the rest of the run needs it.
        if (route === '/api/current-user/logout') continue;
        for (const c of casesFor(method, route, op, rnd, realParam(route))) {
          const caller = rnd.next() < 0.7 ? tokens.admin : tokens.orgAdmin;
          const res = await t.app.inject({
            method: c.method as 'POST',
            url: c.url,
            headers: bearer(caller),
            ...(c.payload !== undefined ? { payload: c.payload as object } : {}),
          });
          sent++;
          if (process.env.FUZZ_DEBUG)
            console.log(`FZ ${res.statusCode} ${c.method} ${route} [${c.label}] ${res.body.slice(0, 80)}`);
          const where = `${c.method} ${route} [${c.label}] -> ${res.statusCode}`;
          if (res.statusCode >= 500) failures.push(`${where}: ${res.body.slice(0, 200)}`);
          if (res.statusCode >= 400) {
            const body = res.json();
            if (
              body.success !== false ||
              typeof body.message !== 'string' ||
              typeof body.requestId !== 'string'
            )
              failures.push(`${where}: not the error shape: ${res.body.slice(0, 200)}`);
            const after = await digest();
            if (after !== before) failures.push(`${where}: a refused call changed the database`);
            before = after;
          } else {
            before = await digest();
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(400);
    expect(failures).toEqual([]);
  }, 120_000);

  it('leaves no fact the inputs do not support: a rebuild after the fuzz finds 0 differences', async () => {
    // Random bodies seldom pass validation: a few writes a user makes reach the paths that recompute.
    const writes: [string, string, object][] = [
      ['PUT', `/api/meters/${ids.meter}`, { meterOpen: '2026-01-02' }],
      ['PUT', `/api/meters/${ids.meter}`, { meterClose: '' }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await t.app.inject({
        method: method as 'PUT',
        url,
        payload,
        headers: bearer(tokens.admin),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    }
    // What waits for the background recompute is drained first, as the job would.
    for (let batch = await nextPendingBatch(t.db, 100); batch.length > 0; ) {
      await t.db.transaction((tx) => recomputeFacts(tx, batch));
      batch = await nextPendingBatch(t.db, 100);
    }
    const report = await rebuildLedger(t.database.pool, { today: todayIn('Pacific/Auckland', NOW) });
    expect(report.facts).toBeGreaterThan(0);
    expect({ facts: report.factDifferences, rollup: report.rollupDifferences }).toEqual({
      facts: [],
      rollup: [],
    });
  }, 120_000);
});
