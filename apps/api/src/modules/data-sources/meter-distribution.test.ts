import { createEntity, createMeter, createSite, grantRight } from '@verdant/db/asset-factories';
import { createDataType, createFactor, createFactorSource } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { meterEntityShares } from '@verdant/db/schema/assets';
import { auditEvents } from '@verdant/db/schema/audit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Worked by hand. Today is 21 November 2026: the last complete month is October 2026. Electricity 0.1 kg/kWh.
 *
 *   meter          Sep 2026           Oct 2026
 *   Hall supply    600 kWh  $120.00   1000 kWh  $200.00
 *   Annex supply   -                  400 kWh   $100.00
 *
 * Hall supply shares from its first month: Library 60 %, Gym 40 %; from October 2026: Library 50 % only
 * (the Gym stops at 0). Annex supply: Library 25 % from its first month. Pool: no share.
 *
 *   Library  Sep: 600 x 0.6 = 360 kWh, $72.00, 36 kg
 *            Oct: 1000 x 0.5 + 400 x 0.25 = 600 kWh, $100.00 + $25.00 = $125.00, 60 kg
 *   Gym      Sep: 600 x 0.4 = 240 kWh, $48.00; Oct: 0
 *   Pool     not distributed (no figure at all)
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  const org = await createOrganisation(db, { name: 'Distribution Org' });
  const other = await createOrganisation(db, { name: 'Other Distribution Org' });
  const source = await createFactorSource(db);
  const electricity = await createDataType(db, { name: 'Electricity distribution' });
  await createFactor(db, {
    dataTypeId: electricity.id,
    sourceId: source.id,
    scope: 2,
    rate: 0.1,
    startDate: '2020-01-01',
  });
  const campus = await createSite(db, org.id, { name: 'Campus' });
  const kwh = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const hall = await createMeter(db, campus, { localName: 'Hall supply', ...kwh });
  const annex = await createMeter(db, campus, { localName: 'Annex supply', ...kwh });
  await createInvoice(db, hall, { from: '2026-09-01', till: '2026-09-30', consumption: 600, cost: 120 });
  await createInvoice(db, hall, { from: '2026-10-01', till: '2026-10-31', consumption: 1000, cost: 200 });
  await createInvoice(db, annex, { from: '2026-10-01', till: '2026-10-31', consumption: 400, cost: 100 });
  await recomputeFacts(db, [hall.id, annex.id], '2026-11-21');
  const library = await createEntity(db, campus, { name: 'Library' });
  const gym = await createEntity(db, campus, { name: 'Gym' });
  const pool = await createEntity(db, campus, { name: 'Pool' });
  const elsewhere = await createEntity(db, await createSite(db, other.id), { name: 'Not ours' });
  Object.assign(ids, {
    org: org.id,
    hall: hall.id,
    annex: annex.id,
    library: library.id,
    gym: gym.id,
    pool: pool.id,
    elsewhere: elsewhere.id,
  });
  await createMember(db, org.id, { loginId: 'd.admin', accessId: 2, admin: true });
  await createMember(db, org.id, { loginId: 'd.general', accessId: 3 });
  await createMember(db, org.id, { loginId: 'd.observer', accessId: 4 });
  const advanced = await createMember(db, org.id, { loginId: 'd.advanced', accessId: 4 });
  await grantRight(db, {
    userId: advanced.id,
    organisationId: org.id,
    assetType: 'meter',
    assetId: annex.id,
    rightId: 3,
  });
  await createMember(db, other.id, { loginId: 'd.outsider', accessId: 2, admin: true });
  for (const k of ['d.admin', 'd.general', 'd.observer', 'd.advanced', 'd.outsider'])
    tokens[k] = await t.login(k);
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(tokens[who] ?? ''),
    ...(payload ? { payload } : {}),
  });
const at = (meter: number | undefined) => `/meters/${meter}/energy-distribution`;
const shareCount = async () => (await t.db.select().from(meterEntityShares)).length;

