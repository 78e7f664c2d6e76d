import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Operation, type Schema, typeOf } from '../testing/openapi-sample';
import { bearer } from '../testing/test-app';
import { a, adminB, aLoad, digest, observerA, SECRET, t, useFixture } from './cross-organisation.fixture';
import { BODIES, BODY_AIMS_AT_A, OBSERVER_MAY, type Rule } from './cross-organisation-bodies';

/*
 * The cross-organisation sweep (docs/decisions/tenancy.md, The cross-organisation sweep): every path and
 * method of docs/openapi.json, its path parameters filled with organisation A's real objects, called as (a)
 * an administrator of another organisation B and (b) for writes, a read-only observer of A. Each call must be
 * refused as the route's declared rule says (403 for a role, 404 for an asset one cannot see, 403 for one
 * seen but not editable), answer nothing of A's beyond what was sent, and change no table.
 */

useFixture();

/** A's object a path parameter names, if any (others are catalogue ids, kinds or keys: not A's). */
function aObject(route: string, name: string): number | string | undefined {
  if (name === 'uuid') return aLoad;
  const byName: Record<string, number | undefined> = {
    orgId: a.org,
    org: a.org,
    organisationId: a.org,
    siteId: a.site,
    groupId: a.group,
    fileId: a.file,
    expiryId: a.expiry,
    jobId: a.job,
    otherUserId: a.member,
    assetId: a.site,
    readingId: a.purchase,
    instrumentId: a.instrument,
  };
  // A's own data type in the catalogue, and its unit.
  if (route.startsWith('/api/lookups/energ'))
    return { id: a.dataType, energy: a.dataType, a: a.unit, b: a.unit }[name];
  // Groups and groupings: the path's type says which of A's the id is.
  const kind = /^\/api\/(site|meter)-groups\/(groupings\/)?/.exec(route);
  if (kind) {
    const groupingOf = kind[1] === 'site' ? a.siteGrouping : a.meterGrouping;
    if (name === 'groupingId') return groupingOf;
    if (name === 'assetId') return kind[1] === 'site' ? a.site : a.meter;
    if (name === 'id') return kind[2] ? groupingOf : kind[1] === 'site' ? a.group : a.meterGroup;
  }
  if (name !== 'id') return byName[name];
  if (route.startsWith('/api/invoices/alerts/')) return a.invoiceAlert;
  if (route.startsWith('/api/organisations/')) return a.org;
  if (route.startsWith('/api/sites/')) return a.site;
  if (route.startsWith('/api/entities/')) return a.entity;
  if (route.startsWith('/api/meters/')) return a.meter;
  if (route.startsWith('/api/invoices/')) return a.invoice;
  if (route.startsWith('/api/vehicles/') || route.startsWith('/api/vehicle/')) return a.vehicle;
  if (route.startsWith('/api/vehicle-by-meter/')) return a.vehicleMeter;
  if (route.startsWith('/api/fuelcards/')) return a.card;
  if (/^\/api\/(site|meter)-groups\//.test(route)) return a.group;
  if (/^\/api\/(site|meter)-groupings\//.test(route)) return a.grouping;
  // The two availability checks take an email and a login id, not A's person.
  if (route.startsWith('/api/users/') && !route.includes('-check/')) return a.member;
  return undefined;
}

/** A harmless value for the other parameters, so that the call reaches the rule. */
const OTHER_PARAMS: Record<string, string> = {
  assetType: 'site',
  rightId: '3',
  accessId: '3',
  level: '3',
  indicatorId: '1',
  field: 'coreHours',
  type: 'sites',
  key: 'sweep.key',
  measure: 'cons',
  month: '202401',
  year: '2024',
  energy: '1',
  a: '1',
  b: '1',
  email: 'someone@example.test',
  name: 'Some name',
  token: 'x',
};

/**
 * A valid body for a schema (required fields only), so that the call passes validation and meets the rule:
 * a 400 would prove nothing about rights.
 */
function sample(schema: Schema, key = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.[0]) return sample(variants[0], key);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return key === 'assets' ? a.site : Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return schema.items ? [sample(schema.items, key)] : [];
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((k) => [k, sample(schema.properties?.[k] ?? {}, k)]),
      );
    default:
      if (/mail/i.test(key)) return 'someone.else@example.test';
      if (key === 'userId') return 'sweep.user';
      if (schema.pattern?.includes('(0[1-9]|1[0-2])$')) return '2024-01';
      if (/date|open|close|expiry|from|till/i.test(key)) return '2024-01-01';
      return 'Sweep value';
  }
}

