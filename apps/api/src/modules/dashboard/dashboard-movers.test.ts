import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * Top Consumption Increase / Decrease compare like with like (docs/domain.md, "Dashboard figures"): energy meters
 * only, and only months that are whole in both years. Today is 21 November 2026: October 2026 against
 * October 2025.
 *
 *   meter          data type     Oct 2026                         Oct 2025     shown
 *   Main supply    electricity   1200 kWh                         1000 kWh     +20.0%
 *   Boiler gas     gas           900 kWh                          1000 kWh     -10.0%
 *   Yard lighting  electricity   800 kWh, reversed on 20 Nov,     1000 kWh     no: reversed, not rebilled
 *                                not yet billed again
 *   Half month     electricity   400 kWh for 1-15 October         1000 kWh     no: October incomplete
 *   Van distance   distance      3000 km                          1000 km      no: not energy
 *   Site water     water         50 m3                            100 m3       no: not energy
 */

let t: TestApp;
let token = '';
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const db = t.db;
  const org = await createOrganisation(db, { name: 'Movers Org' });
  const electricity = await createDataType(db, { name: 'Movers electricity' });
  const gas = await createDataType(db, { name: 'Movers gas' });
  const distance = await createDataType(db, {
    name: 'Movers distance',
    typeId: 2,
    stdUnit: 'km',
    standardisedUnit: 'distance',
  });
  const water = await createDataType(db, {
    name: 'Movers water',
    typeId: 2,
    stdUnit: 'm3',
    standardisedUnit: 'volume',
  });
  const site = await createSite(db, org.id, { name: 'Works' });
  const meter = (localName: string, type: { id: number; stdUnitId: number }) =>
    createMeter(db, site, { localName, energyId: type.id, unitId: type.stdUnitId });
  const both = async (m: Awaited<ReturnType<typeof meter>>, recent: number, earlier: number) => {
    await createInvoice(db, m, { from: '2025-10-01', till: '2025-10-31', consumption: earlier, cost: 0 });
    return createInvoice(db, m, { from: '2026-10-01', till: '2026-10-31', consumption: recent, cost: 0 });
  };
  const main = await meter('Main supply', electricity);
  await both(main, 1200, 1000);
  const boiler = await meter('Boiler gas', gas);
  await both(boiler, 900, 1000);
  const yard = await meter('Yard lighting', electricity);
  const october = await both(yard, 800, 1000);
  await createInvoice(db, yard, {
    from: '2026-10-01',
    till: '2026-11-20',
    consumption: 0,
    cost: 0,
    kind: 'reversal',
    reverses: [october.id],
  });
  const half = await meter('Half month', electricity);
  await createInvoice(db, half, { from: '2025-10-01', till: '2025-10-31', consumption: 1000, cost: 0 });
  await createInvoice(db, half, { from: '2026-10-01', till: '2026-10-15', consumption: 400, cost: 0 });
  const van = await meter('Van distance', distance);
  await both(van, 3000, 1000);
  const tap = await meter('Site water', water);
  await both(tap, 50, 100);
  Object.assign(ids, { main: main.id, boiler: boiler.id });
  await recomputeFacts(
    db,
    [main, boiler, yard, half, van, tap].map((m) => m.id),
    '2026-11-21',
  );
  await createMember(db, org.id, { loginId: 'mover-watcher', accessId: 4 });
  token = await t.login('mover-watcher');
});
afterAll(() => t.close());

describe('Top Consumption Increase and Decrease', () => {
  it('lists energy meters whose month is whole in both years, and no others', async () => {
    const res = await t.app.inject({ url: '/api/dashboard/gainers-and-losers', headers: bearer(token) });
    expect(res.json()).toEqual({
      month: 10,
      year: 2026,
      gainers: [{ id: ids.main, displayName: 'Main supply (Works)', percentage: 20 }],
      losers: [{ id: ids.boiler, displayName: 'Boiler gas (Works)', percentage: -10 }],
    });
  });

  it('shows the ten largest changes as rounded, a tie to the meter added first, whatever their order before rounding', async () => {
    // Ten places: nine clear increases, then three that all round to 6.0% (5.96, 6.04 and 6.0, added in that order):
    // the tenth is "M tie", the first added (docs/decisions/dashboard.md, Gainers and losers' ties), though "Z tie"
    // rose most and "A tie" comes first by name. A deleted meter with the largest increase is not shown.
    const db = t.db;
    const org = await createOrganisation(db, { name: 'Many movers Org' });
    const power = await createDataType(db, { name: 'Many movers electricity' });
    const site = await createSite(db, org.id, { name: 'Plant' });
    const rises: [string, number][] = [
      ['Gone', 900],
      ...[500, 400, 300, 250, 200, 150, 120, 100, 80].map((r, i): [string, number] => [`Rise ${i + 1}`, r]),
      ['M tie', 59.6],
      ['Z tie', 60.4],
      ['A tie', 60],
      ['Small', 10],
    ];
    const made: Record<string, number> = {};
    for (const [name, rise] of rises) {
      const m = await createMeter(db, site, { localName: name, energyId: power.id, unitId: power.stdUnitId });
      await createInvoice(db, m, { from: '2025-10-01', till: '2025-10-31', consumption: 1000, cost: 0 });
      await createInvoice(db, m, {
        from: '2026-10-01',
        till: '2026-10-31',
        consumption: 1000 + rise,
        cost: 0,
      });
      made[name] = m.id;
    }
    await recomputeFacts(db, Object.values(made), '2026-11-21');
    await db.execute(sql`update meters set deleted_at = now() where id = ${made.Gone}`);
    await createMember(db, org.id, { loginId: 'many-movers-watcher', accessId: 4 });
    const res = await t.app.inject({
      url: '/api/dashboard/gainers-and-losers',
      headers: bearer(await t.login('many-movers-watcher')),
    });
    const shown = (res.json() as { gainers: { displayName: string; percentage: number }[] }).gainers;
    expect(shown.map((g) => [g.displayName, g.percentage])).toEqual([
      ['Rise 1 (Plant)', 50],
      ['Rise 2 (Plant)', 40],
      ['Rise 3 (Plant)', 30],
      ['Rise 4 (Plant)', 25],
      ['Rise 5 (Plant)', 20],
      ['Rise 6 (Plant)', 15],
      ['Rise 7 (Plant)', 12],
      ['Rise 8 (Plant)', 10],
      ['Rise 9 (Plant)', 8],
      ['M tie (Plant)', 6],
    ]);
    expect(res.json().losers).toEqual([]);
  });
});
