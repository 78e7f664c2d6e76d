import { INSTRUMENT_MESSAGES as M } from '@verdant/contracts/scope2-instruments';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Electricity: 0.1 kg CO2e/kWh grid average, residual mix 0.12 from 2025. March 2025: supply A 3100 kWh,
 * supply B 6200 kWh, both from retailer Volt. Market-based with the residual mix: 9300 x 0.12 = 1116 kg.
 * - 1.55 MWh of certificates at 0 on A cover half of A's March: 1550 x 0.12 + 6200 x 0.12 = 930 kg.
 * - Volt's supplier-specific 0.04 then prices what certificates leave: 1550 x 0.04 + 6200 x 0.04 = 310 kg.
 * Location-based stays 930 kg throughout.
 */
let t: TestApp;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  const org = await createOrganisation(db, { name: 'Market Org' });
  const other = await createOrganisation(db, { name: 'Other Market Org' });
  const source = await createFactorSource(db);
  const electricity = await createDataType(db, { name: 'Electricity', grouping: 'Electricity' });
  const gas = await createDataType(db, { name: 'Gas', grouping: 'Natural gas' });
  await createFactor(db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 2,
    rate: 0.1,
    startDate: '2020-01-01',
  });
  await createFactor(db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 2,
    rate: 0.12,
    startDate: '2025-01-01',
    scope2Basis: 'residual-mix',
  });
  await createFactor(db, {
    dataTypeId: gas.id,
    sourceId: source.id,
    scope: 1,
    rate: 0.2,
    startDate: '2020-01-01',
  });
  const [volt, water] = (
    await db.execute<{ id: number }>(sql`insert into retailers (name, type) values
      ('Volt Test Energy', 'Electricity'), ('Test Water Co', 'Water') returning id`)
  ).rows;
  const site = await createSite(db, org.id, { name: 'Depot' });
  const common = {
    meterOpen: '2024-01-01',
    retailerId: volt?.id,
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
  };
  const a = await createMeter(db, site, { ...common, localName: 'Supply A' });
  const b = await createMeter(db, site, { ...common, localName: 'Supply B' });
  const g = await createMeter(db, site, { localName: 'Gas', energyId: gas.id, unitId: gas.stdUnitId });
  const theirSite = await createSite(db, other.id, { name: 'Theirs' });
  const theirs = await createMeter(db, theirSite, { ...common, localName: 'Their supply' });
  await createInvoice(db, a, { from: '2025-03-01', till: '2025-03-31', consumption: 3100, cost: 1 });
  await createInvoice(db, b, { from: '2025-03-01', till: '2025-03-31', consumption: 6200, cost: 1 });
  await recomputeFacts(db, [a.id, b.id], '2026-11-21');
  Object.assign(ids, {
    org: org.id,
    a: a.id,
    b: b.id,
    gas: g.id,
    theirs: theirs.id,
    volt: volt?.id ?? 0,
    water: water?.id ?? 0,
  });
  await createMember(db, org.id, { loginId: 'm.admin', accessId: 2, admin: true });
  await createMember(db, org.id, { loginId: 'm.general', accessId: 3 });
  await createMember(db, org.id, { loginId: 'm.observer', accessId: 4 });
  await createMember(db, other.id, { loginId: 'm.outsider', accessId: 2, admin: true });
  for (const k of ['m.admin', 'm.general', 'm.observer', 'm.outsider']) tokens[k] = await t.login(k);
});
afterAll(async () => {
  await t.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload ? { payload } : {}),
  });
const base = () => `/organisations/${ids.org}/scope2-instruments`;
const market = async () => {
  const res = await call('m.observer', 'GET', '/charts/co2e-scope-activity?from=2025-03&to=2025-03');
  const chart = res.json();
  return { location: chart.totals.scope2, market: chart.totals.scope2Market, kwh: chart.totals.market };
};
const certificates = () => ({
  kind: 'certificates',
  meterId: ids.a,
  dateFrom: '2025-03-01',
  dateTill: '2025-03-31',
  mwh: 1.55,
  rate: 0,
  reference: 'NZ-EC 2025-0001',
});
const stored = async () =>
  JSON.stringify((await t.db.execute(sql`select * from scope2_instruments order by id`)).rows);

