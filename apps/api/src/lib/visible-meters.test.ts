import { createGroup, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { meters } from '@verdant/db/schema/assets';
import { createTestDatabase, type TestDatabase } from '@verdant/db/testing/test-database';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedOf, organisationRoles, type Principal, visibleMeters, visibleMetersOf } from './rights';

/**
 * `visibleMeters` resolves the grants over every meter in one SQL statement; `allowedOf` asks the rights
 * engine meter by meter. For every shape of grants they must name the same meters (null: all of them).
 */
describe('visibleMeters agrees with allowedOf', () => {
  let database: TestDatabase;
  let orgId: number;
  let otherOrgId: number;
  const s: Record<string, { id: number; organisationId: number }> = {};
  const m: Record<string, { id: number }> = {};
  type Grant = {
    type: 'organisation' | 'site-group' | 'meter-group' | 'site' | 'meter';
    id: number;
    right: number;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    orgId = (await createOrganisation(db, { name: 'Visible Org' })).id;
    otherOrgId = (await createOrganisation(db, { name: 'Other Org' })).id;
    for (const name of ['north', 'south', 'east']) s[name] = await createSite(db, orgId, { name });
    for (const [key, site] of [
      ['north1', 'north'],
      ['north2', 'north'],
      ['south1', 'south'],
      ['south2', 'south'],
      ['east1', 'east'],
      ['gone', 'east'],
    ] as const) {
      const site0 = s[site];
      if (site0) m[key] = await createMeter(db, site0, { localName: key });
    }
    await db
      .update(meters)
      .set({ deletedAt: new Date() })
      .where(eq(meters.id, m.gone?.id ?? 0));
    s.foreign = await createSite(db, otherOrgId, { name: 'foreign' });
    m.foreign = await createMeter(db, s.foreign, { localName: 'foreign' });
  });
  afterAll(() => database.close());

  const id = (r: { id: number } | undefined) => r?.id ?? 0;

  /** A new member of the organisation (or of another) with the given grants in the organisation. */
  async function member(
    accessId: number,
    grants: Grant[],
    opts: { admin?: boolean; orgBlocked?: boolean; memberOf?: number } = {},
  ): Promise<Principal> {
    const user = await createMember(database.db, opts.memberOf ?? orgId, {
      accessId,
      admin: opts.admin ?? false,
      orgBlocked: opts.orgBlocked ?? false,
      password: null,
    });
    for (const g of grants)
      await grantRight(database.db, {
        userId: user.id,
        organisationId: orgId,
        assetType: g.type,
        assetId: g.id,
        rightId: g.right,
      });
    return { userId: user.id, productAdmin: false, statusId: 1 };
  }

  async function compare(p: Principal) {
    const db = database.db;
    const live = (
      await db
        .select({ id: meters.id })
        .from(meters)
        .where(and(eq(meters.organisationId, orgId), isNull(meters.deletedAt)))
        .orderBy(meters.id)
    ).map((r) => r.id);
    const expected = await allowedOf(db, p, 'view', orgId, live, (mid) => ({ type: 'meter', id: mid }));
    const answer = await visibleMeters(db, p, orgId);
    expect(answer ?? live).toEqual(expected);
    return answer;
  }

  it('a user barred from one site sees the other sites', async () => {
    const p = await member(3, [{ type: 'site', id: id(s.north), right: -1 }]);
    expect(await compare(p)).toEqual([id(m.south1), id(m.south2), id(m.east1)]);
  });

  it('a user allowed only one site (barred at the organisation) sees that site only', async () => {
    const p = await member(3, [
      { type: 'organisation', id: orgId, right: -1 },
      { type: 'site', id: id(s.south), right: 4 },
    ]);
    expect(await compare(p)).toEqual([id(m.south1), id(m.south2)]);
  });

  it('meter grants beat site grants both ways', async () => {
    const p = await member(3, [
      { type: 'site', id: id(s.north), right: -1 },
      { type: 'meter', id: id(m.north2), right: 4 },
      { type: 'meter', id: id(m.south1), right: -1 },
      { type: 'meter', id: id(m.gone), right: 3 },
      { type: 'meter', id: id(m.foreign), right: 3 },
    ]);
    expect(await compare(p)).toEqual([id(m.north2), id(m.south2), id(m.east1)]);
  });

  it('an observer under site-group and meter-group grants, the more generous of two equal grants winning', async () => {
    const southern = await createGroup(database.db, orgId, 'site', 'Southern', [id(s.south), id(s.east)]);
    const barredMeters = await createGroup(database.db, orgId, 'meter', 'Barred', [
      id(m.east1),
      id(m.north1),
    ]);
    const openMeters = await createGroup(database.db, orgId, 'meter', 'Open', [id(m.north1)]);
    const p = await member(4, [
      { type: 'site-group', id: southern.id, right: -1 },
      { type: 'meter-group', id: barredMeters.id, right: -1 },
      { type: 'meter-group', id: openMeters.id, right: 4 },
      { type: 'site', id: id(s.east), right: 4 },
    ]);
    // east1: the site grant (observer) beats the meter group (barred); north1: in an open and a barred
    // group, the open one wins; the south's meters are barred by their site's group.
    expect(await compare(p)).toEqual([id(m.north1), id(m.north2), id(m.east1)]);
  });

  it('an observer with an organisation grant only sees what the grant says', async () => {
    expect(await compare(await member(4, [{ type: 'organisation', id: orgId, right: 3 }]))).toHaveLength(5);
    expect(await compare(await member(4, [{ type: 'organisation', id: orgId, right: -1 }]))).toEqual([]);
  });

  it('an administrator sees every meter whatever the grants say', async () => {
    const p = await member(4, [{ type: 'site', id: id(s.north), right: -1 }], { admin: true });
    expect(await compare(p)).toBeNull();
  });

  it('without a grant in this organisation nothing narrows the view', async () => {
    const p = await member(3, []);
    expect(await compare(p)).toBeNull();
    const elsewhere = await createMember(database.db, otherOrgId, { accessId: 3, password: null });
    await grantRight(database.db, {
      userId: elsewhere.id,
      organisationId: otherOrgId,
      assetType: 'site',
      assetId: id(s.foreign),
      rightId: -1,
    });
    expect(
      await visibleMeters(database.db, { userId: elsewhere.id, productAdmin: false, statusId: 1 }, orgId),
    ).toBeNull();
  });

  it('a member of another organisation, a blocked member and an inactive user see nothing', async () => {
    expect(
      await compare(await member(3, [{ type: 'site', id: id(s.north), right: 3 }], { memberOf: otherOrgId })),
    ).toEqual([]);
    expect(
      await compare(await member(3, [{ type: 'site', id: id(s.north), right: 3 }], { orgBlocked: true })),
    ).toEqual([]);
    const inactive = await member(3, [{ type: 'site', id: id(s.north), right: 3 }]);
    expect(await compare({ ...inactive, statusId: 2 })).toEqual([]);
  });

  it('visibleMetersOf gives the same from the role the rule read, asking nothing of an administrator', async () => {
    const narrowed = [{ type: 'site' as const, id: id(s.north), right: -1 }];
    const cases = [
      await member(4, narrowed, { admin: true }),
      await member(3, narrowed),
      await member(3, narrowed, { admin: true, orgBlocked: true }),
      await member(3, []),
    ];
    for (const p of cases) {
      const role = (await organisationRoles(database.db, p, [orgId])).get(orgId);
      const caller = { principal: p, checked: { organisationId: orgId, role } };
      expect(await visibleMetersOf(database.db, caller, orgId)).toEqual(
        await visibleMeters(database.db, p, orgId),
      );
    }
    // The administrator's answer comes without a statement: a handle that is no database would throw on one.
    const admin = cases[0] as Principal;
    const role = (await organisationRoles(database.db, admin, [orgId])).get(orgId);
    const noDatabase = {} as typeof database.db;
    expect(
      await visibleMetersOf(
        noDatabase,
        { principal: admin, checked: { organisationId: orgId, role } },
        orgId,
      ),
    ).toBeNull();
  });

  it('a product administrator sees everything', async () => {
    const admin = await createUser(database.db, { productAdmin: true, password: null });
    expect(
      await visibleMeters(database.db, { userId: admin.id, productAdmin: true, statusId: 1 }, orgId),
    ).toBeNull();
  });
});
