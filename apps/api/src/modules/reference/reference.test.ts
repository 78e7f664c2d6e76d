import { createMember, createOrganisation } from '@verdant/db/factories';
import { seedReferenceData } from '@verdant/db/reference-seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedReferenceData(t.db)).toEqual({ seeded: true });
  expect(await seedReferenceData(t.db)).toEqual({ seeded: false });
  const org = await createOrganisation(t.db);
  await createMember(t.db, org.id, { loginId: 'reader', accessId: 4 });
  token = await t.login('reader');
});
afterAll(() => t.close());

describe('reference lookups', () => {
  it('answers each list in order as lookup items', async () => {
    const regions = (await t.app.inject({ url: '/api/lookups/regions', headers: bearer(token) })).json();
    expect(regions[0]).toEqual({ Id: 1, Descr: 'Northland', Order: 1, Detail: null });
    expect(regions.map((r: { Descr: string }) => r.Descr)).toContain('Wellington');
    const financial = (
      await t.app.inject({ url: '/api/lookups/financial-reporting', headers: bearer(token) })
    ).json();
    expect(financial.map((r: { Id: number }) => r.Id)).toEqual([1, 2]);
    const descriptors = (
      await t.app.inject({ url: '/api/lookups/entity-descriptors', headers: bearer(token) })
    ).json();
    expect(descriptors.find((d: { Descr: string }) => d.Descr === 'Swimming pool')).toMatchObject({
      Detail: '8',
    });
  });

  it('answers the indicators with their units', async () => {
    const list = (await t.app.inject({ url: '/api/lookups/indicators', headers: bearer(token) })).json();
    expect(list[0]).toEqual({
      id: 1,
      description: 'Gross floor area',
      unit: 'm2',
      variable: false,
      appliesTo: 'both',
    });
  });

  it('needs a signed-in caller', async () => {
    expect((await t.app.inject({ url: '/api/lookups/regions' })).statusCode).toBe(401);
  });
});
