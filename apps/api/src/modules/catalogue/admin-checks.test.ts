import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { seedCatalogue } from '@verdant/db/catalogue-seed';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.db);
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  tokens.root = await t.login('root');
  const org = await createOrganisation(t.db, { name: 'Checked Org' });
  const other = await createOrganisation(t.db);
  await createMember(t.db, org.id, { loginId: 'admin-a', accessId: 2, admin: true });
  await createMember(t.db, other.id, { loginId: 'watcher', accessId: 4 });
  for (const who of ['admin-a', 'watcher']) tokens[who] = await t.login(who);
  ids.org = org.id;
  const site = await createSite(t.db, org.id);
  const [defaultSource] = (
    await t.db.execute<{ id: number }>(sql`select id from emission_factor_sources where is_default`)
  ).rows;
  const source = defaultSource?.id ?? 0;

  // 1. A meter with no data type.
  ids.untyped = (await createMeter(t.db, site, { localName: 'Untyped meter' })).id;
  // 2. A data type whose scope 1 factors skip 2021.
  const gap = await createDataType(t.db, { name: 'Gappy fuel', typeId: 4, stdUnit: 'kg' });
  await createFactor(t.db, {
    dataTypeId: gap.id,
    sourceId: source,
    scope: 1,
    rate: 1,
    startDate: '2020-01-01',
    endDate: '2020-12-31',
  });
  await createFactor(t.db, {
    dataTypeId: gap.id,
    sourceId: source,
    scope: 1,
    rate: 1,
    startDate: '2022-01-01',
  });
  // 3. A composite of 60 % and 39 %.
  const mix = await createDataType(t.db, { id: 100_500, name: 'Bad blend', stdUnit: 'kWh' });
  await t.db.execute(sql`insert into composite_components (composite_id, component_id, percentage)
    values (${mix.id}, 13, 60), (${mix.id}, 14, 39)`);
  // 4. A meter measured in a unit of a retired data type.
  const old = await createDataType(t.db, { name: 'Old coal', retired: true, stdUnit: 'kg' });
  ids.retired = (
    await createMeter(t.db, site, { localName: 'Coal boiler', energyId: old.id, unitId: old.stdUnitId })
  ).id;
  // 5. An own set with grid electricity's scope 2 but not its scope 3.
  const own = await createFactorSource(t.db, {
    name: 'Checked Factors',
    isDefault: false,
    organisationId: org.id,
  });
  await createFactor(t.db, {
    dataTypeId: 13,
    sourceId: own.id,
    scope: 2,
    rate: 0.1,
    startDate: '2022-01-01',
  });
  // 6. A meter closed at the end of June 2022 with an invoice to December.
  const kwh = (
    await t.db.execute<{ id: number }>(sql`select id from units where data_type_id = 13 and name = 'kWh'`)
  ).rows[0]?.id;
  const closed = await createMeter(t.db, site, {
    localName: 'Closed meter',
    energyId: 13,
    unitId: kwh,
    meterClose: '2022-06-30',
  });
  ids.closed = closed.id;
  await createInvoice(t.db, closed, { from: '2022-01-01', till: '2022-12-31', consumption: 1000, cost: 100 });
});
afterAll(() => t.close());

const check = (name: string, who = 'root') =>
  t.app.inject({ method: 'GET', url: `/api/admin/checks/${name}`, headers: bearer(tokens[who] ?? '') });

describe('GET /admin/checks/{name}', () => {
  it('finds each kind of problem and links to it', async () => {
    const cases: [string, { label?: string; detail?: string; link?: string }][] = [
      [
        'meters-without-data-type',
        { label: 'Untyped meter (Checked Org)', link: `/data-sources/${ids.untyped}` },
      ],
      ['factor-gaps', { label: 'Gappy fuel', detail: 'Scope 1: no factor from 2021-01-01 to 2021-12-31' }],
      ['composites-not-100', { label: 'Bad blend', detail: 'Components total 99 %' }],
      [
        'retired-type-units',
        { label: 'Coal boiler (Checked Org)', detail: 'Measured in kg of Old coal, which is retired' },
      ],
      [
        'own-sets-missing-scope',
        {
          label: 'Checked Org: Checked Factors',
          detail: 'Electricity (grid supplied) has no scope 3 factor (the default set has one)',
          link: `/organisations/${ids.org}`,
        },
      ],
      [
        'inputs-after-close',
        { label: 'Closed meter (Checked Org)', detail: 'Closed 2022-06-30; inputs until 2022-12-31' },
      ],
    ];
    for (const [name, found] of cases) {
      const res = await check(name);
      expect(res.statusCode, name).toBe(200);
      expect(res.json()).toMatchObject({ name });
      expect(res.json().count).toBe(res.json().found.length);
      expect(res.json().found, name).toContainEqual(expect.objectContaining(found));
    }
  });

  it('refuses an unknown check', async () => {
    expect((await check('everything')).statusCode).toBe(400);
  });

  it("refuses an organisation's administrator and an observer, who learn nothing", async () => {
    for (const who of ['admin-a', 'watcher']) {
      const res = await check('meters-without-data-type', who);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Untyped');
    }
  });
});
