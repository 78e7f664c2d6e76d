import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMeter, createSite } from '../asset-factories';
import { createDataType } from '../catalogue-factories';
import { createOrganisation } from '../factories';
import { createInvoice } from '../input-factories';
import { factSums, sumFacts } from './read-model';
import type { FactQuery, FactSums } from './read-model-types';
import { recomputeFacts } from './recompute';
import { database, electricity, useFixture } from './recompute.fixture';

useFixture();

let organisationId: number;
let a: number;
let b: number;
let w: number;

// Electricity at 0.1 kg CO2e/kWh (scope 2) + 0.01 (scope 3) = 0.11 kg/kWh (the fixture's); water (kL, not energy)
// has no factor. Meter a: January 1,000 kWh (cost 200), February 800 kWh (160), half of February billed only;
// meter b: January 500 kWh; meter w: January and February 30 kL of water.
beforeAll(async () => {
  const water = await createDataType(database.db, { name: 'Water', typeId: 2, stdUnit: 'kL' });
  const org = await createOrganisation(database.db);
  organisationId = org.id;
  const site = await createSite(database.db, org.id);
  const power = { energyId: electricity.id, unitId: electricity.stdUnitId };
  const [ma, mb] = [await createMeter(database.db, site, power), await createMeter(database.db, site, power)];
  const mw = await createMeter(database.db, site, { energyId: water.id, unitId: water.stdUnitId });
  [a, b, w] = [ma.id, mb.id, mw.id];
  const bills: [typeof ma, string, string, number, number][] = [
    [ma, '2024-01-01', '2024-01-31', 1000, 200],
    [ma, '2024-02-01', '2024-02-14', 800, 160],
    [mb, '2024-01-01', '2024-01-31', 500, 100],
    [mw, '2024-01-01', '2024-02-29', 30, 60],
  ];
  for (const [meter, from, till, consumption, cost] of bills)
    await createInvoice(database.db, meter, { from, till, consumption, cost });
  await recomputeFacts(database.db, [a, b, w]);
});

const months = ['2024-01-01', '2024-02-01'];
const base = { from: '2024-01-01', till: '2024-02-01', visible: null, months } as const;
type Row = Record<string, unknown>;

async function perMonth(query: Partial<FactQuery> = {}): Promise<Map<number, Row>> {
  const rows = await sumFacts(database.db, {
    organisationId,
    by: ['meter'],
    ...base,
    perMonth: true,
    ...query,
  });
  return new Map(rows.map((r) => [Number(r.meter_id), r as unknown as Row]));
}

describe("the read model's measures per month", () => {
  it('sums each month of a meter in one row, as the read model by meter and month does', async () => {
    const pivoted = await perMonth();
    const byMonth = await sumFacts(database.db, { organisationId, by: ['meter', 'month'], ...base });
    const seen = new Set<string>();
    for (const r of byMonth) {
      const i = months.indexOf(String(r.month));
      const row = pivoted.get(Number(r.meter_id));
      for (const [name, value] of Object.entries(r)) {
        if (name === 'month' || name === 'meter_id') continue;
        const got = row?.[`${name}_${i}`];
        if (typeof value === 'number') expect(got, `${name}_${i}`).toBeCloseTo(value, 9);
        else expect(got, `${name}_${i}`).toBe(value);
        seen.add(name);
      }
    }
    // Every measure was compared (all thirty-one).
    expect(seen.size).toBe(31);
  });

  it('gives the hand-checked figures, a month without facts at 0 and complete', async () => {
    const rows = await perMonth({ measures: ['cons', 'co2e', 'facts', 'cons_incomplete'] });
    // Meter a: 1,000 and 800 kWh, 110 and 88 kg CO2e; February covers 14 of 29 days, so it is incomplete.
    expect(rows.get(a)).toMatchObject({ cons_0: 1000, cons_1: 800, facts_0: 1, facts_1: 1 });
    expect(rows.get(a)?.co2e_0).toBeCloseTo(110, 9);
    expect(rows.get(a)?.co2e_1).toBeCloseTo(88, 9);
    expect(rows.get(a)).toMatchObject({ cons_incomplete_0: false, cons_incomplete_1: true });
    // Meter b has no February fact: nothing to sum, nothing incomplete.
    expect(rows.get(b)).toMatchObject({
      cons_0: 500,
      facts_0: 1,
      cons_1: 0,
      facts_1: 0,
      cons_incomplete_1: false,
    });
    // Water is not energy: its facts are there, its kWh are not counted in totals.
    expect(rows.get(w)).toMatchObject({ cons_0: 0, facts_0: 1, cons_1: 0, facts_1: 1 });
    expect(Object.keys(rows.get(a) ?? {}).sort()).toEqual([
      'co2e_0',
      'co2e_1',
      'cons_0',
      'cons_1',
      'cons_incomplete_0',
      'cons_incomplete_1',
      'facts_0',
      'facts_1',
      'meter_id',
    ]);
  });

  it("a meter's own figures (totals: false) in kWh only, as the dashboard's gainers and losers read them", async () => {
    const rows = await perMonth({ totals: false, stdUnit: 'kWh', measures: ['cons'] });
    expect([...rows.keys()].sort((x, y) => x - y)).toEqual([a, b]);
    expect(rows.get(b)).toEqual({ meter_id: b, cons_0: 500, cons_1: 0 });
  });

  it('refuses a month key or a query without months', () => {
    const q = { organisationId, ...base, perMonth: true } satisfies Partial<FactQuery>;
    expect(() => factSums({ ...q, by: ['meter', 'month'] })).toThrow(/perMonth/);
    expect(() => factSums({ ...q, by: ['meter'], months: undefined })).toThrow(/perMonth/);
  });

  it('reads only the months asked', async () => {
    const rows = await database.db.execute<FactSums>(
      sql`select * from (${factSums({ organisationId, by: [], ...base, months: ['2024-02-01'], perMonth: true, measures: ['facts'] })}) s`,
    );
    // February: a and w, not b.
    expect(rows.rows).toEqual([{ facts_0: 2 }]);
  });
});
