import { createEntity, createGroup, createMeter, createSite } from '@verdant/db/asset-factories';
import { addMembership, createMember, createOrganisation } from '@verdant/db/factories';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { meterIdentifierLabels } from '@verdant/db/schema/meter-settings';
import { ACCESS } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsSession } from '../lib/access';
import { tableDigest } from '../testing/table-digest';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';
import { intentOf } from './auth';

/*
 * The free test drive changes nothing, whatever the method: the guard reads each route's declared intent
 * (docs/decisions/security.md, "Test drive reads declared intent"). The walk calls every GET as the demo
 * account signed in with its password, its parameters filled with real objects, and fails for a GET that
 * changed a table while declared a read; then every route declared a change is called in a test drive
 * session and must be refused before it runs.
 */

let t: TestApp;
let digest: () => Promise<string>;
let signedIn: Record<string, string>;
let testDrive: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  await seedReferenceData(db);
  const org = await createOrganisation(db, { name: 'Intent Demo Org' });
  const other = await createOrganisation(db, { name: 'Intent Other Org' });
  const [r1, r2] = (
    await db.execute<{ id: number }>(sql`select id from retailers order by id limit 2`)
  ).rows.map((r) => r.id);
  const site = await createSite(db, org.id, { name: 'Intent Site', regionId: 9, siteOpen: '2020-01-01' });
  const site2 = await createSite(db, org.id, { name: 'Intent Site 2', regionId: 9, siteOpen: '2020-01-01' });
  const entity = await createEntity(db, site, { name: 'Intent Entity' });
  const meter = await createMeter(db, site, {
    localName: 'Intent Meter',
    retailerId: r1,
    meterNumber: 'M-1',
  });
  const group = await createGroup(db, org.id, 'site', 'Intent Group', [site.id]);
  const [label] = await db
    .insert(meterIdentifierLabels)
    .values({ organisationId: org.id, name: 'Customer number' })
    .returning();
  const demo = await createMember(db, org.id, {
    loginId: 'demo',
    email: 'demo@intent.test',
    admin: true,
    accessId: ACCESS.primaryContact,
  });
  await addMembership(db, { userId: demo.id, organisationId: other.id, accessId: ACCESS.observer });
  const colleague = await createMember(db, org.id, { loginId: 'intent.colleague', accessId: 3 });
  Object.assign(ids, {
    org: org.id,
    other: other.id,
    site: site.id,
    site2: site2.id,
    entity: entity.id,
    meter: meter.id,
    group: group.id,
    label: label?.id ?? 0,
    r1: r1 ?? 0,
    r2: r2 ?? 0,
    demo: demo.id,
    colleague: colleague.id,
  });
  signedIn = bearer(await t.login('demo'));
  const drive = await t.app.inject({ method: 'POST', url: '/api/public/login/test-drive' });
  testDrive = bearer(drive.json().data.token);
  digest = await tableDigest(db);
});
afterAll(() => t?.close());

/** A real value for a path or query parameter, by its name and the route's first segment. */
function realValue(url: string, name: string): string {
  const byName: Record<string, number | string> = {
    orgId: ids.org ?? 0,
    siteId: ids.site ?? 0,
    groupId: ids.group ?? 0,
    labelId: ids.label ?? 0,
    from: ids.r1 ?? 0,
    to: url.includes('/retailer/') ? (ids.r2 ?? 0) : (ids.site2 ?? 0),
    otherUserId: ids.colleague ?? 0,
    assetType: 'site',
    assetId: ids.site ?? 0,
    type: 'site',
  };
  if (name !== 'id') return String(byName[name] ?? 1);
  const [, , first] = url.split('/');
  const byRoot: Record<string, number | undefined> = {
    sites: ids.site,
    entities: ids.entity,
    meters: ids.meter,
    users: ids.colleague,
    'site-groups': ids.group,
  };
  return String(byRoot[first ?? ''] ?? ids.org);
}

/** The route's URL with real objects in its path, and the query parameters the route names that we know. */
function addressOf(route: RouteOptions): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => realValue(route.url, name));
  const shape = (route.schema?.querystring as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const query = Object.keys(shape)
    .filter((k) => ['to'].includes(k))
    .map((k) => `${k}=${realValue(route.url, k)}`);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

const methodsOf = (route: RouteOptions) => [route.method].flat() as string[];
const sessionRoutes = () =>
  t.app.routeTable.filter((r) => {
    const access = (r.config as { access?: Parameters<typeof needsSession>[0] } | undefined)?.access;
    return access !== undefined && needsSession(access) && !methodsOf(r).includes('HEAD');
  });

describe('the test drive guard reads the declared intent, not the method', () => {
  it('declares the spec GETs that write as changes, with a POST beside each', () => {
    const intent = (method: string, url: string) => {
      const route = t.app.routeTable.find((r) => r.url === url && methodsOf(r).includes(method));
      return route ? intentOf(route) : 'missing';
    };
    for (const url of [
      '/api/organisations/:id/retailer/set-default/:from/to/:to',
      '/api/organisations/:id/meter-identifiers/set-default/:labelId',
      '/api/meters/:id/move',
    ]) {
      expect(intent('GET', url), `GET ${url}`).toBe('changes');
      expect(intent('POST', url), `POST ${url}`).toBe('changes');
    }
  });

  it('finds no GET that changes a table while declared a read', async () => {
    const wrong: string[] = [];
    const gets = sessionRoutes().filter((r) => methodsOf(r).includes('GET'));
    expect(gets.length).toBeGreaterThan(100);
    for (const route of gets) {
      const before = await digest();
      const res = await t.app.inject({ method: 'GET', url: addressOf(route), headers: signedIn });
      if (res.statusCode >= 500) wrong.push(`GET ${route.url}: ${res.statusCode}`);
      if ((await digest()) !== before && intentOf(route) === 'reads')
        wrong.push(`GET ${route.url} changed the database but is declared a read`);
    }
    expect(wrong).toEqual([]);
  }, 240_000);

  it('refuses every route declared a change to a test drive, before it runs', async () => {
    const wrong: string[] = [];
    const changes = sessionRoutes().filter((r) => intentOf(r) === 'changes');
    expect(changes.length).toBeGreaterThan(100);
    const before = await digest();
    for (const route of changes) {
      for (const method of methodsOf(route)) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: addressOf(route),
          headers: testDrive,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        if (res.statusCode !== 403 || res.json().message !== MSG.testDriveReadOnly)
          wrong.push(`${method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await digest()).toBe(before);
  }, 120_000);

  it('still lets a test drive read, sign out and look at the other organisation', async () => {
    const read = await t.app.inject({ url: `/api/sites/${ids.site}`, headers: testDrive });
    expect(read.statusCode).toBe(200);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/current-user/organisation/${ids.other}`,
      headers: testDrive,
    });
    expect(moved.statusCode).toBe(200);
  });

  it('moves a meter and sets defaults through the POST forms the web uses', async () => {
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/meters/${ids.meter}/move`,
      headers: signedIn,
      payload: { to: ids.site2 },
    });
    expect(moved.statusCode).toBe(200);
    const site = await t.db.execute<{ site_id: number }>(
      sql`select site_id from meters where id = ${ids.meter}`,
    );
    expect(site.rows[0]?.site_id).toBe(ids.site2);
    const retailers = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${ids.org}/retailer/set-default/${ids.r1}/to/${ids.r2}`,
      headers: signedIn,
    });
    expect(retailers.statusCode).toBe(200);
    const identifiers = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${ids.org}/meter-identifiers/set-default/${ids.label}`,
      headers: signedIn,
    });
    expect(identifiers.statusCode).toBe(200);
  });
});
