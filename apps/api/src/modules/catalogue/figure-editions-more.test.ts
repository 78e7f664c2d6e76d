import { createGroup, createMeter } from '@verdant/db/asset-factories';
import { createFuelPurchase } from '@verdant/db/input-factories';
import { recomputeFacts } from '@verdant/db/ledger/recompute';
import { assetGroups, groupings } from '@verdant/db/schema/groups';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answered,
  type EditionsWorld,
  editionNames,
  refusedToOther,
  screensWorld,
} from '../../testing/editions-fixture';

/**
 * The organisation overview, performance against targets, the fleet's fuel card and exports, and the Meter Data
 * Export name the editions that produced their kg CO2e (docs/decisions/factor-editions.md, What names its
 * editions), worked by hand from the seeded catalogue: one grid electricity meter used 120,000 kWh in each of
 * 2022, 2023 and 2024; today is 15 January 2025.
 *
 * - Grid electricity as worked in ./figure-editions-screens.test.ts: MfE 2025 for 2022 and 2023, MfE 2025 and
 *   MfE 2026 for 2024 (location-based).
 * - Diesel until 2025 is MfE 2025's (the 2025 v3 workbook, 2.680680605 kg CO2e a litre, scope 1 alone): a fuel
 *   card buying 50 L and 30 L of diesel in November 2024 emits 80 x 2.680680605 = 214.45 kg CO2e, by MfE 2025.
 */

/** The first words of a download's closing line when no restatement has replaced its figures. */
const AS_THEY_STAND =
  'Restated: emissions as they stand; no restatement has replaced the figures of these months.';

let w: EditionsWorld;
let orgId = 0;
let meterId = 0;
let cardId = 0;
let groupingId = 0;
let vehicleId = 0;

