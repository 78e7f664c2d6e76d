import { createEntity, createGroup, createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { entities, meters, sites } from '@verdant/db/schema/assets';
import { assetGroupMembers } from '@verdant/db/schema/groups';
import { monthlyFacts } from '@verdant/db/schema/ledger';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { purgeExpired } from './deleted-assets.service';

/*
 * Today is 21 November 2026. Each test archives what it needs through the site and entity calls (as a
 * user would) or, for data sources and old deletions, by setting deleted_at directly.
 */
const NOW = new Date('2026-11-21T10:00:00Z');
let t: TestApp;
let org: { id: number };
let admin: string;
let root: string;
let editor: string;
let editorName: string;

const api = (token: string, method: 'GET' | 'PUT' | 'DELETE', url: string) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(token) });

async function deleteSite(id: number) {
  const res = await t.app.inject({ method: 'DELETE', url: `/api/sites/${id}`, headers: bearer(editor) });
  expect(res.statusCode).toBe(200);
}

async function archive(table: typeof sites | typeof entities | typeof meters, id: number, at: Date) {
  await t.db.update(table).set({ deletedAt: at }).where(eq(table.id, id));
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  org = await createOrganisation(t.db, { name: 'Archive Org' });
  await createUser(t.db, { loginId: 'root', productAdmin: true });
  await createMember(t.db, org.id, { loginId: 'orgadmin', accessId: 2, admin: true });
  const editorUser = await createMember(t.db, org.id, { loginId: 'editor', accessId: 2 });
  editorName = `${editorUser.firstName} ${editorUser.surname}`;
  [root, admin, editor] = await Promise.all([t.login('root'), t.login('orgadmin'), t.login('editor')]);
});

afterAll(async () => {
  await t?.close();
});

