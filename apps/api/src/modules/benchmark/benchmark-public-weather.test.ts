import { monthsBetween } from '@verdant/domain/calendar';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchmarkOrganisation } from './benchmark-fixture';

/*
 * The benchmark's weather from a public dataset (docs/decisions/public-datasets.md), worked by hand on Office A
 * of benchmark-fixture.ts (2,000 m², 150,000 kWh gas from October 2025 to September 2026, 180,000 the year
 * before; its site Campus in Wellington, region 9):
 *
 *   TM46 offices' fossil 120 kWh/m² at 2,021 degree days; a Wellington year of 150 a month = 1,800:
 *     120 x 1,800 / 2,021 = 106.8778 = 106.9 kWh/m². Office A's fossil 75: 75 / 106.8778 - 1 = -29.8 %;
 *     (75 - 106.8778) x 2,000 = -63,756 kWh.
 *   Level 0, the earlier 12 months 160 a month = 1,920: 180,000 x 1,800 / 1,920 = 168,750 kWh = 84.375 kWh/m².
 */
let fx: Awaited<ReturnType<typeof benchmarkOrganisation>>;
let hdd15 = 0;
const YEAR = monthsBetween('2025-10-01', '2026-09-01');
const EARLIER = monthsBetween('2024-10-01', '2025-09-01');

beforeAll(async () => {
  fx = await benchmarkOrganisation();
});
afterAll(() => fx?.t.close());

const bench = async (level: number) => {
  const res = await fx.get(
    'b.observer',
    `/data/reporting/reports/benchmark/entity/${fx.ids.officeA}/level/${level}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const fossil = (r: { indicators: { samples: { label: string }[] }[] }) =>
  r.indicators[0]?.samples.find((s) => s.label === 'Fossil thermal');
async function dataset(name: string, regionId: number, base: number, kind: 'heating' | 'cooling') {
  const rows = await fx.t.db.execute<{ id: number }>(sql`
    insert into public_datasets (collection_id, name, unit, region_id, source, sample_note, base_c, degree_day_kind)
    select id, ${name}, '°C·day', ${regionId}, 'Test weather service', 'Made up for the test', ${base}, ${kind}
    from public_dataset_collections where name = 'Degree days' returning id`);
  return rows.rows[0]?.id ?? 0;
}
async function values(datasetId: number, months: string[], value: number) {
  for (const m of months)
    await fx.t.db.execute(sql`insert into public_dataset_values (dataset_id, month, value)
      values (${datasetId}, ${m}::date, ${value})`);
}
const campusRegion = (regionId: number | null) =>
  fx.t.db.execute(sql`update sites set region_id = ${regionId}
    where organisation_id = ${fx.org.id} and name = 'Campus'`);

describe('weather normalisation from public degree days', () => {
  it("the organisation's own series comes first, even with a public dataset for the region", async () => {
    await campusRegion(9);
    hdd15 = await dataset('Wellington heating 15.5', 9, 15.5, 'heating');
    await values(hdd15, YEAR, 150);
    const r = await bench(3);
    expect(r.weather.text).toContain('Campus weather station');
    expect(r.weather.text).toContain('to the year’s 2,500');
    await fx.t.db.execute(sql`delete from degree_days where organisation_id = ${fx.org.id}`);
    await fx.t.db.execute(sql`delete from degree_day_series where organisation_id = ${fx.org.id}`);
  });

  it('without one: a site with no region, or a region without heating degree days, says which', async () => {
    await campusRegion(null);
    expect((await bench(3)).weather).toEqual({
      normalised: false,
      text: 'Not weather-normalised: the organisation has no degree-day series of its own and the site has no region.',
    });
    await campusRegion(8);
    await dataset('Manawatū cooling 18', 8, 18, 'cooling');
    const r = await bench(3);
    expect(r.weather.text).toBe(
      'Not weather-normalised: the organisation has no degree-day series of its own and there are no public heating degree days for Manawatū-Whanganui.',
    );
    // The gap is said beside the figure, and the figure is the set's as published (120), not a silent factor.
    expect(fossil(r)).toMatchObject({
      benchmarkConsumption: 120,
      weather: 'Not weather-normalised (see above)',
    });
    await campusRegion(9);
  });

  it('the worked example: TM46 offices’ fossil 120 kWh/m² at 2,021 degree days, a Wellington year of 1,800', async () => {
    const r = await bench(3);
    expect(r.weather.normalised).toBe(true);
    expect(r.weather.text).toBe(
      'Weather-normalised: the set’s fossil-thermal figure is brought from its 2,021 heating degree days to the year’s 1,800 (Wellington heating 15.5, public heating degree days for Wellington, base 15.5 °C; Test weather service; Made up for the test).',
    );
    expect(fossil(r)).toMatchObject({
      entityConsumption: 75,
      benchmarkConsumption: 106.9,
      publishedValue: 120,
      percentAbove: -29.8,
      possibleImprovement: -63_756,
      weather: 'Weather-normalised: × 1,800 / 2,021 heating degree days',
    });
    const electricity = r.indicators[0].samples.find((s: { label: string }) => s.label === 'Electricity');
    expect(electricity).toMatchObject({ benchmarkConsumption: 95, weather: null });
    // Total energy: electricity as published, fossil thermal normalised: 95 + 106.9 = 201.9.
    const total = r.indicators[0].samples.find((s: { label: string }) => s.label === 'Total energy');
    expect(total).toMatchObject({
      benchmarkConsumption: 201.9,
      weather: 'Fossil-thermal part weather-normalised: × 1,800 / 2,021 heating degree days',
    });
  });

  it('against a set, only a dataset with the set’s base; against the past, 15.5 °C first', async () => {
    await fx.t.db.execute(sql`update public_datasets set base_c = 16 where id = ${hdd15}`);
    expect((await bench(3)).weather.text).toBe(
      "Not weather-normalised: the organisation has no degree-day series of its own and the public heating degree days for Wellington have base 16 °C, not the set's 15.5 °C.",
    );
    await fx.t.db.execute(sql`update public_datasets set base_c = 15.5 where id = ${hdd15}`);
    const other = await dataset('Wellington heating 14', 9, 14, 'heating');
    await values(other, [...EARLIER, ...YEAR], 999);
    await values(hdd15, EARLIER, 160);
    const r = await bench(0);
    expect(r.weather.text).toContain('from their 1,920 heating degree days to this year’s 1,800');
    // 180,000 x 1,800 / 1,920 / 2,000 m² = 84.375.
    expect(fossil(r)).toMatchObject({ benchmarkConsumption: 84.4, entityConsumption: 75 });
  });

  it('a blank month is missing, never 0: not normalised, naming how many months there are', async () => {
    await fx.t.db.execute(
      sql`delete from public_dataset_values where dataset_id = ${hdd15} and month = '2026-03-01'`,
    );
    const r = await bench(3);
    expect(r.weather).toEqual({
      normalised: false,
      text: 'Not weather-normalised: the public heating degree days (Wellington heating 15.5) have 11 of the 12 months.',
    });
    expect(fossil(r)).toMatchObject({ benchmarkConsumption: 120 });
  });
});
