import { describe, expect, it } from 'vitest';
import { defaultBenchmarkEnd } from './benchmark-rules';
import { commissioningFigures } from './commissioning';
import { compareWithPast, compareWithPeers, compareWithPublished, quantile } from './compare';

/*
 * The worked example: an office of 2,000 m² using 250,000 kWh a year, 100,000 kWh of electricity and
 * 150,000 kWh of gas (fossil thermal).
 *   Entity: total 250,000 / 2,000 = 125 kWh/m²; electricity 50; fossil 75.
 */
const office = { electricity: 100_000, fossil: 150_000 };
const area = 2_000;

describe('an office against the published sets', () => {
  it('against the ENERGY STAR national median (52.9 kBtu/ft², site energy only)', () => {
    // 52.9 x 3.155 = 166.8995 kWh/m². 125 / 166.8995 - 1 = -25.105 %. (125 - 166.8995) x 2,000 = -83,799 kWh.
    const [total, ...rest] = compareWithPublished(
      area,
      office,
      { total: 52.9, electricity: null, fossil: null, p25: null, p75: null },
      'kBtu/ft2',
      null,
    );
    expect(rest).toEqual([]);
    expect(total?.label).toBe('Total energy');
    expect(total?.unit).toBe('kWh/m² per year');
    expect(total?.entityConsumption).toBe(125);
    expect(total?.benchmarkConsumption).toBeCloseTo(166.8995, 6);
    expect(total?.percentAbove).toBeCloseTo(-25.105, 3);
    expect(total?.possibleImprovement).toBeCloseTo(-83_799, 0);
    expect(total?.publishedValue).toBe(52.9);
    expect(total?.publishedUnit).toBe('kBtu/ft² per year');
  });

  it('against CIBSE TM46 general office (95 electricity, 120 fossil), without degree days', () => {
    // Total 95 + 120 = 215: 125 / 215 - 1 = -41.860 %; (125 - 215) x 2,000 = -180,000 kWh.
    // Electricity 50 against 95: -47.368 %, -90,000 kWh. Fossil 75 against 120: -37.5 %, -90,000 kWh.
    const samples = compareWithPublished(
      area,
      office,
      { total: 215, electricity: 95, fossil: 120, p25: null, p75: null },
      'kWh/m2',
      null,
    );
    expect(samples.map((s) => s.label)).toEqual(['Total energy', 'Electricity', 'Fossil thermal']);
    const [total, elec, fossil] = samples;
    expect(total?.benchmarkConsumption).toBe(215);
    expect(total?.percentAbove).toBeCloseTo(-41.86, 2);
    expect(total?.possibleImprovement).toBe(-180_000);
    expect(elec?.percentAbove).toBeCloseTo(-47.368, 3);
    expect(elec?.possibleImprovement).toBe(-90_000);
    expect(fossil?.percentAbove).toBeCloseTo(-37.5, 6);
    expect(fossil?.possibleImprovement).toBe(-90_000);
  });

  it('against CIBSE TM46 with degree days: the fossil benchmark brought to the year of 2,500 HDD', () => {
    // Fossil 120 x 2,500 / 2,021 = 148.4414 kWh/m²; total 95 + 148.4414 = 243.4414.
    // A colder year than the benchmark's: the office is further below. 125 / 243.4414 - 1 = -48.653 %;
    // (125 - 243.4414) x 2,000 = -236,882.7 kWh. Electricity is not adjusted (50 against 95 as before).
    const [total, elec, fossil] = compareWithPublished(
      area,
      office,
      { total: 215, electricity: 95, fossil: 120, p25: null, p75: null },
      'kWh/m2',
      { yearHdd: 2_500, benchmarkHdd: 2_021 },
    );
    expect(fossil?.benchmarkConsumption).toBeCloseTo(148.4414, 4);
    expect(fossil?.publishedValue).toBe(120);
    expect(total?.benchmarkConsumption).toBeCloseTo(243.4414, 4);
    expect(total?.percentAbove).toBeCloseTo(-48.653, 3);
    expect(total?.possibleImprovement).toBeCloseTo(-236_882.7, 1);
    expect(elec?.benchmarkConsumption).toBe(95);
  });

  it('a hungrier office (600,000 kWh: 200,000 electricity, 400,000 gas) has a positive improvement', () => {
    // 300 kWh/m² against 215: +39.535 %; (300 - 215) x 2,000 = 170,000 kWh a year to save.
    const [total] = compareWithPublished(
      area,
      { electricity: 200_000, fossil: 400_000 },
      { total: 215, electricity: 95, fossil: 120, p25: null, p75: null },
      'kWh/m2',
      null,
    );
    expect(total?.percentAbove).toBeCloseTo(39.535, 3);
    expect(total?.possibleImprovement).toBe(170_000);
  });
});

