import { createEntity, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let site: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrganisation(t.db);
  site = await createSite(t.db, org.id, { name: 'Pump Station' });
  const open = await createMeter(
    t.db,
    { id: site.id, organisationId: org.id },
    { localName: 'Station supply' },
  );
  const secret = await createMeter(
    t.db,
    { id: site.id, organisationId: org.id },
    { localName: 'Tenant supply' },
  );
  const hiddenEntity = await createEntity(
    t.db,
    { id: site.id, organisationId: org.id },
    { name: 'Tenant unit' },
  );
  await createEntity(t.db, { id: site.id, organisationId: org.id }, { name: 'Pump house' });
  const narrowed = await createMember(t.db, org.id, { loginId: 'narrowed', accessId: 3 });
  await grantRight(t.db, {
    userId: narrowed.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: secret.id,
    rightId: -1,
  });
  await grantRight(t.db, {
    userId: narrowed.id,
    organisationId: org.id,
    assetType: 'entity',
    assetId: hiddenEntity.id,
    rightId: -1,
  });
  expect(open.id).toBeGreaterThan(0);
});
afterAll(() => t.close());

describe("a site's data sources and entities", () => {
  it('leave out the meters and entities the caller is barred from', async () => {
    const token = await t.login('narrowed');
    const meters = (
      await t.app.inject({ url: `/api/sites/${site.id}/data-sources`, headers: bearer(token) })
    ).json();
    expect(meters.map((m: { name: string }) => m.name)).toEqual(['Station supply']);
    const entities = (
      await t.app.inject({ url: `/api/sites/${site.id}/entities`, headers: bearer(token) })
    ).json();
    expect(entities.map((e: { name: string }) => e.name)).toEqual(['Pump house']);
  });
});
