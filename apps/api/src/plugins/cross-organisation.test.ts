import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Access } from '@verdant/contracts/access';
import { createEntity, createGroup, createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { meterAlerts } from '@verdant/db/schema/alerts';
import { groupings } from '@verdant/db/schema/groups';
import { ACCESS } from '@verdant/domain/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Operation, type Schema, typeOf } from '../testing/openapi-sample';
import { tableDigest } from '../testing/table-digest';
import { bearer, createTestApp, type TestApp } from '../testing/test-app';

/*
 * The cross-organisation sweep (docs/decisions/tenancy.md, The cross-organisation sweep): every path and
 * method of docs/openapi.json, its path parameters filled with organisation A's real objects, called as (a)
 * an administrator of another organisation B and (b) for writes, a read-only observer of A. Each call must be
 * refused as the route's declared rule says (403 for a role, 404 for an asset one cannot see, 403 for one
 * seen but not editable), answer nothing of A's beyond what was sent, and change no table.
 */

let t: TestApp;
let digest: () => Promise<string>;
let adminB: string;
let observerA: string;
/** A's objects by the parameter names that address them. */
const a: Record<string, number> = {};
/** A's data load, addressed by its uuid. */
let aLoad = '';
/** Text only A's objects carry: none may appear in an answer to someone outside A. */
const SECRET = 'Tenant-A-secret';

type Rule = Access | undefined;
/** Bodies the schema alone cannot give. */
const NOTE = { dateFrom: '2024-01-01', text: 'A note' };
const BODIES: Record<string, object> = {
  'PUT /api/site-groups/{id}': { name: 'Renamed by sweep' },
  'PUT /api/meter-groups/{id}': { name: 'Renamed by sweep' },
  'PUT /api/site-groups/groupings/{id}': { name: 'Renamed by sweep' },
  'PUT /api/meter-groups/groupings/{id}': { name: 'Renamed by sweep' },
  'POST /api/organisations/{id}/site-groups': { name: 'Sweep group' },
  'POST /api/organisations/{id}/meter-groups': { name: 'Sweep group' },
  'POST /api/organisations/{id}/reporting-group-groupings/site-groupings': { name: 'Sweep grouping' },
  'POST /api/organisations/{id}/reporting-group-groupings/meter-groupings': { name: 'Sweep grouping' },
  'PUT /api/organisations/{id}/target': { cons: 1000 },
  'POST /api/organisations/{id}/email-intake-addresses': { address: 'sweep@intake.test' },
  'PUT /api/organisations/{id}/email-intake-addresses/{addressId}': { address: 'sweep@intake.test' },
  'POST /api/organisations/{id}/custom-portals': { name: 'Sweep portal', link: 'https://example.test/sweep' },
  // Targets and rates: valid bodies, so that the rule (not validation) answers.
  'POST /api/organisations/{id}/targets': {
    name: 'Sweep target',
    spec: {
      baselineYear: 2019,
      baselineYearEnd: 'CY',
      consFrom: 'DERIVE',
      profileFrom: 'NONE',
      targets: [{ perc: 30, year: 2030 }],
    },
  },
  'PUT /api/site-groups/{id}/target': { co2e: 1 },
  'POST /api/organisations/{id}/tou-contracts/{contractId}/rates': {
    rates: [{ month: '2024-01', periodId: 1, daytypeId: 1, contractedRate: 1 }],
  },
  'PUT /api/meter-groups/{id}/target': { co2e: 1 },
  // A note needs a start date or an invoice: neither is required alone, so the sample leaves both out.
  'POST /api/meters/{id}/comments': NOTE,
  'PUT /api/meters/{id}/comments/{noteId}': NOTE,
};
/** Calls whose body (not path) names A's object: they aim at A too (filled in once A exists). */
const BODY_AIMS_AT_A = new Set(['PUT /api/invoices/save', 'POST /api/invoices/blank']);
/** Calls an observer of A may rightly make with A's id: entering A is theirs to do. */
const OBSERVER_MAY = new Set([
  'PUT /api/current-user/organisation/{orgId}',
  // A read sent as POST: the export of figures an observer may see.
  'POST /api/organisations/{id}/site-data-export',
  'POST /api/organisations/{id}/meter-data-export',
  'POST /api/organisations/{id}/fleet-data-export',
  'POST /api/organisations/{id}/fleet-transaction-export',
  // Reads sent as POST: the graph builder's figures.
  'POST /api/organisations/{orgId}/graph-data',
  'POST /api/organisations/{orgId}/graph-data/assets-for-split',
  'POST /api/organisations/{orgId}/graph-data/data-types-for-split',
  'POST /api/organisations/{orgId}/graph-data/groups-for-split',
  'POST /api/organisations/{orgId}/pie-data',
  // The Invoice Entry Report of the data sources named, and its CSV.
  'POST /api/organisations/{id}/invoices-reports',
  'POST /api/organisations/{id}/invoices-reports/export',
]);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  await seedReferenceData(db);
  await seedCatalogue(db);
  const orgA = await createOrganisation(db, { name: `${SECRET} Organisation` });
  const orgB = await createOrganisation(db, { name: 'Tenant B' });
  const site = await createSite(db, orgA.id, { name: `${SECRET} Site`, regionId: 9, siteOpen: '2020-01-01' });
  const entity = await createEntity(db, site, { name: `${SECRET} Entity` });
  const meter = await createMeter(db, site, { localName: `${SECRET} Meter` });
  const group = await createGroup(db, orgA.id, 'site', `${SECRET} Group`, [site.id]);
  const meterGroup = await createGroup(db, orgA.id, 'meter', `${SECRET} Meter group`, [meter.id]);
  const [grouping] = await db
    .insert(groupings)
    .values({ organisationId: orgA.id, memberType: 'site', name: `${SECRET} Grouping`, controlled: true })
    .returning();
  const dataType = await createDataType(
    db,
    { name: `${SECRET} fuel`, grouping: `${SECRET} grouping`, organisationId: orgA.id },
    [{ name: 'sacks', conversionToStandard: 20 }],
  );
  // A Won't Send invoice alert of A's: reset must refuse B and A's observer.
  const alertedInvoice = await createInvoice(db, meter, {
    from: '2024-01-01',
    till: '2024-01-31',
    consumption: 1,
    cost: 1,
    unitId: dataType.stdUnitId,
  });
  const [invoiceAlert] = await db
    .insert(meterAlerts)
    .values({
      organisationId: orgA.id,
      meterId: meter.id,
      invoiceId: alertedInvoice.id,
      audit: 'gap-before',
      message: `${SECRET} alert`,
      alertDate: '2024-01-31',
      status: 'deleted',
    })
    .returning();
  await createMember(db, orgA.id, { loginId: 'a.admin', accessId: ACCESS.primaryContact, admin: true });
  const member = await createMember(db, orgA.id, {
    loginId: 'a.member',
    firstName: SECRET,
    surname: 'Member',
    email: 'tenant-a-secret.member@example.test',
    accessId: ACCESS.generalUser,
  });
  await createMember(db, orgA.id, { loginId: 'a.observer', accessId: ACCESS.observer });
  await createMember(db, orgB.id, { loginId: 'b.admin', accessId: ACCESS.primaryContact, admin: true });

  // A's own records made the way its people make them, through the API.
  const adminA = bearer(await t.login('a.admin'));
  const call = async (method: 'POST' | 'PUT', url: string, payload: object | Buffer, headers = {}) => {
    const res = await t.app.inject({ method, url, payload, headers: { ...adminA, ...headers } });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.body}`);
    return res.json();
  };
  const job = await call('POST', `/api/organisations/${orgA.id}/jobs`, {
    dateFrom: '2024-01-01',
    text: `${SECRET} job`,
  });
  await call('POST', `/api/organisations/${orgA.id}/procurement-expiry`, {
    description: `${SECRET} contract`,
    expiryDate: '2030-01-01',
  });
  const expiries = await t.app.inject({
    url: `/api/organisations/${orgA.id}/procurement-expiry`,
    headers: adminA,
  });
  const file = await call('POST', `/api/sites/${site.id}/files`, Buffer.from(`${SECRET} notes`), {
    'content-type': 'application/octet-stream',
    'x-filename': `${SECRET}.txt`,
  });
  const loaded = await call(
    'POST',
    '/api/jobs/meter-load',
    Buffer.from(`Meter,Start,kWh\n${SECRET} Meter,2024-01-01 00:00,1\n`),
    { 'content-type': 'application/octet-stream', 'x-filename': `${SECRET}.csv` },
  );
  aLoad = loaded.data.uuid;
  const vehicles = await call('POST', `/api/sites/${site.id}/new-vehicles`, {
    purchaseDate: '2024-01-01',
    reporting: 'ORGANISATION',
    list: [
      {
        registration: 'SECRET1',
        make: `${SECRET} make`,
        model: 'Model',
        year: 2020,
        bodyShapeId: 1,
        seats: 5,
        transmissionTypeId: 1,
        engineSize: 2,
        fuelId: 4,
        desiredEfficiency: 8,
      },
    ],
  });
  const vehicleId = vehicles.data.newVehicleList[0].id as number;
  const purchase = await call('POST', `/api/vehicles/${vehicleId}/purchases`, {
    date: '2024-02-01',
    odo: 1000,
    quantity: 40,
    cost: 100,
  });
  const card = await call('POST', `/api/organisations/${orgA.id}/new-card-meters`, {
    name: 'Secret card',
    siteId: site.id,
  });
  const vehicleRow = (await t.app.inject({ url: `/api/vehicles/${vehicleId}`, headers: adminA })).json() as {
    consMeter: number;
  };
  Object.assign(a, {
    vehicle: vehicleId,
    vehicleMeter: vehicleRow.consMeter,
    purchase: purchase.data.readingId,
    card: card.id,
  });
  // Groupings: one of sites and one of meters, made through the API.
  const siteGrouping = await call(
    'POST',
    `/api/organisations/${orgA.id}/reporting-group-groupings/site-groupings`,
    {
      name: `${SECRET} Regions`,
    },
  );
  const meterGrouping = await call(
    'POST',
    `/api/organisations/${orgA.id}/reporting-group-groupings/meter-groupings`,
    { name: `${SECRET} Cost centres` },
  );
  Object.assign(a, {
    meterGroup: meterGroup.id,
    siteGrouping: siteGrouping.id,
    meterGrouping: meterGrouping.id,
    org: orgA.id,
    site: site.id,
    entity: entity.id,
    meter: meter.id,
    group: group.id,
    grouping: grouping?.id ?? 0,
    member: member.id,
    job: job.id,
    expiry: (expiries.json() as { expiryId: number }[])[0]?.expiryId ?? 0,
    file: file.id,
    dataType: dataType.id,
    unit: dataType.units.sacks?.id ?? 0,
    invoiceAlert: invoiceAlert?.id ?? 0,
  });
  // An invoice of A's meter, entered the way its people enter one.
  const invoiced = await createMeter(db, site, {
    localName: `${SECRET} invoiced meter`,
    energyId: dataType.id,
    unitId: dataType.units.sacks?.id ?? 0,
  });
  const invoiceBody = {
    meterId: invoiced.id,
    invoiceNumber: `${SECRET} invoice`,
    invoiceDate: '2024-02-05',
    dateDue: '2024-02-20',
    dateFrom: '2024-01-01',
    dateTill: '2024-01-31',
    unitId: dataType.units.sacks?.id ?? 0,
    taxAmount: '15.00',
    visibleTotal: '115.00',
    items: [{ category: 'charge', chargeTypeId: 2, total: '100.00' }],
  };
  const entered = await call('PUT', '/api/invoices/save', invoiceBody);
  a.invoice = entered.savedInvoice.id;
  BODIES['PUT /api/invoices/save'] = { ...invoiceBody, id: a.invoice, invoiceNumber: 'Changed' };
  BODIES['POST /api/invoices/blank'] = { meter: invoiced.id, dateFrom: '2024-02-01', dateTill: '2024-02-29' };
  adminB = await t.login('b.admin');
  observerA = await t.login('a.observer');
  // Saving an organisation sends every field: A's own, as its administrator would.
  const orgBody = (await t.app.inject({ url: `/api/organisations/${orgA.id}`, headers: adminA })).json();
  BODIES[`PUT /api/organisations/{id}`] = orgBody;
  BODIES['POST /api/invoices/{id}/raw-data-url'] = {
    filename: 'bill.pdf',
    contentType: 'application/pdf',
    length: 100,
  };
  BODIES['PUT /api/invoices/{id}/original-link'] = { folder: `files/${file.id}` };
  // Reversal, replacement and decommission name A's meter in the body (their own tests refuse B with it).
  for (const p of ['reversal', 'replacement', 'decommissioning']) {
    BODIES[`POST /api/invoices/${p}`] = {
      meters: [{ meterId: meter.id, chargedConsumption: 1 }],
      startDate: '2024-01-01',
      endDate: '2024-01-31',
      invoiceDate: '2024-02-01',
      invoiceNumber: 'X-1',
      chargedCost: 1,
    };
  }
  // A supplier-specific factor of A's (market-based scope 2).
  const [retailer] = (
    await db.execute<{ id: number }>(
      sql`select id from retailers where type = 'Electricity' order by id limit 1`,
    )
  ).rows;
  const instrumentBody = {
    kind: 'supplier-factor',
    retailerId: retailer?.id,
    dateFrom: '2024-01-01',
    dateTill: '2024-12-31',
    rate: 0.05,
    reference: `${SECRET} contract`,
  };
  a.instrument = (await call('POST', `/api/organisations/${orgA.id}/scope2-instruments`, instrumentBody)).id;
  BODIES['POST /api/organisations/{id}/scope2-instruments'] = instrumentBody;
  BODIES['POST /api/admin/grid-intensity-series'] = {
    name: 'Sweep series',
    source: 'The sweep',
    intervalMinutes: 60,
    regionIds: [9],
    csv: 'Start,kg CO2e per kWh\n2025-07-01T00:00Z,0.1',
  };
  BODIES['PUT /api/organisations/{id}/scope2-instruments/{instrumentId}'] = { ...instrumentBody, rate: 0.06 };
  digest = await tableDigest(db);
});
afterAll(async () => {
  await t?.close();
});

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