describe('meter distribution', () => {
  it("lists the site's entities at 0 before any share", async () => {
    const res = (await call('d.observer', 'GET', at(ids.hall))).json();
    expect(res).toMatchObject({ name: 'Hall supply', validFrom: null, mayEdit: false, periods: [] });
    expect(
      res.entities.map((e: { entityName: string; percCons: number }) => [e.entityName, e.percCons]),
    ).toEqual([
      ['Gym', 0],
      ['Library', 0],
      ['Pool', 0],
    ]);
  });

  it('editors set shares; the entity pages and the entity list show the distributed figures', async () => {
    const first = await call('d.general', 'PUT', at(ids.hall), {
      entities: [
        { entityId: ids.library, percCons: 60, percNote: 50 },
        { entityId: ids.gym, percCons: 40, percNote: 50 },
        { entityId: ids.pool, percCons: 0, percNote: 0 },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().periods).toHaveLength(1);
    expect(
      (await call('d.admin', 'PUT', at(ids.annex), { entities: [{ entityId: ids.library, percCons: 25 }] }))
        .statusCode,
    ).toBe(200);
    const later = await call('d.general', 'PUT', at(ids.hall), {
      validFrom: '2026-10-01',
      entities: [{ entityId: ids.library, percCons: 50, percNote: 100 }],
    });
    expect(later.statusCode).toBe(200);
    const now = later.json();
    expect(now.validFrom).toBe('2026-10-01');
    expect(
      now.entities.map((e: { entityName: string; percCons: number; percNote: number }) => [
        e.entityName,
        e.percCons,
        e.percNote,
      ]),
    ).toEqual([
      ['Gym', 0, 0],
      ['Library', 50, 100],
      ['Pool', 0, 0],
    ]);
    expect(now.periods.map((p: { validFrom: string | null }) => p.validFrom)).toEqual(['2026-10-01', null]);

    const library = (await call('d.observer', 'GET', `/entities/${ids.library}/figures`)).json();
    expect(library.lastCompleteMonth).toBe('2026-10');
    const month = (m: string) => library.months.find((r: { month: string }) => r.month === m);
    expect(month('2026-10')).toMatchObject({ cons: 600, cost: 125, co2e: 60 });
    expect(month('2026-09')).toMatchObject({ cons: 360, cost: 72, co2e: 36 });
    expect(month('2026-08')).toMatchObject({ cons: 0, cost: 0 });
    expect(
      library.meters.map((m: { meterName: string; percCons: number }) => [m.meterName, m.percCons]),
    ).toEqual([
      ['Annex supply', 25],
      ['Hall supply', 50],
    ]);
    const gym = (await call('d.observer', 'GET', `/entities/${ids.gym}/figures`)).json();
    expect(gym.months.find((r: { month: string }) => r.month === '2026-09')).toMatchObject({
      cons: 240,
      cost: 48,
    });
    expect(gym.months.find((r: { month: string }) => r.month === '2026-10').cons).toBe(0);
    expect(gym.meters).toEqual([]);

    const list = (
      await call('d.observer', 'GET', `/organisations/${ids.org}/entities?sort=consumption&dir=desc`)
    ).json();
    expect(list.month).toBe('2026-10');
    expect(
      list.entities.map((e: { name: string; consumption: number | null }) => [e.name, e.consumption]),
    ).toEqual([
      ['Library', 600],
      ['Gym', 0],
      ['Pool', null],
    ]);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.assetId, ids.hall ?? 0));
    expect(audits.at(-1)?.changes).toMatchObject({
      distribution: { before: ['Gym: 40% / 50%', 'Library: 60% / 50%'], after: ['Library: 50% / 100%'] },
    });
  });

  it('a share from the first month again replaces every earlier distribution', async () => {
    await call('d.admin', 'PUT', at(ids.hall), { entities: [{ entityId: ids.gym, percCons: 100 }] });
    const gym = (await call('d.admin', 'GET', `/entities/${ids.gym}/figures`)).json();
    expect(gym.months.find((r: { month: string }) => r.month === '2026-10').cons).toBe(1000);
    await call('d.admin', 'PUT', at(ids.hall), {
      entities: [
        { entityId: ids.library, percCons: 50, percNote: 100 },
        { entityId: ids.gym, percCons: 0 },
      ],
      validFrom: '2026-10-01',
    });
    await call('d.admin', 'PUT', at(ids.hall), {
      entities: [
        { entityId: ids.library, percCons: 60, percNote: 50 },
        { entityId: ids.gym, percCons: 40, percNote: 50 },
      ],
    });
    expect((await call('d.admin', 'GET', at(ids.hall))).json().periods).toHaveLength(1);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const before = await shareCount();
    const bad: [object, string][] = [
      [
        {
          entities: [
            { entityId: ids.library, percCons: 60 },
            { entityId: ids.gym, percCons: 40.0001 },
          ],
        },
        'The percentages of consumption add up to more than 100',
      ],
      [
        {
          entities: [
            { entityId: ids.library, percCons: 10, percNote: 70 },
            { entityId: ids.gym, percCons: 10, percNote: 31 },
          ],
        },
        'The percentages of note add up to more than 100',
      ],
      [{ entities: [{ entityId: ids.library, percCons: 101 }] }, 'Enter a percentage between 0 and 100'],
      [{ entities: [{ entityId: ids.library, percCons: -1 }] }, 'Enter a percentage between 0 and 100'],
      [{ entities: [{ entityId: ids.library, percCons: 1e308 }] }, 'Enter a percentage between 0 and 100'],
      [{ entities: [{ entityId: ids.library, percCons: 10.12345 }] }, 'Enter at most 4 decimals'],
      [
        {
          entities: [
            { entityId: ids.library, percCons: 10 },
            { entityId: ids.library, percCons: 10 },
          ],
        },
        'An entity is listed twice',
      ],
      [{ entities: [{ entityId: ids.elsewhere, percCons: 10 }] }, 'Choose entities of this organisation'],
      [
        { entities: [{ entityId: 99999999999, percCons: 10 }] },
        'Enter a whole number between -2147483648 and 2147483647',
      ],
      [{ entities: [], validFrom: '2026-10-15' }, 'A distribution starts on the first day of a month'],
      [{ entities: [], validFrom: '2026-10-01\u0000' }, 'Text cannot contain a NUL character'],
    ];
    for (const [payload, message] of bad) {
      const res = await call('d.admin', 'PUT', at(ids.hall), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await shareCount()).toBe(before);
  });

  it('observers read; an advanced right on one meter edits that meter only; outsiders learn nothing', async () => {
    const payload = { entities: [{ entityId: ids.library, percCons: 10 }] };
    expect((await call('d.observer', 'PUT', at(ids.hall), payload)).statusCode).toBe(403);
    expect((await call('d.advanced', 'PUT', at(ids.hall), payload)).statusCode).toBe(403);
    expect((await call('d.advanced', 'PUT', at(ids.annex), payload)).statusCode).toBe(200);
    const before = await shareCount();
    for (const res of [
      await call('d.outsider', 'GET', at(ids.hall)),
      await call('d.outsider', 'PUT', at(ids.hall), payload),
      await call('d.outsider', 'GET', `/entities/${ids.library}/figures`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Library');
    }
    expect(await shareCount()).toBe(before);
  });
});