describe('market-based scope 2 instruments', () => {
  it('prices electricity at the residual mix until the organisation holds instruments', async () => {
    expect(await market()).toEqual({
      location: 930,
      market: 1116,
      kwh: { certificateKwh: 0, supplierKwh: 0, residualKwh: 9300, gridKwh: 0 },
    });
  });

  it('records certificates and recomputes the meter in the same request', async () => {
    const res = await call('m.admin', 'POST', base(), certificates());
    expect(res.statusCode).toBe(200);
    ids.certificate = res.json().id;
    expect(res.json()).toMatchObject({
      kind: 'certificates',
      meter: { id: ids.a, name: 'Supply A', site: 'Depot' },
      mwh: 1.55,
      rate: 0,
      reference: 'NZ-EC 2025-0001',
    });
    expect(await market()).toEqual({
      location: 930,
      market: 930,
      kwh: { certificateKwh: 1550, supplierKwh: 0, residualKwh: 7750, gridKwh: 0 },
    });
    const [event] = (
      await t.db.execute<{ action: string; asset_type: string }>(
        sql`select action, asset_type from audit_events where asset_type = 'scope2-instrument'`,
      )
    ).rows;
    expect(event).toEqual({ action: 'create', asset_type: 'scope2-instrument' });
  });

  it("marks a retailer's meters for the recompute job when a supplier factor is recorded", async () => {
    const res = await call('m.admin', 'POST', base(), {
      kind: 'supplier-factor',
      retailerId: ids.volt,
      dateFrom: '2025-01-01',
      dateTill: '2025-12-31',
      rate: 0.04,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().retailer).toEqual({ id: ids.volt, name: 'Volt Test Energy' });
    const pending = await t.db.execute<{ meter_id: number }>(
      sql`select meter_id from ledger_pending order by meter_id`,
    );
    expect(pending.rows.map((r) => r.meter_id)).toEqual([ids.a, ids.b]);
    // While they wait, the charts leave them out and say so.
    const waiting = (
      await call('m.admin', 'GET', '/charts/co2e-scope-activity?from=2025-03&to=2025-03')
    ).json();
    expect(waiting.pending).toBe(2);
    await recomputeFacts(t.db, [ids.a ?? 0, ids.b ?? 0]);
    expect(await market()).toEqual({
      location: 930,
      market: 310,
      kwh: { certificateKwh: 1550, supplierKwh: 7750, residualKwh: 0, gridKwh: 0 },
    });
  });

  it('lists the instruments and the choices (observer reads, may not edit)', async () => {
    const res = await call('m.observer', 'GET', base());
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.mayEdit).toBe(false);
    expect(list.instruments.map((i: { kind: string }) => i.kind).sort()).toEqual([
      'certificates',
      'supplier-factor',
    ]);
    expect(list.meters.map((m: { name: string }) => m.name)).toEqual(['Supply A', 'Supply B']);
    expect(list.retailers.map((r: { name: string }) => r.name)).toContain('Volt Test Energy');
    expect(list.retailers.map((r: { name: string }) => r.name)).not.toContain('Test Water Co');
    expect((await call('m.admin', 'GET', base())).json().mayEdit).toBe(true);
  });

  it('moves certificates to another meter and recomputes both', async () => {
    const res = await call('m.admin', 'PUT', `${base()}/${ids.certificate}`, {
      ...certificates(),
      meterId: ids.b,
    });
    expect(res.statusCode).toBe(200);
    // Now B: 1550 of its 6200 kWh covered; A and the rest of B at Volt's 0.04: (3100 + 4650) x 0.04 = 310.
    expect((await market()).kwh.certificateKwh).toBe(1550);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = await stored();
    const refused = async (body: object, message: string) => {
      const res = await call('m.admin', 'POST', base(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    };
    await refused({ ...certificates(), mwh: null }, M.mwh);
    await refused({ ...certificates(), mwh: 0 }, M.mwh);
    await refused({ ...certificates(), rate: -1 }, M.rate);
    await refused({ ...certificates(), rate: 11 }, M.rate);
    await refused({ ...certificates(), dateFrom: '2025-04-01' }, M.dates);
    await refused({ ...certificates(), dateTill: '2025-02-30' }, 'Enter a real date');
    await refused({ ...certificates(), meterId: ids.gas }, M.meter);
    await refused({ ...certificates(), meterId: ids.theirs }, M.meter);
    await refused({ ...certificates(), reference: 'x\u0000y' }, 'NUL');
    const supplier = { kind: 'supplier-factor', dateFrom: '2025-01-01', dateTill: '2025-12-31', rate: 0.1 };
    await refused(supplier, M.target);
    await refused({ ...supplier, retailerId: ids.volt, meterId: ids.a }, M.target);
    await refused({ ...supplier, retailerId: ids.water }, M.retailer);
    expect(await stored()).toBe(before);
  });

  it('lets only administrators of the organisation write, and tells outsiders nothing', async () => {
    const before = await stored();
    for (const who of ['m.general', 'm.observer']) {
      expect((await call(who, 'POST', base(), certificates())).statusCode).toBe(403);
      expect((await call(who, 'DELETE', `${base()}/${ids.certificate}`)).statusCode).toBe(403);
    }
    const read = await call('m.outsider', 'GET', base());
    expect([403, 404]).toContain(read.statusCode);
    expect(read.body).not.toContain('Supply A');
    expect([403, 404]).toContain((await call('m.outsider', 'POST', base(), certificates())).statusCode);
    expect([403, 404]).toContain(
      (await call('m.outsider', 'PUT', `${base()}/${ids.certificate}`, certificates())).statusCode,
    );
    // Their own organisation does not hold our instrument.
    const theirs = `/organisations/${ids.theirs}/scope2-instruments/${ids.certificate}`;
    expect((await call('m.outsider', 'DELETE', theirs)).statusCode).not.toBe(200);
    expect(await stored()).toBe(before);
  });

  it('removes an instrument and the figures follow', async () => {
    const res = await call('m.admin', 'DELETE', `${base()}/${ids.certificate}`);
    expect(res.statusCode).toBe(200);
    expect(await market()).toEqual({
      location: 930,
      market: 372,
      kwh: { certificateKwh: 0, supplierKwh: 9300, residualKwh: 0, gridKwh: 0 },
    });
    expect((await call('m.admin', 'DELETE', `${base()}/${ids.certificate}`)).statusCode).toBe(404);
  });
});
