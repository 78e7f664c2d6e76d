import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createFuelPurchase, createInvoice } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answered,
  type EditionsWorld,
  editionNames,
  editionsWorld,
  gridOrganisation,
  refusedToOther,
} from '../../testing/editions-fixture';

/**
 * The organisation overview's top-site charts name the editions of exactly the sites they draw
 * (docs/decisions/factor-editions.md, What names its editions), worked by hand from the seeded catalogue; today
 * is 15 January 2025, the month June 2024:
 *
 * - Depot: a diesel card buying 80 L. Diesel until 2025 is MfE 2025's alone (2.680680605 kg CO2e a litre,
 *   scope 1): 80 x 2.680680605 = 214.4544484 kg CO2e, drawn as 214 (scope 1 214, scopes 2 and 3 0).
 * - Office: a grid electricity meter invoiced 0 kWh. Its facts are produced by MfE 2025 (the grid factor) and
 *   MfE 2026 (the T&D losses from 2024), but 0 x either factor is 0 kg CO2e, so no chart draws the Office.
 *
 * Both charts draw the Depot alone and name MfE 2025 alone; the month over every meter would name MfE 2026 too.
 */

let w: EditionsWorld;
let orgId = 0;
let officeMeterId = 0;

beforeAll(async () => {
  w = await editionsWorld({ clock: () => new Date('2025-01-15T00:00:00Z') });
  orgId = (await gridOrganisation(w, 'Overview Editions Org', 'admin', [])).id;
  await gridOrganisation(w, 'Other Org', 'other', []);
  const units = await w.t.db.execute<{ id: number; name: string }>(
    sql`select id, name from units where (data_type_id = 4 and name = 'litres') or (data_type_id = 13 and name = 'kWh')`,
  );
  const unit = (name: string) => units.rows.find((u) => u.name === name)?.id;
  const depot = await createSite(w.t.db, orgId, { name: 'Depot' });
  const card = await createMeter(w.t.db, depot, {
    localName: 'DIESEL CARD',
    meterType: 7,
    energyId: 4,
    unitId: unit('litres'),
    meterOpen: '2024-01-01',
  });
  await createFuelPurchase(w.t.db, card, { date: '2024-06-05', quantity: 50, cost: 110 });
  await createFuelPurchase(w.t.db, card, { date: '2024-06-20', quantity: 30, cost: 66 });
  const office = await createSite(w.t.db, orgId, { name: 'Office' });
  const grid = await createMeter(w.t.db, office, { energyId: 13, unitId: unit('kWh') });
  officeMeterId = grid.id;
  await createInvoice(w.t.db, grid, { from: '2024-06-01', till: '2024-06-30', consumption: 0, cost: 0 });
  await recomputeFacts(w.t.db, [card.id, grid.id]);
});
afterAll(() => w.t.close());

describe('the overview names the editions of the sites its top-site charts draw', () => {
  it("the Office's zero month counts its editions in the month, so the month's would name MfE 2026", async () => {
    const versions = await w.t.db.execute<{ name: string }>(sql`
      select distinct e.name from monthly_facts f cross join lateral unnest(f.factor_versions) as v(id)
      join emission_factor_versions fv on fv.id = v.id join emission_factors ef on ef.id = fv.factor_id
      join emission_factor_editions e on e.id = ef.edition_id
      where f.organisation_id = ${orgId} and f.meter_id = ${officeMeterId} and f.month = '2024-06-01'
      order by 1`);
    expect(versions.rows.map((r) => r.name)).toContain('MfE 2026');
  });

  it('the highest emitters draw the Depot alone and name MfE 2025 alone', async () => {
    const list = await answered(w, 'admin', `/organisations/${orgId}/emissions-list/202406`);
    expect(list.sites).toEqual([
      { siteId: expect.any(Number), siteName: 'Depot', scope1: 214, scope2: 0, scope3: 0, total: 214 },
    ]);
    expect(editionNames(list.editions)).toEqual(['MfE 2025']);
  });

  it('the ranking by emissions draws the Depot alone (214.454 kg) and names MfE 2025 alone', async () => {
    const list = await answered(w, 'admin', `/organisations/${orgId}/site-co2e-list/202406`);
    expect(list.sites).toEqual([{ siteId: expect.any(Number), siteName: 'Depot', value: 214.454 }]);
    expect(editionNames(list.editions)).toEqual(['MfE 2025']);
  });

  it('a month no chart draws a site of names no edition; kWh names none; another organisation learns none', async () => {
    const empty = await answered(w, 'admin', `/organisations/${orgId}/emissions-list/202405`);
    expect(empty).toMatchObject({ sites: [], editions: [] });
    const kwh = await answered(w, 'admin', `/organisations/${orgId}/site-cons-list/202406`);
    expect(kwh.editions).toEqual([]);
    await refusedToOther(w, 'GET', `/organisations/${orgId}/emissions-list/202406`);
    await refusedToOther(w, 'GET', `/organisations/${orgId}/site-co2e-list/202406`);
  });
});
