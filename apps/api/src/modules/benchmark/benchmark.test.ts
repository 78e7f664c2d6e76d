import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benchmarkOrganisation } from './benchmark-fixture';

let fx: Awaited<ReturnType<typeof benchmarkOrganisation>>;
beforeAll(async () => {
  fx = await benchmarkOrganisation();
});
afterAll(() => fx?.t.close());

const url = (entityId: number, level: number, endMonth?: string) =>
  `/data/reporting/reports/benchmark/entity/${entityId}/level/${level}${endMonth ? `?endMonth=${endMonth}` : ''}`;
const bench = async (who: string, entityId: number, level: number, endMonth?: string) => {
  const res = await fx.get(who, url(entityId, level, endMonth));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const samples = (r: { indicators: { samples: object[] }[] }) => r.indicators[0]?.samples;

/* Office A against the worked example of benchmark-fixture.ts (12 months October 2025 to September 2026:
 * 100,000 kWh electricity + 150,000 gas over 2,000 m² = 125 kWh/m²; 50 electricity, 75 fossil). */
describe('the benchmark of an office', () => {
  it('defaults to two months ago and compares with ENERGY STAR (level 2), not weather-normalised', async () => {
    const r = await bench('b.observer', fx.ids.officeA, 2);
    expect(r).toMatchObject({
      calculated: true,
      endMonth: '2026-09',
      startMonth: '2025-10',
      typeName: 'Office',
      entityKwh: { electricity: 100_000, fossil: 150_000 },
      completeness: { months: 12, monthsComplete: 12, estimated: false, narrowed: false },
      set: { publisher: 'U.S. EPA ENERGY STAR', edition: 'August 2024', secondary: true, unit: 'kBtu/ft2' },
      weather: { normalised: false },
    });
    // 52.9 kBtu/ft² x 3.155 = 166.8995 kWh/m²; 125 / 166.8995 - 1 = -25.1 %; (125 - 166.8995) x 2,000 = -83,799.
    expect(samples(r)).toEqual([
      expect.objectContaining({
        label: 'Total energy',
        unit: 'kWh/m² per year',
        entityConsumption: 125,
        benchmarkConsumption: 166.9,
        percentAbove: -25.1,
        possibleImprovement: -83_799,
        publishedValue: 52.9,
        publishedUnit: 'kBtu/ft² per year',
      }),
    ]);
    expect(r.indicators[0]).toMatchObject({ indicator: 'Gross floor area', indicatorId: 1, value: 2000 });
    expect(r.footnotes).toContain(
      '* A negative possible improvement means the entity already uses less than the benchmark: there is nothing to save against it.',
    );
    expect(r.footnotes.join(' ')).toContain('secondary source');
  });

  it('compares with CIBSE TM46 (level 3), the fossil figure brought to the year’s 2,500 degree days', async () => {
    const r = await bench('b.observer', fx.ids.officeA, 3);
    expect(r.weather.normalised).toBe(true);
    expect(r.weather.text).toContain('from its 2,021 heating degree days to the year’s 2,500');
    // Fossil 120 x 2,500 / 2,021 = 148.4414; total 95 + 148.4414 = 243.4414: 125 is -48.7 %, -236,883 kWh.
    // Electricity 50 against 95: -47.4 %, -90,000. Fossil 75 against 148.4414: -49.5 %, -146,883.
    expect(samples(r)).toEqual([
      expect.objectContaining({
        label: 'Total energy',
        benchmarkConsumption: 243.4,
        percentAbove: -48.7,
        possibleImprovement: -236_883,
        publishedValue: 215,
      }),
      expect.objectContaining({
        label: 'Electricity',
        entityConsumption: 50,
        benchmarkConsumption: 95,
        percentAbove: -47.4,
        possibleImprovement: -90_000,
      }),
      expect.objectContaining({
        label: 'Fossil thermal',
        entityConsumption: 75,
        benchmarkConsumption: 148.4,
        percentAbove: -49.5,
        possibleImprovement: -146_883,
        publishedValue: 120,
      }),
    ]);
    expect(r).toMatchObject({
      typeName: 'General office',
      set: { name: 'TM46 Energy benchmarks', secondary: false },
    });
  });

  it('compares with its own previous 12 months (level 0), the earlier gas at this year’s weather', async () => {
    // Before: 110,000 electricity, 180,000 gas at 2,400 HDD: 180,000 x 2,500 / 2,400 = 187,500.
    // 297,500 / 2,000 = 148.75 kWh/m²; 125 / 148.75 - 1 = -16.0 %; (125 - 148.75) x 2,000 = -47,500.
    const r = await bench('b.observer', fx.ids.officeA, 0);
    expect(r.weather).toMatchObject({ normalised: true });
    expect(samples(r)?.[0]).toMatchObject({
      benchmarkConsumption: 148.8,
      percentAbove: -16,
      possibleImprovement: -47_500,
    });
  });

  it('compares with its peers (level 1): Office B, 60 kWh/m²', async () => {
    // B: 60,000 / 1,000 = 60. 125 / 60 - 1 = +108.3 %; (125 - 60) x 2,000 = 130,000 kWh to save.
    const r = await bench('b.observer', fx.ids.officeA, 1);
    expect(samples(r)?.[0]).toMatchObject({
      benchmarkConsumption: 60,
      p25: 60,
      p75: 60,
      percentAbove: 108.3,
      possibleImprovement: 130_000,
    });
    expect(r.indicators[0].indicator).toBe('Gross floor area (1 peer)');
    // Electricity 50 against the peer's 60: -20,000 kWh, so the negative improvement is footnoted.
    expect(samples(r)?.[1]).toMatchObject({ label: 'Electricity', possibleImprovement: -20_000 });
    expect(r.footnotes.some((f: string) => f.startsWith('*'))).toBe(true);
  });

  it('gives the entity page its position against the first set that applies', async () => {
    const res = await fx.get('b.observer', `/entities/${fx.ids.officeA}/benchmark-position`);
    expect(res.json()).toEqual({
      endMonth: '2026-09',
      level: 2,
      percentAbove: -25.1,
      text: '25 % below the median of Office, Portfolio Manager U.S. National Median Table (August 2024)',
      message: null,
    });
  });
});

describe('a benchmark that cannot be calculated says why', () => {
  const reason = async (entityId: number, level: number, endMonth?: string) =>
    (await bench('b.admin', entityId, level, endMonth)).message;
  it('names the missing floor area, mapping, consumption, set or peers', async () => {
    expect(await reason(fx.ids.plant, 3)).toBe(
      'Benchmark could not be calculated: the entity has no gross floor area',
    );
    expect(await reason(fx.ids.library, 2)).toBe(
      "Benchmark could not be calculated: the entity's type is not mapped to a type of Portfolio Manager U.S. National Median Table (August 2024)",
    );
    expect(await reason(fx.ids.library, 3)).toBe(
      'Benchmark could not be calculated: the entity has no consumption in the 12 months to Sep 2026',
    );
    expect(await reason(fx.ids.officeA, 4)).toBe(
      'Benchmark could not be calculated: no benchmark set is published for level 4',
    );
    expect(await reason(fx.ids.officeA, 0, '2025-09')).toBe(
      'Benchmark could not be calculated: the entity has no consumption in the 12 months before Oct 2024',
    );
  });

  it('marks a year that is not complete', async () => {
    // To November 2026: October and November 2026 have no invoices yet: 10 of 12 months.
    const r = await bench('b.admin', fx.ids.officeA, 2, '2026-11');
    expect(r.completeness.monthsComplete).toBe(10);
    expect(r.footnotes[0]).toBe(
      'Incomplete: 10 of the 12 months have complete data for every data source of the entity.',
    );
  });
});

describe('bad input', () => {
  it('refuses a future or too early end month, a bad month and a level outside 0-5, with the message', async () => {
    const msg = async (path: string) => {
      const res = await fx.get('b.admin', path);
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    expect(await msg(url(fx.ids.officeA, 2, '2026-12'))).toBe('The end month cannot be in the future');
    expect(await msg(url(fx.ids.officeA, 2, '1999-12'))).toBe('Choose an end month from 2000 on');
    expect(await msg(url(fx.ids.officeA, 2, '2026-13'))).toContain('Choose an end month');
    expect(await msg(url(fx.ids.officeA, 6))).toContain('Choose a benchmark level from 0 to 5');
  });
});

describe('rights', () => {
  it('another organisation’s administrator learns nothing of our entity', async () => {
    for (const path of [url(fx.ids.officeA, 2), `/entities/${fx.ids.officeA}/benchmark-position`]) {
      const res = await fx.get('b.outsider', path);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Office A');
      expect(res.body).not.toContain('166.9');
    }
  });

  it('a read-only user barred from a site gets not found for its entity, and no peer figures from it', async () => {
    const res = await fx.get('b.narrowed', url(fx.ids.officeB, 2));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Office B');
    const peers = await bench('b.narrowed', fx.ids.officeA, 1);
    expect(peers.message).toBe(
      'Benchmark could not be calculated: no other entity of the organisation of the same type has a floor area and consumption',
    );
  });
});

describe('the library', () => {
  it('lists the sets with their editions, sources, types and mappings', async () => {
    const sets = (await fx.get('b.observer', '/benchmark-sets')).json();
    const star = sets.find((s: { series: string }) => s.series === 'energy-star-median');
    expect(star).toMatchObject({
      edition: 'August 2024',
      secondary: true,
      level: 2,
      current: true,
      unit: 'kBtu/ft2',
    });
    expect(star.types).toHaveLength(12);
    expect(star.types.find((t: { typeKey: string }) => t.typeKey === 'k12-school')).toMatchObject({
      total: 48.5,
    });
    const tm46 = sets.find((s: { series: string }) => s.series === 'cibse-tm46');
    expect(tm46.types.find((t: { typeKey: string }) => t.typeKey === 'swimming-pool-centre')).toMatchObject({
      electricity: 245,
      fossil: 1130,
      total: 1375,
    });
    expect(tm46.mappings).toContainEqual({
      buildsegId: 9,
      entdescId: 9,
      typeKey: 'public-buildings-light-use',
    });
  });
});
