import { BENCHMARK_UNITS } from './benchmark-rules';

/**
 * The benchmark's arithmetic (docs/decisions/benchmark.md, The calculation): an entity's year of energy per
 * unit of an indicator (floor area for the published sets) against a benchmark's, sample by sample, and what
 * reaching the benchmark would save. Pure: the figures come from the read model, the sets from the library.
 */

/** kWh over the 12 months: electricity and everything else that counts as energy (fossil thermal). */
export interface YearUse {
  electricity: number;
  fossil: number;
}

export interface Sample {
  label: 'Total energy' | 'Electricity' | 'Fossil thermal';
  /** kWh per unit of the indicator per year ('kWh/m² per year'). */
  unit: string;
  entityConsumption: number;
  benchmarkConsumption: number;
  /** kWh a year saved by coming down to the benchmark; negative: the entity already uses less. */
  possibleImprovement: number;
  /** How far above (+) or below (-) the benchmark, percent. */
  percentAbove: number;
  /** The benchmark as published, in the set's own unit (published sets only). */
  publishedValue?: number;
  publishedUnit?: string;
  /** Peers' quartiles (level 1), or the set's percentiles where published, in kWh per unit. */
  p25?: number | null;
  p75?: number | null;
}

/** The heating degree days of the year compared and of the benchmark's year (or its stated reference). */
export interface Weather {
  yearHdd: number;
  benchmarkHdd: number;
}

const intensityUnit = (indicatorUnit: string) =>
  `kWh/${indicatorUnit === 'm2' ? 'm²' : indicatorUnit} per year`;

function sample(
  label: Sample['label'],
  indicatorValue: number,
  unit: string,
  entityKwh: number,
  benchmarkPerUnit: number,
): Sample {
  const entity = entityKwh / indicatorValue;
  return {
    label,
    unit,
    entityConsumption: entity,
    benchmarkConsumption: benchmarkPerUnit,
    possibleImprovement: (entity - benchmarkPerUnit) * indicatorValue,
    percentAbove: benchmarkPerUnit > 0 ? (entity / benchmarkPerUnit - 1) * 100 : 0,
  };
}

/**
 * Degree-day normalisation of a fossil-thermal benchmark: brought to the weather of the year compared
 * (docs/decisions/benchmark.md, Weather). Electricity is left as it is.
 */
export const weatherFactor = (weather: Weather | null) =>
  weather && weather.benchmarkHdd > 0 ? weather.yearHdd / weather.benchmarkHdd : 1;

/** Level 0: the year against the 12 months before it, the earlier fossil use brought to this year's weather. */
export function compareWithPast(
  indicator: { value: number; unit: string },
  year: YearUse,
  prior: YearUse,
  weather: Weather | null,
): Sample[] {
  const unit = intensityUnit(indicator.unit);
  const v = indicator.value;
  const priorFossil = prior.fossil * weatherFactor(weather);
  return [
    sample('Total energy', v, unit, year.electricity + year.fossil, (prior.electricity + priorFossil) / v),
    sample('Electricity', v, unit, year.electricity, prior.electricity / v),
    sample('Fossil thermal', v, unit, year.fossil, priorFossil / v),
  ];
}

/** Linear interpolation between closest ranks (a spreadsheet's PERCENTILE.INC). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const low = sorted[lo] as number;
  return low + ((sorted[hi] as number) - low) * (at - lo);
}

/** Level 1: against the median of the peers' intensities (kWh per unit of the indicator), with quartiles. */
export function compareWithPeers(
  indicator: { value: number; unit: string },
  year: YearUse,
  peers: readonly { value: number; use: YearUse }[],
): Sample[] {
  const unit = intensityUnit(indicator.unit);
  const per = (pick: (u: YearUse) => number) => peers.map((p) => pick(p.use) / p.value);
  const parts: [Sample['label'], (u: YearUse) => number][] = [
    ['Total energy', (u) => u.electricity + u.fossil],
    ['Electricity', (u) => u.electricity],
    ['Fossil thermal', (u) => u.fossil],
  ];
  return parts.map(([label, pick]) => {
    const list = per(pick);
    return {
      ...sample(label, indicator.value, unit, pick(year), quantile(list, 0.5)),
      p25: quantile(list, 0.25),
      p75: quantile(list, 0.75),
    };
  });
}

/** A building type's published figures, in its set's unit per year. */
export interface PublishedType {
  total: number | null;
  electricity: number | null;
  fossil: number | null;
  p25: number | null;
  p75: number | null;
}

/**
 * Levels 2 to 5: against a published set, per m² of gross floor area. Electricity and fossil thermal apart
 * where the set publishes them (the fossil figure brought to the year's degree days), else the total.
 */
export function compareWithPublished(
  area: number,
  year: YearUse,
  type: PublishedType,
  setUnit: string,
  weather: Weather | null,
): Sample[] {
  const toKwh = BENCHMARK_UNITS[setUnit]?.toKwhPerM2;
  if (toKwh === undefined) throw new Error(`unknown benchmark unit ${setUnit}`);
  const unit = intensityUnit('m2');
  const publishedUnit = BENCHMARK_UNITS[setUnit]?.label;
  const out: Sample[] = [];
  const withPublished = (s: Sample, published: number): Sample => ({
    ...s,
    publishedValue: published,
    publishedUnit,
  });
  if (type.electricity !== null && type.fossil !== null) {
    const elec = type.electricity * toKwh;
    const fossil = type.fossil * toKwh * weatherFactor(weather);
    const total = year.electricity + year.fossil;
    out.push(
      withPublished(sample('Total energy', area, unit, total, elec + fossil), type.electricity + type.fossil),
    );
    out.push(withPublished(sample('Electricity', area, unit, year.electricity, elec), type.electricity));
    out.push(withPublished(sample('Fossil thermal', area, unit, year.fossil, fossil), type.fossil));
  } else if (type.total !== null) {
    const s = sample('Total energy', area, unit, year.electricity + year.fossil, type.total * toKwh);
    out.push({
      ...withPublished(s, type.total),
      p25: type.p25 === null ? null : type.p25 * toKwh,
      p75: type.p75 === null ? null : type.p75 * toKwh,
    });
  }
  return out;
}
