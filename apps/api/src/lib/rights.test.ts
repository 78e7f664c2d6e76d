import { createEntity, createGroup, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { connect, schema } from '@verdant/db/client';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { assetGroupMembers } from '@verdant/db/schema/groups';
import { createTestDatabase, type TestDatabase } from '@verdant/db/testing/test-database';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AssetRef,
  allows,
  allowsAsset,
  assetAccess,
  assetKey,
  canOnAssets,
  type OrganisationRole,
  type Principal,
} from './rights';

const principal = (over: Partial<Principal> = {}): Principal => ({
  userId: 1,
  productAdmin: false,
  statusId: 1,
  ...over,
});
const role = (over: Partial<OrganisationRole> = {}): OrganisationRole => ({
  organisationId: 1,
  accessId: 3,
  admin: false,
  orgBlocked: false,
  organisationEnabled: true,
  settings: {
    id: 1,
    timeZone: 'Pacific/Auckland',
    reportingYearEnd: 3,
    factorSourceId: null,
    ownFactors: false,
  },
  ...over,
});

describe('organisation rules', () => {
  it.each([
    [2, true, true, false],
    [3, true, true, false],
    [4, true, false, false],
    [-1, false, false, false],
  ])('access level %i: enter %s, edit %s, administer %s', (accessId, enter, edit, administer) => {
    const r = role({ accessId });
    expect(allows(principal(), r, 'enter')).toBe(enter);
    expect(allows(principal(), r, 'edit')).toBe(edit);
    expect(allows(principal(), r, 'administer')).toBe(administer);
  });

  it('an organisation administrator may do everything, even as an observer', () => {
    const r = role({ accessId: 4, admin: true });
    expect(allows(principal(), r, 'edit')).toBe(true);
    expect(allows(principal(), r, 'administer')).toBe(true);
  });

  it('nobody but a product administrator gets in without a membership, blocked, or into a disabled organisation', () => {
    expect(allows(principal(), undefined, 'enter')).toBe(false);
    expect(allows(principal(), role({ orgBlocked: true, admin: true }), 'enter')).toBe(false);
    expect(allows(principal(), role({ organisationEnabled: false, admin: true }), 'enter')).toBe(false);
    expect(allows(principal({ statusId: 2 }), role({ admin: true }), 'enter')).toBe(false);
    expect(allows(principal({ productAdmin: true }), undefined, 'administer')).toBe(true);
    expect(allows(principal({ productAdmin: true, statusId: 2 }), undefined, 'enter')).toBe(false);
  });

  it('asset rules: a grant overrides the organisation level; barred hides; administrators keep everything', () => {
    const inOrg = (granted: number | null) => ({ inOrganisation: true, granted });
    expect(allowsAsset(principal(), role({ accessId: 4 }), inOrg(3), 'edit')).toBe(true);
    expect(allowsAsset(principal(), role({ accessId: 3 }), inOrg(4), 'edit')).toBe(false);
    expect(allowsAsset(principal(), role({ accessId: 3 }), inOrg(-1), 'view')).toBe(false);
    expect(allowsAsset(principal(), role({ accessId: 3 }), inOrg(null), 'edit')).toBe(true);
    expect(allowsAsset(principal(), role({ admin: true, accessId: 4 }), inOrg(-1), 'edit')).toBe(true);
    expect(allowsAsset(principal(), role(), { inOrganisation: false, granted: 2 }, 'view')).toBe(false);
    expect(allowsAsset(principal(), role({ orgBlocked: true }), inOrg(2), 'view')).toBe(false);
  });
});