describe('deleted assets', () => {
  it('lists archived sites newest first, with who deleted them and when they will be purged', async () => {
    const site = await createSite(t.db, org.id, { name: 'Listed Site' });
    await deleteSite(site.id);
    const res = await api(root, 'GET', '/admin/deleted-assets/sites');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items[0]).toEqual({
      id: site.id,
      organisationId: org.id,
      organisation: 'Archive Org',
      site: 'Listed Site',
      name: 'Listed Site',
      deletedBy: editorName,
      deletedOn: '2026-11-21',
      purgeOn: '2027-02-21',
    });
    expect(body.total).toBeGreaterThanOrEqual(1);
  });

  it('refuses everyone but a product administrator, even an organisation administrator', async () => {
    const site = await createSite(t.db, org.id, { name: 'Guarded Site' });
    await deleteSite(site.id);
    for (const token of [admin, editor]) {
      expect((await api(token, 'GET', '/admin/deleted-assets/sites')).statusCode).toBe(403);
      expect((await api(token, 'PUT', `/admin/deleted-assets/sites/restore/${site.id}`)).statusCode).toBe(
        403,
      );
      expect((await api(token, 'DELETE', `/admin/deleted-assets/sites/purge/${site.id}`)).statusCode).toBe(
        403,
      );
    }
    const [row] = await t.db.select().from(sites).where(eq(sites.id, site.id));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('restores a site with the entities archived with it, not those deleted before', async () => {
    const site = await createSite(t.db, org.id, { name: 'Restored Site' });
    const kept = await createEntity(t.db, site, { name: 'Boiler house' });
    const earlier = await createEntity(t.db, site, { name: 'Old shed' });
    await archive(entities, earlier.id, new Date('2026-11-01T00:00:00Z'));
    await deleteSite(site.id);

    const listed = (await api(root, 'GET', '/admin/deleted-assets/entities')).json();
    expect(listed.items.find((i: { id: number }) => i.id === kept.id)).toMatchObject({
      name: 'Boiler house',
      site: 'Restored Site',
      organisation: 'Archive Org',
    });

    const res = await api(root, 'PUT', `/admin/deleted-assets/sites/restore/${site.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Restored Site restored' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/sites/${site.id}`, headers: bearer(editor) }))
        .statusCode,
    ).toBe(200);
    const rows = await t.db.select().from(entities).where(eq(entities.siteId, site.id));
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName['Boiler house']?.deletedAt).toBeNull();
    expect(byName['Boiler house']?.deletedBy).toBeNull();
    expect(byName['Old shed']?.deletedAt).not.toBeNull();
  });

  it('refuses to restore a site whose name a live site now uses, and changes nothing', async () => {
    const site = await createSite(t.db, org.id, { name: 'Twin' });
    await deleteSite(site.id);
    await createSite(t.db, org.id, { name: 'twin' });
    const res = await api(root, 'PUT', `/admin/deleted-assets/sites/restore/${site.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'A site named Twin already exists in Archive Org; rename it before restoring this one.',
    );
    const [row] = await t.db.select().from(sites).where(eq(sites.id, site.id));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('refuses to restore an entity of a deleted site; answers 404 for a live or unknown asset', async () => {
    const site = await createSite(t.db, org.id, { name: 'Gone Site' });
    const entity = await createEntity(t.db, site, { name: 'Orphan' });
    await deleteSite(site.id);
    const res = await api(root, 'PUT', `/admin/deleted-assets/entities/restore/${entity.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Its site Gone Site is deleted; restore the site first.');
    const live = await createSite(t.db, org.id, { name: 'Live Site' });
    expect((await api(root, 'PUT', `/admin/deleted-assets/sites/restore/${live.id}`)).statusCode).toBe(404);
    expect((await api(root, 'DELETE', '/admin/deleted-assets/sites/purge/999999')).statusCode).toBe(404);
    expect((await api(root, 'GET', '/admin/deleted-assets/lorries')).statusCode).toBe(400);
  });

  it('restores a data source and rebuilds its facts', async () => {
    const electricity = await createDataType(t.db, { name: 'Restore Electricity' });
    const site = await createSite(t.db, org.id, { name: 'Metered Site' });
    const meter = await createMeter(t.db, site, {
      localName: 'Main supply',
      energyId: electricity.id,
      unitId: electricity.stdUnitId,
    });
    await createInvoice(t.db, meter, { from: '2026-10-01', till: '2026-10-31', consumption: 100, cost: 20 });
    await archive(meters, meter.id, new Date('2026-11-20T00:00:00Z'));
    await recomputeFacts(t.db, [meter.id], '2026-11-21');
    const facts = () => t.db.select().from(monthlyFacts).where(eq(monthlyFacts.meterId, meter.id));
    expect(await facts()).toHaveLength(0);

    const listed = (await api(root, 'GET', '/admin/deleted-assets/data-sources')).json();
    expect(listed.items[0]).toMatchObject({
      id: meter.id,
      name: 'Main supply',
      site: 'Metered Site',
      deletedBy: null,
    });
    const res = await api(root, 'PUT', `/admin/deleted-assets/data-sources/restore/${meter.id}`);
    expect(res.json()).toEqual({ success: true, message: 'Main supply restored' });
    expect((await facts()).length).toBeGreaterThan(0);
  });

  it('purges a site with its archived entities and loose references; refuses one with live assets', async () => {
    const busy = await createSite(t.db, org.id, { name: 'Busy Site' });
    await createEntity(t.db, busy, { name: 'Still here' });
    await archive(sites, busy.id, NOW);
    const refused = await api(root, 'DELETE', `/admin/deleted-assets/sites/purge/${busy.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This site still has live data sources or entities; delete or move them first.',
    );

    const site = await createSite(t.db, org.id, { name: 'Purged Site' });
    const entity = await createEntity(t.db, site, { name: 'Purged entity' });
    const group = await createGroup(t.db, org.id, 'site', 'Purge group', [site.id]);
    await deleteSite(site.id);
    const res = await api(root, 'DELETE', `/admin/deleted-assets/sites/purge/${site.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Purged Site purged' });
    expect(await t.db.select().from(sites).where(eq(sites.id, site.id))).toHaveLength(0);
    expect(await t.db.select().from(entities).where(eq(entities.id, entity.id))).toHaveLength(0);
    expect(
      await t.db.select().from(assetGroupMembers).where(eq(assetGroupMembers.groupId, group.id)),
    ).toHaveLength(0);
    const listed = (await api(root, 'GET', '/admin/deleted-assets/sites')).json();
    expect(listed.items.some((i: { id: number }) => i.id === site.id)).toBe(false);
  });
});

describe('purgeExpired', () => {
  it('removes only what was archived more than three months ago', async () => {
    const sweepOrg = await createOrganisation(t.db, { name: 'Sweep Org' });
    const old = await createSite(t.db, sweepOrg.id, { name: 'Old' });
    const oldEntity = await createEntity(t.db, old, { name: 'Old entity' });
    const recent = await createSite(t.db, sweepOrg.id, { name: 'Recent' });
    const live = await createSite(t.db, sweepOrg.id, { name: 'Live' });
    const oldMeter = await createMeter(t.db, live, { localName: 'Old meter' });
    const recentMeter = await createMeter(t.db, live, { localName: 'Recent meter' });
    const longAgo = new Date('2026-08-20T10:00:00Z');
    const justInside = new Date('2026-08-22T10:00:00Z');
    await archive(sites, old.id, longAgo);
    await archive(entities, oldEntity.id, longAgo);
    await archive(meters, oldMeter.id, longAgo);
    await archive(sites, recent.id, justInside);
    await archive(meters, recentMeter.id, justInside);

    expect(await purgeExpired(t.db, NOW)).toEqual({ sites: 1, dataSources: 1, entities: 1 });
    const siteIds = (
      await t.db
        .select({ id: sites.id })
        .from(sites)
        .where(inArray(sites.id, [old.id, recent.id, live.id]))
    ).map((r) => r.id);
    expect(siteIds.sort()).toEqual([recent.id, live.id].sort());
    const meterIds = (
      await t.db
        .select({ id: meters.id })
        .from(meters)
        .where(inArray(meters.id, [oldMeter.id, recentMeter.id]))
    ).map((r) => r.id);
    expect(meterIds).toEqual([recentMeter.id]);
    expect(await purgeExpired(t.db, NOW)).toEqual({ sites: 0, dataSources: 0, entities: 0 });
  });
});
