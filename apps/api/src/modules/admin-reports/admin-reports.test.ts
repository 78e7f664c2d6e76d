import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/* Depot supply: January actual, February and March estimated. Yard lights: April estimated, May actual. */
let t: TestApp;
let org: { id: number };
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-06-20T10:00:00Z') });
  const db = t.db;
  org = await createOrganisation(db, { name: 'Reports Org' });
  const other = await createOrganisation(db, { name: 'Other Reports Org' });
  const electricity = await createDataType(db, { name: 'Electricity reports' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId, meterOpen: '2020-01-01' };
  const site = await createSite(db, org.id, { name: 'Depot' });
  const supply = await createMeter(db, site, { localName: 'Depot supply', account: 'ACC-1', ...kwh });
  const yard = await createMeter(db, site, { localName: 'Yard lights', account: 'ACC-2', ...kwh });
  const month = (m: string, estimated: boolean) => ({
    from: `2026-${m}-01`,
    till: `2026-${m}-28`,
    consumption: 100,
    cost: 20,
    estimated,
  });
  await createInvoice(db, supply, month('01', false));
  await createInvoice(db, supply, month('02', true));
  await createInvoice(db, supply, month('03', true));
  await createInvoice(db, yard, month('04', true));
  await createInvoice(db, yard, month('05', false));
  Object.assign(ids, { supply: supply.id });
  await createMember(db, org.id, { loginId: 'r.observer', accessId: 4 });
  const barred = await createMember(db, org.id, { loginId: 'r.barred', accessId: 3 });
  await grantRight(db, {
    userId: barred.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: supply.id,
    rightId: -1,
  });
  await createMember(db, other.id, { loginId: 'r.outsider', accessId: 2, admin: true });
  for (const k of ['r.observer', 'r.barred', 'r.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const get = (who: string, url: string) =>
  t.app.inject({ url: `/api${url}`, headers: bearer(tokens[who] ?? '') });

describe('GET /organisations/{id}/estimated-reads-report', () => {
  it('lists data sources whose latest reads are estimated, since the start of the run', async () => {
    const res = await get('r.observer', `/organisations/${org.id}/estimated-reads-report`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        meterId: ids.supply,
        account: 'ACC-1',
        localName: 'Depot supply',
        estimatesSince: '2026-02-01',
        estimates: 2,
      },
    ]);
  });
  it('leaves out a data source the caller is barred from, and refuses another organisation', async () => {
    expect((await get('r.barred', `/organisations/${org.id}/estimated-reads-report`)).json()).toEqual([]);
    expect((await get('r.outsider', `/organisations/${org.id}/estimated-reads-report`)).statusCode).toBe(403);
    expect((await get('r.observer', '/organisations/abc/estimated-reads-report')).statusCode).toBe(400);
  });
});
