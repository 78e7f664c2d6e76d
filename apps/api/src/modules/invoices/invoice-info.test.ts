import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { retailers } from '@verdant/db/schema/retailers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

// GET /invoices/info/{id} (data-portal.md 7).
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-25T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Invoice Info Org' });
  const other = await createOrganisation(t.db, { name: 'Other Info Org' });
  const gas = await createDataType(t.db, { name: 'Gas reads' });
  const site = await createSite(t.db, org.id, { name: 'Depot' });
  const meter = await createMeter(t.db, site, {
    localName: 'Depot gas',
    energyId: gas.id,
    unitId: gas.stdUnitId,
  });
  const second = await createMeter(t.db, site, {
    localName: 'Yard gas',
    energyId: gas.id,
    unitId: gas.stdUnitId,
  });
  const [retailer] = await t.db.insert(retailers).values({ name: 'Reads Energy', type: 'gas' }).returning();
  const month = (m: string, invoiceNumber: string, extra = {}) =>
    createInvoice(t.db, meter, {
      from: `2026-${m}-01`,
      till: `2026-${m}-28`,
      consumption: 1,
      cost: 1,
      invoiceNumber,
      ...extra,
    });
  const july = await month('07', 'R-7');
  // August covers both meters; on the second it has no neighbours.
  const august = await month('08', 'R-8', {
    retailerId: retailer?.id,
    otherMeters: [{ meter: second, consumption: 2 }],
  });
  const september = await month('09', 'R-9');
  const reversal = await month('10', 'R-10-REV', { reverses: [september.id], kind: 'reversal' });
  Object.assign(ids, { meter: meter.id, second: second.id, july: july.id, august: august.id });
  Object.assign(ids, { september: september.id, reversal: reversal.id });
  await createMember(t.db, org.id, { loginId: 'r.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'r.observer', accessId: 4 });
  const barred = await createMember(t.db, org.id, { loginId: 'r.barred', accessId: 3 });
  await grantRight(t.db, {
    userId: barred.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: meter.id,
    rightId: -1,
  });
  await createMember(t.db, other.id, { loginId: 'r.outsider', accessId: 2, admin: true });
  for (const k of ['r.general', 'r.observer', 'r.barred', 'r.outsider']) tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const get = (who: string, url: string) =>
  t.app.inject({ url: `/api${url}`, headers: bearer(tokens[who] ?? '') });

describe('an invoice read by id', () => {
  it('answers its neighbours on the data source, whether it is reversed, its retailer and number', async () => {
    const info = await get('r.observer', `/invoices/info/${ids.august}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      previousId: ids.july,
      nextId: ids.september,
      reversed: false,
      retailer: 'Reads Energy',
      invoiceNumber: 'R-8',
    });
    const september = (await get('r.observer', `/invoices/info/${ids.september}`)).json();
    expect(september).toMatchObject({
      previousId: ids.august,
      nextId: ids.reversal,
      reversed: true,
      retailer: null,
    });
    expect((await get('r.observer', `/invoices/info/${ids.july}`)).json().previousId).toBeNull();
    // On the second data source August stands alone; an invoice not on the one named is not found.
    const onSecond = (await get('r.general', `/invoices/info/${ids.august}?meter=${ids.second}`)).json();
    expect(onSecond).toMatchObject({ previousId: null, nextId: null, invoiceNumber: 'R-8' });
    expect((await get('r.general', `/invoices/info/${ids.july}?meter=${ids.second}`)).statusCode).toBe(404);
    expect((await get('r.general', '/invoices/info/987654')).statusCode).toBe(404);
  });

  it('tells a right barring the meter and another organisation nothing', async () => {
    for (const who of ['r.barred', 'r.outsider']) {
      const res = await get(who, `/invoices/info/${ids.august}`);
      expect(res.statusCode, who).toBe(404);
      expect(res.body).not.toContain('R-8');
      expect(res.body).not.toContain('Reads Energy');
    }
  });
});