describe('an office against its own past and its peers', () => {
  it('level 0: against the 12 months before, the earlier gas brought to this year’s weather', () => {
    // Before: 110,000 electricity, 180,000 gas in a year of 2,400 HDD; this year 2,000 HDD.
    // Earlier gas at this year's weather: 180,000 x 2,000 / 2,400 = 150,000 kWh: 75 kWh/m².
    // Total before 110,000 + 150,000 = 260,000: 130 kWh/m²; 125 / 130 - 1 = -3.846 %; (125 - 130) x 2,000
    // = -10,000 kWh. Electricity 50 against 55: -9.091 %, -10,000 kWh. Fossil 75 against 75: 0.
    const [total, elec, fossil] = compareWithPast(
      { value: area, unit: 'm2' },
      office,
      { electricity: 110_000, fossil: 180_000 },
      { yearHdd: 2_000, benchmarkHdd: 2_400 },
    );
    expect(total?.benchmarkConsumption).toBe(130);
    expect(total?.percentAbove).toBeCloseTo(-3.846, 3);
    expect(total?.possibleImprovement).toBeCloseTo(-10_000, 6);
    expect(elec?.percentAbove).toBeCloseTo(-9.091, 3);
    expect(fossil?.benchmarkConsumption).toBeCloseTo(75, 9);
    expect(fossil?.possibleImprovement).toBeCloseTo(0, 6);
  });

  it('level 1: against the median and quartiles of its peers', () => {
    // Peers' totals per m²: 100 (1,000 m², 100,000 kWh), 150 (2,000 m², 300,000), 200 (500 m², 100,000),
    // 300 (1,000 m², 300,000). Sorted 100, 150, 200, 300: median at rank 1.5 = 175; p25 at rank 0.75 =
    // 100 + 0.75 x 50 = 137.5; p75 at rank 2.25 = 200 + 0.25 x 100 = 225. The office's 125 against 175:
    // -28.571 %; (125 - 175) x 2,000 = -100,000 kWh.
    const peer = (m2: number, kwh: number) => ({ value: m2, use: { electricity: kwh, fossil: 0 } });
    const [total] = compareWithPeers({ value: area, unit: 'm2' }, office, [
      peer(1_000, 100_000),
      peer(2_000, 300_000),
      peer(500, 100_000),
      peer(1_000, 300_000),
    ]);
    expect(total?.benchmarkConsumption).toBe(175);
    expect(total?.p25).toBe(137.5);
    expect(total?.p75).toBe(225);
    expect(total?.percentAbove).toBeCloseTo(-28.571, 3);
    expect(total?.possibleImprovement).toBe(-100_000);
    expect(quantile([5], 0.5)).toBe(5);
  });
});

describe('a commissioning table of three entities', () => {
  it('works each gap as a ratio and in kWh, and says why one has none', () => {
    // A: 2,000 m², design 100, commissioned 120, actual 250,000 kWh = 125 kWh/m²: 1.25 x design
    //    ((125 - 100) x 2,000 = +50,000 kWh) and 1.0417 x commissioned ((125 - 120) x 2,000 = +10,000 kWh).
    const a = commissioningFigures({
      designEui: 100,
      commissionedEui: 120,
      interventionEui: 90,
      area: 2_000,
      kwh: 250_000,
      monthsLived: 12,
      monthsComplete: 12,
    });
    expect(a.actualEui).toBe(125);
    expect(a.designGap).toEqual({ ratio: 1.25, kwh: 50_000 });
    expect(a.commissionedGap?.ratio).toBeCloseTo(1.041_67, 5);
    expect(a.commissionedGap?.kwh).toBe(10_000);
    expect(a.note).toBeNull();
    // B: 500 m², design 200 only, actual 300,000 kWh = 600 kWh/m², 11 of 12 months complete: 3 x design,
    //    (600 - 200) x 500 = +200,000 kWh, marked incomplete.
    const b = commissioningFigures({
      designEui: 200,
      commissionedEui: null,
      interventionEui: null,
      area: 500,
      kwh: 300_000,
      monthsLived: 12,
      monthsComplete: 11,
    });
    expect(b.designGap).toEqual({ ratio: 3, kwh: 200_000 });
    expect(b.commissionedGap).toBeNull();
    expect(b.note).toBe('Incomplete: 11 of 12 months complete');
    // C: no floor area: no actual intensity, no gap.
    const c = commissioningFigures({
      designEui: 950,
      commissionedEui: null,
      interventionEui: null,
      area: null,
      kwh: 1_000_000,
      monthsLived: 12,
      monthsComplete: 12,
    });
    expect(c).toEqual({
      actualEui: null,
      designGap: null,
      commissionedGap: null,
      note: 'No gross floor area',
    });
  });

  it('gives no gap for a year not yet over', () => {
    const d = commissioningFigures({
      designEui: 100,
      commissionedEui: null,
      interventionEui: null,
      area: 1_000,
      kwh: 40_000,
      monthsLived: 4,
      monthsComplete: 4,
    });
    expect(d).toEqual({
      actualEui: 40,
      designGap: null,
      commissionedGap: null,
      note: 'The year is not over: 4 of 12 months lived',
    });
  });
});

describe('the default end month', () => {
  it('is two months before the organisation month, across a year', () => {
    expect(defaultBenchmarkEnd('2026-12-01')).toBe('2026-10-01');
    expect(defaultBenchmarkEnd('2027-02-01')).toBe('2026-12-01');
    expect(defaultBenchmarkEnd('2027-01-01')).toBe('2026-11-01');
  });
});