describe('advanced rights over the asset hierarchy', () => {
  let database: TestDatabase;
  let org: { id: number };
  let user: { id: number };
  let p: Principal;
  const a: Record<string, { id: number; organisationId: number }> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    org = await createOrganisation(db, { name: 'Rights Org' });
    const elsewhere = await createOrganisation(db, { name: 'Elsewhere' });
    user = await createMember(db, org.id, { accessId: 4, password: null });
    p = principal({ userId: user.id });
    a.north = await createSite(db, org.id, { name: 'North' });
    a.south = await createSite(db, org.id, { name: 'South' });
    a.northMain = await createMeter(db, a.north, { localName: 'North main' });
    a.northGas = await createMeter(db, a.north, { localName: 'North gas' });
    a.southMain = await createMeter(db, a.south, { localName: 'South main' });
    a.northOffice = await createEntity(db, a.north, { name: 'North office' });
    a.foreignSite = await createSite(db, elsewhere.id, { name: 'Foreign' });
    a.foreignMeter = await createMeter(db, a.foreignSite, { localName: 'Foreign meter' });
  });
  afterAll(() => database.close());

  const ref = (type: AssetRef['type'], key: string): AssetRef => ({ type, id: a[key]?.id ?? 0 });
  const can = (action: 'view' | 'edit', refs: AssetRef[]) =>
    canOnAssets(database.db, p, action, org.id, refs);

  it('follows the organisation level when there is no grant', async () => {
    expect(await can('view', [ref('meter', 'northMain'), ref('site', 'south')])).toEqual([true, true]);
    expect(await can('edit', [ref('meter', 'northMain')])).toEqual([false]);
  });

  it("never answers yes for another organisation's asset or one that does not exist", async () => {
    await grantRight(database.db, {
      userId: user.id,
      organisationId: org.id,
      assetType: 'organisation',
      assetId: org.id,
      rightId: 2,
    });
    expect(
      await can('view', [
        ref('meter', 'foreignMeter'),
        ref('site', 'foreignSite'),
        { type: 'meter', id: 999999 },
      ]),
    ).toEqual([false, false, false]);
  });

  it('applies the most specific grant: meter over site over group over organisation', async () => {
    // Organisation grant (Primary Contact) from the test above lets the observer edit everything ...
    expect(await can('edit', [ref('meter', 'southMain')])).toEqual([true]);
    const group = await createGroup(database.db, org.id, 'site', 'Northern sites', [a.north?.id ?? 0]);
    await grantRight(database.db, {
      userId: user.id,
      organisationId: org.id,
      assetType: 'site-group',
      assetId: group.id,
      rightId: 4,
    });
    // ... a site-group grant (Observer) narrows the group's sites and what is beneath them ...
    expect(
      await can('edit', [
        ref('site', 'north'),
        ref('meter', 'northMain'),
        ref('entity', 'northOffice'),
        ref('meter', 'southMain'),
      ]),
    ).toEqual([false, false, false, true]);
    await grantRight(database.db, {
      userId: user.id,
      organisationId: org.id,
      assetType: 'site',
      assetId: a.north?.id ?? 0,
      rightId: 3,
    });
    // ... a site grant beats the group grant ...
    expect(await can('edit', [ref('site', 'north'), ref('meter', 'northMain')])).toEqual([true, true]);
    await grantRight(database.db, {
      userId: user.id,
      organisationId: org.id,
      assetType: 'meter',
      assetId: a.northGas?.id ?? 0,
      rightId: -1,
    });
    // ... and a meter grant beats the site grant: barred hides that one meter only.
    expect(await can('view', [ref('meter', 'northGas'), ref('meter', 'northMain')])).toEqual([false, true]);
  });

  it("applies a group right to the group's members at the time of the check", async () => {
    const group = await createGroup(database.db, org.id, 'meter', 'Watched meters');
    await grantRight(database.db, {
      userId: user.id,
      organisationId: org.id,
      assetType: 'meter-group',
      assetId: group.id,
      rightId: -1,
    });
    expect(await can('view', [ref('meter', 'southMain')])).toEqual([true]);
    await database.db
      .insert(assetGroupMembers)
      .values({ organisationId: org.id, groupId: group.id, assetId: a.southMain?.id ?? 0 });
    expect(await can('view', [ref('meter', 'southMain')])).toEqual([false]);
    // The group itself is governed by the organisation level, not by the grant on it.
    expect(await can('view', [{ type: 'meter-group', id: group.id }])).toEqual([true]);
  });

  it('lets the grant giving more rights win between two equally specific grants', async () => {
    const keen = await createGroup(database.db, org.id, 'meter', 'Editable', [a.southMain?.id ?? 0]);
    await grantRight(database.db, {
      userId: user.id,
      organisationId: org.id,
      assetType: 'meter-group',
      assetId: keen.id,
      rightId: 3,
    });
    expect(await can('edit', [ref('meter', 'southMain')])).toEqual([true]);
  });

  it('answers a list of any length with one database round trip', async () => {
    let queries = 0;
    const counting = connect(database.url, 2);
    const db = drizzle(counting.pool, { schema, logger: { logQuery: () => void queries++ } });
    const refs = Array.from({ length: 60 }, (_, i) =>
      ref(i % 2 ? 'meter' : 'site', i % 2 ? 'northMain' : 'south'),
    );
    const answers = await canOnAssets(db, p, 'view', org.id, refs);
    expect(answers).toHaveLength(60);
    expect(queries).toBe(1);
    await counting.close();
  });

  it('gives a product administrator every asset of the organisation in context', async () => {
    const admin = await createUser(database.db, { productAdmin: true, password: null });
    const answers = await canOnAssets(
      database.db,
      principal({ userId: admin.id, productAdmin: true }),
      'edit',
      org.id,
      [ref('meter', 'northGas'), ref('meter', 'foreignMeter')],
    );
    expect(answers).toEqual([true, false]);
  });

  it('finds the organisation from the assets themselves when the caller names none (a rule on /sites/:id)', async () => {
    const found = await assetAccess(database.db, p, null, [ref('site', 'north'), ref('meter', 'northGas')]);
    expect(found.organisationId).toBe(org.id);
    expect(found.role?.organisationId).toBe(org.id);
    expect(allowsAsset(p, found.role, found.access.get(assetKey(ref('site', 'north'))), 'view')).toBe(true);

    const foreign = await assetAccess(database.db, p, null, [ref('site', 'foreignSite')]);
    expect(foreign.role).toBeUndefined();
    expect(
      allowsAsset(p, foreign.role, foreign.access.get(assetKey(ref('site', 'foreignSite'))), 'view'),
    ).toBe(false);

    const mixed = await assetAccess(database.db, p, null, [ref('site', 'north'), ref('site', 'foreignSite')]);
    expect(mixed.access.get(assetKey(ref('site', 'foreignSite')))?.inOrganisation).toBe(false);

    const missing = await assetAccess(database.db, p, null, [{ type: 'site', id: 999999 }]);
    expect(missing.organisationId).toBeNull();
    expect(missing.access.size).toBe(0);
  });
});