beforeAll(async () => {
  const world = await screensWorld('More Editions Org');
  ({ w, orgId, meterId } = world);
  const siteRef = world.siteRef;
  const litres = await w.t.db.execute<{ id: number }>(
    sql`select id from units where data_type_id = 4 and name = 'litres'`,
  );
  const card = await createMeter(w.t.db, siteRef, {
    localName: 'DIESEL CARD',
    meterType: 7,
    energyId: 4,
    unitId: litres.rows[0]?.id,
    meterOpen: '2024-01-01',
  });
  cardId = card.id;
  await createFuelPurchase(w.t.db, card, { date: '2024-11-05', quantity: 50, cost: 110 });
  await createFuelPurchase(w.t.db, card, { date: '2024-11-20', quantity: 30, cost: 66 });
  await recomputeFacts(w.t.db, [card.id]);
  const [grouping] = await w.t.db
    .insert(groupings)
    .values({ organisationId: orgId, memberType: 'meter', name: 'Supplies', controlled: true })
    .returning();
  groupingId = Number(grouping?.id);
  const group = await createGroup(w.t.db, orgId, 'meter', 'Grid', [meterId]);
  await w.t.db.update(assetGroups).set({ groupingId }).where(eq(assetGroups.id, group.id));
  const target = await w.call('admin', 'POST', `/organisations/${orgId}/targets`, {
    name: 'Tenth by 2024',
    spec: {
      baselineYear: 2022,
      baselineYearEnd: 'CY',
      consFrom: 'DERIVE',
      baselineCons: null,
      profileFrom: 'DERIVE',
      profile: null,
      targets: [{ perc: 10, year: 2024 }],
    },
  });
  expect(target.statusCode, target.body).toBe(200);
  const vehicles = await w.call('admin', 'POST', `/sites/${siteRef.id}/new-vehicles`, {
    purchaseDate: '2024-01-01',
    reporting: 'ORGANISATION',
    list: [
      {
        registration: 'ED1',
        make: 'Toyota',
        model: 'Hilux',
        year: 2022,
        bodyShapeId: 5,
        seats: 5,
        transmissionTypeId: 1,
        engineSize: 2.7551,
        fuelId: 4,
        desiredEfficiency: 8.456,
      },
    ],
  });
  expect(vehicles.statusCode, vehicles.body).toBe(200);
  vehicleId = vehicles.json().data.newVehicleList[0].id;
  for (const [date, odo, quantity] of [
    ['2024-10-01', 10_000, 40],
    ['2024-11-01', 10_800, 50],
  ] as const) {
    const res = await w.call('admin', 'POST', `/vehicles/${vehicleId}/purchases`, {
      date,
      odo,
      quantity,
      cost: 90,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => w.t.close());

const names = editionNames;
const get = (who: string, url: string) => answered(w, who, url);
const refused = (method: 'GET' | 'POST', url: string, body?: object) => refusedToOther(w, method, url, body);
const csv = async (url: string, body: object) => {
  const res = await w.call('admin', 'POST', url, body);
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.body, { relax_column_count: true }) as string[][];
};

describe("the organisation overview names the editions of a month's kg CO2e", () => {
  it('names them for the highest emitters and the ranking by emissions, none for kWh', async () => {
    expect(names((await get('admin', `/organisations/${orgId}/emissions-list/202206`)).editions)).toEqual([
      'MfE 2025',
    ]);
    expect(names((await get('admin', `/organisations/${orgId}/emissions-list/202406`)).editions)).toEqual([
      'MfE 2025',
      'MfE 2026',
    ]);
    const ranked = await get('observer', `/organisations/${orgId}/site-co2e-list/202406`);
    expect(names(ranked.editions)).toEqual(['MfE 2025', 'MfE 2026']);
    expect((await get('admin', `/organisations/${orgId}/site-cons-list/202406`)).editions).toEqual([]);
    await refused('GET', `/organisations/${orgId}/emissions-list/202406`);
    await refused('GET', `/organisations/${orgId}/site-co2e-list/202406`);
  });
});

describe('performance against targets names the editions of its kg CO2e', () => {
  it("names the editions of the target's years, for the organisation and a grouping's groups", async () => {
    // The target reads 2022 to 2024: the grid's MfE 2025 and 2024's T&D losses by MfE 2026, and the diesel card
    // of November 2024 (MfE 2025).
    const report = await get('admin', `/organisations/${orgId}/reports/performance-against-targets`);
    expect(report.baselineYear).toBe(2022);
    expect(names(report.editions)).toEqual(['MfE 2025', 'MfE 2026']);
    const cons = await get(
      'admin',
      `/organisations/${orgId}/reports/performance-against-targets?measure=cons`,
    );
    expect(cons.editions).toEqual([]);
    const grouping = await get(
      'observer',
      `/meter-groupings/${groupingId}/reports/performance-against-targets`,
    );
    expect(grouping.groups.map((g: { name: string }) => g.name)).toEqual(['Grid']);
    expect(names(grouping.editions)).toEqual(['MfE 2025', 'MfE 2026']);
    await refused('GET', `/organisations/${orgId}/reports/performance-against-targets`);
  });
});

describe("the fleet's fuel card and exports name the editions of their kg CO2e", () => {
  it("names the card's editions beside its months", async () => {
    const card = await get('observer', `/fuelcards/${cardId}`);
    const november = card.monthly.find((m: { month: string }) => m.month === '2024-11');
    // 80 L x 2.680680605 = 214.45 kg CO2e, shown whole.
    expect(november).toMatchObject({ litres: 80, co2e: 214 });
    expect(names(card.editions)).toEqual(['MfE 2025']);
    await refused('GET', `/fuelcards/${cardId}`);
  });

  it('closes both vehicle exports with the editions when they hold kg CO2e', async () => {
    const body = (data: string[], aggregation: string) => ({
      assets: [vehicleId],
      data,
      ranges: [{ aggregation, start: '2024-10', end: '2024-11' }],
    });
    const data = await csv(`/organisations/${orgId}/fleet-data-export`, body(['L', 'CO2e'], 'total'));
    expect(data[0]).toEqual(['Registration', 'Aggregation', 'Period', 'Emissions (kg CO2e)', 'Fuel (L)']);
    // Which figures they are, and their editions (docs/decisions/factor-editions.md, Every report of kg CO2e
    // restated or as originally reported): no restatement has touched this world.
    expect(data.at(-1)).toEqual([`${AS_THEY_STAND} Factors: MfE 2025.`, '', '', '', '']);
    const kept = await csv(`/organisations/${orgId}/fleet-transaction-export`, body(['CO2e'], 'individual'));
    expect(kept.at(-1)).toEqual([`${AS_THEY_STAND} Factors: MfE 2025.`, '', '', '', '', '']);
    const litres = await csv(`/organisations/${orgId}/fleet-data-export`, body(['L'], 'total'));
    expect(litres.at(-1)?.[0]).toBe('ED1');
    await refused('POST', `/organisations/${orgId}/fleet-data-export`, body(['CO2e'], 'total'));
  });
});

describe('the Meter Data Export names the editions of its kg CO2e', () => {
  it('closes the file with the editions of every data source and range exported', async () => {
    const body = (data: string[]) => ({
      assets: [meterId, cardId],
      data,
      ranges: [
        { aggregation: 'total', start: '2022-01', end: '2022-12' },
        { aggregation: 'total', start: '2024-11', end: '2024-11' },
      ],
    });
    const rows = await csv(`/organisations/${orgId}/meter-data-export`, body(['kWh', 'CO2e']));
    expect(rows[0]?.slice(-2)).toEqual(['Energy (kWh)', 'Emissions (kg CO2e)']);
    // 2022's grid: 120,000 x 0.0818949105 = 9,827.389 kg CO2e.
    const grid2022 = rows.find((r) => r[5] === '2022-01 to 2022-12' && r[7] !== '0');
    expect(Number(grid2022?.[7])).toBeCloseTo(9827.389, 3);
    expect(rows.at(-1)).toEqual([
      `${AS_THEY_STAND} Factors: MfE 2025, MfE 2026.`,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    const kwh = await csv(`/organisations/${orgId}/meter-data-export`, body(['kWh']));
    expect(kwh.at(-1)?.[0]).not.toMatch(/^(Factors|Restated)/);
    await refused('POST', `/organisations/${orgId}/meter-data-export`, body(['CO2e']));
  });
});
