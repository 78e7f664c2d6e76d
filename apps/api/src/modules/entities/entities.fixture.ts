import { createEntity, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { entities } from '@verdant/db/schema/assets';
import { afterAll, beforeAll } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

export let t: TestApp;
export let org: { id: number };
export const ids: Record<string, number> = {};
export const tokens: Record<string, string> = {};

export const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: bearer(tokens[who] ?? ''), payload });

export const pump = (over: object = {}) => ({
  name: 'Intake Pump 1',
  siteId: ids.plant,
  type: 'PUMP',
  facility: 'Intake',
  buildsegId: 4,
  head: '42',
  powerMeterId: ids.power,
  flowMeterId: ids.flow,
  ...over,
});

export const entityCount = async () => (await t.db.select().from(entities)).length;

/** The test app and the world every test of this file set reads, built once per file. */
export function useFixture() {
  beforeAll(async () => {
    t = await createTestApp();
    await seedReferenceData(t.db);
    org = await createOrganisation(t.db, { name: 'Entity Org' });
    const other = await createOrganisation(t.db, { name: 'Other Entity Org' });
    for (const [key, o, orgId] of [
      ['boss', { accessId: 2, admin: true }, org.id],
      ['general', { accessId: 3 }, org.id],
      ['watcher', { accessId: 4 }, org.id],
      ['narrow', { accessId: 3 }, org.id],
      ['outsider', { accessId: 2, admin: true }, other.id],
    ] as const) {
      ids[key] = (await createMember(t.db, orgId, { loginId: `ent-${key}`, ...o })).id;
    }
    const electricity = await createDataType(t.db, { name: 'Grid electricity', grouping: 'Electricity' });
    const water = await createDataType(t.db, { name: 'Town water', grouping: 'Water', stdUnit: 'm3' });
    const plant = await createSite(t.db, org.id, { name: 'Pump Station' });
    const office = await createSite(t.db, org.id, { name: 'Office' });
    const dry = await createSite(t.db, org.id, { name: 'Dry Site' });
    ids.plant = plant.id;
    ids.office = office.id;
    ids.dry = dry.id;
    ids.power = (await createMeter(t.db, plant, { localName: 'Pump Power', energyId: electricity.id })).id;
    ids.flow = (await createMeter(t.db, plant, { localName: 'Pump Flow', energyId: water.id })).id;
    ids.officePower = (
      await createMeter(t.db, office, { localName: 'Office Power', energyId: electricity.id })
    ).id;
    ids.dryPower = (await createMeter(t.db, dry, { localName: 'Dry Power', energyId: electricity.id })).id;
    ids.library = (await createEntity(t.db, office, { name: 'Library', buildsegId: 1, entdescId: 1 })).id;
    ids.closed = (
      await createEntity(t.db, office, {
        name: 'Old Annex',
        buildsegId: 1,
        entdescId: 1,
        entityClose: '2020-01-01',
      })
    ).id;
    ids.works = (await createEntity(t.db, plant, { name: 'Works', entityType: 'WWTP', buildsegId: 4 })).id;
    ids.foreignSite = (await createSite(t.db, other.id, { name: 'Foreign' })).id;
    ids.foreign = (
      await createEntity(t.db, { id: ids.foreignSite, organisationId: other.id }, { name: 'Secret' })
    ).id;
    await grantRight(t.db, {
      userId: ids.narrow ?? 0,
      organisationId: org.id,
      assetType: 'site',
      assetId: office.id,
      rightId: -1,
    });
    for (const k of ['boss', 'general', 'watcher', 'narrow', 'outsider'])
      tokens[k] = await t.login(`ent-${k}`);
  });
  afterAll(() => t.close());
}