/** The statuses the declared rule gives someone outside A (or an observer of A, for writes). */
function expected(rule: Rule, who: 'adminB' | 'observerA'): number[] {
  if (rule === undefined || typeof rule === 'string') return [403];
  if ('action' in rule) return who === 'adminB' ? [404] : [403];
  if ('self' in rule) return [403];
  // A role rule on A refuses B outright; on the session's organisation, or for A's observer whom the rule lets
  // in, the service refuses the object it does not find (404) or the change it does not allow (403).
  // A rule decided in the organisation of the record the path names answers B as if it did not exist.
  if (who === 'adminB' && typeof rule.organisation === 'object') return [404];
  if (who === 'adminB' && rule.organisation !== 'session') return [403];
  return [403, 404];
}

/** Ids of A's organisation an answer names under an organisation key, beyond what the URL sent. */
function leaks(body: string, sent: string): string[] {
  const found: string[] = [];
  if (body.includes(SECRET) || body.toLowerCase().includes(SECRET.toLowerCase())) found.push('names');
  if (new RegExp(`"(organisationId|orgId|org)":${a.org}\\b`).test(body) && !sent.includes(String(a.org)))
    found.push('organisation id');
  return found;
}

describe('cross-organisation sweep over docs/openapi.json', () => {
  it("refuses another organisation's administrator and A's observer everywhere, leaking and changing nothing", async () => {
    const document = JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, '../../../../docs/openapi.json'), 'utf8'),
    ) as { paths: Record<string, Record<string, Operation>> };
    const rules = new Map(
      t.app.routeTable.flatMap((r) =>
        [r.method].flat().map((m) => [`${m} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.config?.access] as const),
      ),
    );
    const failures: string[] = [];
    let scoped = 0;
    let before = await digest();
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const rule = rules.get(`${method.toUpperCase()} ${route}`) as Rule;
        // Public calls, signed links and one's own things (settings, sign-out) name nothing of A's.
        if (rule === 'public' || rule === 'signed-link' || rule === 'signed-in') continue;
        const params = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        const names = params.filter((p) => aObject(route, p) !== undefined);
        const write = method !== 'get';
        // A call naming none of A's objects is about the caller's own organisation: B's administrator may
        // read and change B's; it must still leak nothing of A's.
        const aimsAtA = names.length > 0 || BODY_AIMS_AT_A.has(`${method.toUpperCase()} ${route}`);
        const other = (n: string) =>
          (route.includes('year-end/{month}') ||
            route.includes('/half-hour-data/') ||
            route.includes('/files/invoice-files/')) &&
          n === 'month'
            ? '12'
            : route.includes('/v2/{type}/') && n === 'type'
              ? 'cons'
              : route.includes('/meter-levels/{level}') && n === 'level'
                ? 'STANDARD'
                : OTHER_PARAMS[n];
        const url = route.replace(/\{(\w+)\}/g, (_, n: string) => String(aObject(route, n) ?? other(n) ?? 1));
        const body = op.requestBody?.content?.['application/json']?.schema;
        const payload =
          BODIES[`${method.toUpperCase()} ${route}`] ?? (body ? (sample(body) as object) : undefined);
        const callers = [
          ['adminB', adminB],
          ['observerA', observerA],
        ] as const;
        for (const [who, token] of callers) {
          if (who === 'observerA' && (!write || OBSERVER_MAY.has(`${method.toUpperCase()} ${route}`)))
            continue;
          if (!aimsAtA && (write || who === 'observerA')) continue;
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: bearer(token),
            ...(payload ? { payload } : {}),
          });
          const where = `${who} ${method.toUpperCase()} ${route} -> ${res.statusCode}`;
          // A's observer may read A's names; a refusal names nothing to anyone.
          const leaked = who === 'adminB' || res.statusCode >= 400 ? leaks(res.body, url) : [];
          if (leaked.length > 0) failures.push(`${where}: answer names A's ${leaked.join(', ')}`);
          if (aimsAtA) {
            scoped++;
            if (!expected(rule, who).includes(res.statusCode))
              failures.push(
                `${where}, expected ${expected(rule, who).join(' or ')}: ${res.body.slice(0, 160)}`,
              );
          }
          const after = await digest();
          if (after !== before && (aimsAtA || res.statusCode >= 400))
            failures.push(`${where}: the call changed the database`);
          before = after;
        }
      }
    }
    expect(scoped).toBeGreaterThan(120);
    expect(failures).toEqual([]);
  }, 180_000);
});
