import { createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { meters } from '@verdant/db/schema/assets';
import { nhhRates, ppdRates, touContracts, touRates } from '@verdant/db/schema/rates';
import { MSG } from '@verdant/domain/messages';
import { nhhRateOn, touRateOn } from '@verdant/domain/rates/contracted';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterContractRates, ppdRateFor } from '../../lib/contracted-rates.queries';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Rates Org' });
  const other = await createOrganisation(t.db, { name: 'Other Rates Org' });
  const site = await createSite(t.db, org.id, { name: 'Plant' });
  const electricity = await createDataType(t.db, { name: 'Electricity' });
  const waterType = await createDataType(t.db, { name: 'Water', stdUnit: 'm3', typeId: 2 });
  const meter = await createMeter(t.db, site, {
    localName: 'Plant TOU',
    energyId: electricity.id,
    meterType: 1,
  });
  const flat = await createMeter(t.db, site, {
    localName: 'Plant NHH',
    energyId: electricity.id,
    meterType: 2,
  });
  const water = await createMeter(t.db, site, {
    localName: 'Plant water',
    energyId: waterType.id,
    meterType: 2,
  });
  Object.assign(ids, { org: org.id, other: other.id, meter: meter.id, flat: flat.id, water: water.id });
  await createMember(t.db, org.id, { loginId: 'r.admin', accessId: 2, admin: true });
  await createMember(t.db, org.id, { loginId: 'r.general', accessId: 3 });
  await createMember(t.db, org.id, { loginId: 'r.observer', accessId: 4 });
  const advanced = await createMember(t.db, org.id, { loginId: 'r.advanced', accessId: 4 });
  await grantRight(t.db, {
    userId: advanced.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: meter.id,
    rightId: 3,
  });
  await createMember(t.db, other.id, { loginId: 'r.outsider', accessId: 2, admin: true });
  for (const k of ['r.admin', 'r.general', 'r.observer', 'r.advanced', 'r.outsider'])
    tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object | string) =>
  t.app.inject({
    method,
    url: `/api/organisations/${ids.org}${url}`,
    headers: {
      ...bearer(tokens[who] ?? ''),
      ...(typeof payload === 'string' ? { 'content-type': 'text/csv' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
const rowsOf = async () => (await t.db.select().from(touRates)).length;

describe('TOU contracts and rates', () => {
  it('a general user creates a contract; names are unique whatever the case', async () => {
    const res = await call('r.general', 'POST', '/tou-contracts', { name: 'Main TOU' });
    expect(res.statusCode).toBe(200);
    ids.tou = res.json().id;
    const again = await call('r.admin', 'POST', '/tou-contracts', { name: 'main tou' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.contractExists);
    expect((await call('r.admin', 'POST', '/tou-contracts', { name: '  ' })).json().message).toBe(
      MSG.contractNameRequired,
    );
    const list = await call('r.observer', 'GET', '/tou-contracts');
    expect(list.json()).toMatchObject({
      mayEdit: false,
      contracts: [{ name: 'Main TOU', months: 0, meters: 0 }],
    });
    expect(list.json().timePeriods).toHaveLength(4);
    await t.db
      .update(meters)
      .set({ touContractId: ids.tou })
      .where(eq(meters.id, ids.meter ?? 0));
  });

  it('gives the template of a data source, refusing bad queries', async () => {
    const res = await call(
      'r.observer',
      'GET',
      `/tou-contracts/create-template?meter=${ids.meter}&from=2026-01-01&till=2026-02-28`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Contract,Month,Period,Day type,Rate (c/kWh)');
    expect(lines).toHaveLength(1 + 2 * 4 * 2);
    expect(lines[1]).toBe('Main TOU,2026-01,Night,Weekday,');
    const order = await call(
      'r.observer',
      'GET',
      `/tou-contracts/create-template?meter=${ids.meter}&from=2026-03-01&till=2026-02-01`,
    );
    expect(order.json().message).toBe(MSG.rateDateOrder);
    const noMeter = await call(
      'r.observer',
      'GET',
      '/tou-contracts/create-template?from=2026-01-01&till=2026-02-01',
    );
    expect(noMeter.statusCode).toBe(400);
    expect(JSON.stringify(noMeter.json())).toContain(MSG.ratesMeterRequired);
    const noContract = await call(
      'r.observer',
      'GET',
      `/tou-contracts/create-template?meter=${ids.flat}&from=2026-01-01&till=2026-02-01`,
    );
    expect(noContract.json().message).toBe(MSG.ratesNoContract);
  });

  it('uploads the filled template, then refuses the same months whole', async () => {
    const template = (
      await call(
        'r.admin',
        'GET',
        `/tou-contracts/create-template?meter=${ids.meter}&from=2026-01-01&till=2026-01-31`,
      )
    ).body;
    const filled = template
      .trim()
      .split('\n')
      .map((line, i) => (i === 0 ? line : `${line}${line.includes('Peak') ? '30.5' : '12.25'}`))
      .join('\n');
    const res = await call('r.general', 'POST', '/tou-contracts/upload-rates', filled);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: MSG.ratesUploaded,
      data: { rows: 8, months: ['2026-01'] },
    });
    const again = await call('r.general', 'POST', '/tou-contracts/upload-rates', filled);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.ratesOverwrite);
    expect(JSON.stringify(again.json().fields)).toContain('Row 2: 2026-01 is already stored');
    expect(await rowsOf()).toBe(8);
    const rates = await call('r.observer', 'GET', `/tou-contracts/${ids.tou}/rates`);
    expect(rates.json().rates).toContainEqual({
      month: '2026-01',
      periodId: 3,
      daytypeId: 1,
      contractedRate: 30.5,
    });
  });

  it('refuses a malformed row or an unknown contract naming the row, storing nothing', async () => {
    const header = 'Contract,Month,Period,Day type,Rate (c/kWh)';
    const bad = `${header}\nMain TOU,2026-02,Peak,Weekday,30\nMain TOU,2026-02,Peak,Holiday,30\n`;
    const res = await call('r.admin', 'POST', '/tou-contracts/upload-rates', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Row 3: unknown day type 'Holiday'");
    const unknown = await call(
      'r.admin',
      'POST',
      '/tou-contracts/upload-rates',
      `${header}\nOther,2026-02,Peak,Weekday,30\n`,
    );
    expect(unknown.json().message).toBe("Row 2: no TOU contract called 'Other'");
    expect(await rowsOf()).toBe(8);
  });

  it('adds a month of rates by period and day type, refusing a stored month', async () => {
    const url = `/tou-contracts/${ids.tou}/rates`;
    const rates = [{ month: '2026-02', periodId: 2, daytypeId: 1, contractedRate: 14 }];
    expect((await call('r.admin', 'POST', url, { rates })).statusCode).toBe(200);
    const again = await call('r.admin', 'POST', url, { rates: [{ ...rates[0], periodId: 3 }] });
    expect(again.json().message).toBe(MSG.ratesOverwrite);
  });

  it('refuses observers, asset rights and other organisations', async () => {
    expect((await call('r.observer', 'POST', '/tou-contracts', { name: 'X' })).statusCode).toBe(403);
    expect((await call('r.advanced', 'POST', '/tou-contracts/upload-rates', 'a,b')).statusCode).toBe(403);
    expect((await call('r.outsider', 'GET', '/tou-contracts')).statusCode).toBe(403);
    expect((await call('r.outsider', 'GET', `/tou-contracts/${ids.tou}/rates`)).statusCode).toBe(403);
    const theirs = await t.app.inject({
      url: `/api/organisations/${ids.other}/tou-contracts/${ids.tou}/rates`,
      headers: bearer(tokens['r.outsider'] ?? ''),
    });
    expect(theirs.statusCode).toBe(404);
    expect((await t.db.select().from(touContracts)).length).toBe(1);
  });
});

describe('NHH rates', () => {
  it('adds a rate, refuses an overlap and bad fields, lists them', async () => {
    const rate = { startDate: '2026-01-01', endDate: '2026-06-30', retailRate: 18.5, networkRate: 7.25 };
    const res = await call('r.general', 'POST', '/ntou-contract-rates', rate);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MSG.rateAdded,
      rates: [{ retailRate: 18.5, networkRate: 7.25 }],
    });
    const overlap = await call('r.general', 'POST', '/ntou-contract-rates', {
      ...rate,
      startDate: '2026-06-30',
      endDate: '2026-12-31',
    });
    expect(overlap.json().message).toBe(MSG.rateOverlap);
    const order = await call('r.general', 'POST', '/ntou-contract-rates', {
      ...rate,
      startDate: '2027-02-01',
      endDate: '2027-01-01',
    });
    expect(JSON.stringify(order.json())).toContain(MSG.rateDateOrder);
    const missing = await call('r.general', 'POST', '/ntou-contract-rates', {
      startDate: '2027-01-01',
      endDate: '2027-02-01',
      retailRate: 1,
    });
    expect(missing.statusCode).toBe(400);
    expect((await call('r.observer', 'POST', '/ntou-contract-rates', rate)).statusCode).toBe(403);
    expect((await call('r.outsider', 'GET', '/ntou-contract-rates')).statusCode).toBe(403);
    expect((await t.db.select().from(nhhRates)).length).toBe(1);
  });
});

describe('PPD contracts', () => {
  it('creates a contract and its rates, refusing overlaps', async () => {
    const c = await call('r.admin', 'POST', '/ppd-contracts', { name: 'Prompt 2%' });
    ids.ppd = c.json().id;
    expect((await call('r.admin', 'POST', '/ppd-contracts', { name: 'PROMPT 2%' })).json().message).toBe(
      MSG.contractExists,
    );
    const url = `/ppd-contracts/${ids.ppd}/rates`;
    const res = await call('r.general', 'POST', url, {
      fromDate: '2026-01-01',
      toDate: '2026-12-31',
      rate: 2,
    });
    expect(res.json()).toMatchObject({
      message: MSG.rateAdded,
      rates: [{ rate: 2, ppdContractId: ids.ppd }],
    });
    const overlap = await call('r.general', 'POST', url, {
      fromDate: '2026-12-01',
      toDate: '2027-12-31',
      rate: 3,
    });
    expect(overlap.json().message).toBe(MSG.rateOverlap);
    expect(
      (await call('r.general', 'POST', url, { fromDate: '2027-01-01', toDate: '2027-12-31', rate: 101 }))
        .statusCode,
    ).toBe(400);
    const list = await call('r.observer', 'GET', '/ppd-contracts');
    expect(list.json().contracts).toMatchObject([{ name: 'Prompt 2%', rates: [{ fromDate: '2026-01-01' }] }]);
    expect((await call('r.outsider', 'GET', url)).statusCode).toBe(403);
    expect((await t.db.select().from(ppdRates)).length).toBe(1);
  });
});

describe('meterContractRates', () => {
  it("gives a TOU meter its contract's monthly rates, an electricity meter without one the NHH rates, others none", async () => {
    const org = ids.org ?? 0;
    const [meter, flat, water] = [ids.meter ?? 0, ids.flat ?? 0, ids.water ?? 0];
    const rates = await meterContractRates(t.db, org, [meter, flat, water], '2026-01-01', '2026-03-31');
    const tou = rates.get(meter);
    expect(tou).toMatchObject({ contractId: ids.tou, nhh: [] });
    // 2026-01-14 is a Wednesday (Peak, Weekday); 2026-01-17 a Saturday (Day, Weekend); December is not stored.
    expect(touRateOn(tou?.tou ?? [], '2026-01-14', 3, 1)).toBe(30.5);
    expect(touRateOn(tou?.tou ?? [], '2026-01-17', 2, 2)).toBe(12.25);
    expect(touRateOn(tou?.tou ?? [], '2025-12-17', 2, 1)).toBeNull();
    expect(rates.get(flat)?.tou).toBeNull();
    expect(nhhRateOn(rates.get(flat)?.nhh ?? [], '2026-03-01')).toEqual({
      from: '2026-01-01',
      till: '2026-06-30',
      retailRate: 18.5,
      networkRate: 7.25,
    });
    expect(nhhRateOn(rates.get(flat)?.nhh ?? [], '2026-07-01')).toBeNull();
    expect(rates.get(water)).toEqual({ contractId: null, contractName: null, tou: null, nhh: [] });
    expect((await meterContractRates(t.db, ids.other ?? 0, [meter], '2026-01-01', '2026-03-31')).size).toBe(
      0,
    );
    await t.db.update(meters).set({ ppdContractId: ids.ppd }).where(eq(meters.id, flat));
    expect(await ppdRateFor(t.db, org, flat, '2026-05-05')).toBe(2);
    expect(await ppdRateFor(t.db, org, meter, '2026-05-05')).toBeNull();
  });
});
