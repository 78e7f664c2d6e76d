import type { BenchmarkResult, BenchmarkSample } from '@verdant/contracts/benchmark/results';
import type { DbOrTx } from '@verdant/db/client';
import {
  BENCHMARK_MSG,
  type BenchmarkLevel,
  FLOOR_AREA_INDICATOR,
  fillBenchmark,
  LEVEL_LABELS,
} from '@verdant/domain/benchmark/benchmark-rules';
import {
  compareWithPast,
  compareWithPeers,
  compareWithPublished,
  type Sample,
} from '@verdant/domain/benchmark/compare';
import { addMonths } from '@verdant/domain/calendar';
import { formatMonth } from '@verdant/domain/month-labels';
import * as q from './benchmark.queries';
import { type WeatherOutcome, weatherFor } from './benchmark-weather';

/**
 * An entity benchmarked at a level (docs/decisions/benchmark.md, Levels): 0 its own previous 12 months, 1 its
 * peers in the organisation, 2 to 5 the published set at that level. Figures through the read model; the
 * reason in words when it cannot be calculated.
 */
export interface BenchmarkRequest {
  organisationId: number;
  entityId: number;
  level: BenchmarkLevel;
  /** 'yyyy-MM-01': the last of the 12 months. */
  end: string;
  visible: number[] | null;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const whole = (n: number) => Math.round(n).toLocaleString('en-NZ');
const toSample = (s: Sample): BenchmarkSample => ({
  label: s.label,
  unit: s.unit,
  entityConsumption: round(s.entityConsumption, 1),
  benchmarkConsumption: round(s.benchmarkConsumption, 1),
  possibleImprovement: Math.round(s.possibleImprovement),
  percentAbove: round(s.percentAbove, 1),
  publishedValue: s.publishedValue ?? null,
  publishedUnit: s.publishedUnit ?? null,
  p25: s.p25 === undefined || s.p25 === null ? null : round(s.p25, 1),
  p75: s.p75 === undefined || s.p75 === null ? null : round(s.p75, 1),
  weather: null,
});

/**
 * Says beside each benchmark figure that carries fossil-thermal use whether it is weather-normalised and to
 * what, or that it could not be (a gap said, never a silent factor of 1). Null where weather has no part.
 */
function labelWeather(samples: BenchmarkSample[], weather: WeatherOutcome | null): BenchmarkSample[] {
  if (!weather) return samples;
  const f = weather.factor;
  const factor = f ? `× ${whole(f.yearHdd)} / ${whole(f.benchmarkHdd)} heating degree days` : '';
  // Total energy holds electricity too, which weather does not scale: its label says which part moved.
  const note = (label: BenchmarkSample['label']) =>
    !f
      ? 'Not weather-normalised (see above)'
      : label === 'Fossil thermal'
        ? `Weather-normalised: ${factor}`
        : `Fossil-thermal part weather-normalised: ${factor}`;
  return samples.map((s) => (s.label === 'Electricity' ? s : { ...s, weather: note(s.label) }));
}

const setRef = (set: q.SetRow): NonNullable<BenchmarkResult['set']> => ({
  id: set.id,
  series: set.series,
  publisher: set.publisher,
  name: set.name,
  edition: set.edition,
  sourceTitle: set.sourceTitle,
  sourceUrl: set.sourceUrl,
  secondary: set.secondary,
  unit: set.unit,
  statistic: set.statistic,
  adjustments: set.adjustments,
});

export async function benchmarkFor(db: DbOrTx, r: BenchmarkRequest): Promise<BenchmarkResult | undefined> {
  const [entity] = await q.entityFacts(db, r.organisationId, { ids: [r.entityId] });
  if (!entity) return undefined;
  const { from, till } = q.twelveMonths(r.end);
  const levelLabel =
    r.level >= 2 ? ((await q.currentSet(db, r.level))?.name ?? LEVEL_LABELS[r.level]) : LEVEL_LABELS[r.level];
  const result: BenchmarkResult = {
    entityId: entity.id,
    entityName: entity.name,
    level: r.level,
    levelLabel,
    endMonth: r.end.slice(0, 7),
    startMonth: from.slice(0, 7),
    calculated: false,
    message: null,
    set: null,
    typeName: null,
    publication: null,
    entityType: [entity.segmentation, entity.descriptor].filter(Boolean).join(', ') || null,
    weather: { normalised: false, text: '' },
    completeness: { months: 12, monthsComplete: 0, estimated: false, narrowed: r.visible !== null },
    entityKwh: null,
    indicators: [],
    footnotes: [],
  };
  const refuse = (reason: string) => ({
    ...result,
    message: `${BENCHMARK_MSG.couldNotCalculate}: ${reason}`,
  });
  const area = entity.indicators.find((i) => i.id === FLOOR_AREA_INDICATOR);
  if (!area) return refuse(BENCHMARK_MSG.noFloorArea);
  if (entity.buildsegId === null) return refuse(BENCHMARK_MSG.noType);
  let published: { set: q.SetRow; value: q.TypeValue } | null = null;
  if (r.level >= 2) {
    const set = await q.currentSet(db, r.level);
    if (!set) return refuse(fillBenchmark(BENCHMARK_MSG.noSet, { level: r.level }));
    result.set = setRef(set);
    const mapped = await q.valueFor(db, set, entity.buildsegId, entity.entdescId);
    const setName = `${set.name} (${set.edition})`;
    if (!mapped) return refuse(fillBenchmark(BENCHMARK_MSG.noMapping, { set: setName }));
    if (!mapped.value)
      return refuse(fillBenchmark(BENCHMARK_MSG.noValue, { set: setName, type: mapped.typeKey }));
    published = { set, value: mapped.value };
  }
  const base = { organisationId: r.organisationId, visible: r.visible };
  const who = { organisationId: r.organisationId, entityId: entity.id };
  const use = (await q.entityUse(db, { ...base, entityIds: [entity.id], from, till })).get(entity.id);
  if (!use || use.monthsWithData === 0)
    return refuse(fillBenchmark(BENCHMARK_MSG.noConsumption, { end: formatMonth(r.end) }));
  result.entityKwh = { electricity: Math.round(use.electricity), fossil: Math.round(use.fossil) };
  result.completeness = {
    ...result.completeness,
    monthsComplete: use.monthsComplete,
    estimated: use.estimated,
  };
  if (use.monthsComplete < 12)
    result.footnotes.push(
      `Incomplete: ${use.monthsComplete} of the 12 months have complete data for every data source of the entity.`,
    );
  if (use.estimated) result.footnotes.push('Some of the figures come from estimated reads.');
  if (r.visible !== null)
    result.footnotes.push('Data sources you may not see are left out of the entity’s figures.');

  if (r.level === 0) {
    const prior = q.twelveMonths(addMonths(from, -1));
    const before = (await q.entityUse(db, { ...base, entityIds: [entity.id], ...prior })).get(entity.id);
    if (!before || before.monthsWithData === 0)
      return refuse(fillBenchmark(BENCHMARK_MSG.noPriorConsumption, { start: formatMonth(from) }));
    const weather = await weatherFor(db, who, { from, till }, { past: prior });
    result.weather = weather.statement;
    result.indicators = entity.indicators.map((i) => ({
      indicator: i.label,
      indicatorId: i.id,
      value: i.value,
      indicatorUnit: i.unit,
      samples: labelWeather(compareWithPast(i, use, before, weather.factor).map(toSample), weather),
    }));
    if (before.monthsComplete < 12)
      result.footnotes.push(`The earlier 12 months have ${before.monthsComplete} complete months.`);
  } else if (r.level === 1) {
    const others = (await q.entityFacts(db, r.organisationId, { buildsegId: entity.buildsegId })).filter(
      (e) => e.id !== entity.id,
    );
    const uses = await q.entityUse(db, { ...base, entityIds: others.map((e) => e.id), from, till });
    result.indicators = entity.indicators.flatMap((i) => {
      const peers = others.flatMap((e) => {
        const value = e.indicators.find((x) => x.id === i.id)?.value;
        const u = uses.get(e.id);
        return value && u && u.electricity + u.fossil > 0 ? [{ value, use: u }] : [];
      });
      if (peers.length === 0) return [];
      return [
        {
          indicator: `${i.label} (${peers.length} peer${peers.length === 1 ? '' : 's'})`,
          indicatorId: i.id,
          value: i.value,
          indicatorUnit: i.unit,
          samples: compareWithPeers(i, use, peers).map(toSample),
        },
      ];
    });
    if (result.indicators.length === 0) return refuse(BENCHMARK_MSG.noPeers);
    result.weather = {
      normalised: false,
      text: 'Not weather-normalised: the peers share the organisation’s weather.',
    };
    result.typeName = entity.segmentation;
  } else if (published) {
    const { set, value } = published;
    result.typeName = value.typeName;
    result.publication = value.publication;
    const weather =
      set.metric === 'electricity-fossil' && set.referenceHdd !== null
        ? await weatherFor(db, who, { from, till }, { reference: set })
        : {
            factor: null,
            statement: {
              normalised: false,
              text: 'Not weather-normalised: the set assumes no weather adjustment.',
            },
          };
    result.weather = weather.statement;
    result.indicators = [
      {
        indicator: area.label,
        indicatorId: area.id,
        value: area.value,
        indicatorUnit: area.unit,
        samples: labelWeather(
          compareWithPublished(area.value, use, value, set.unit, weather.factor).map(toSample),
          set.metric === 'electricity-fossil' && set.referenceHdd !== null ? weather : null,
        ),
      },
    ];
    if (set.secondary || value.secondary)
      result.footnotes.push(
        'The set’s figures were transcribed from a secondary source and have not yet been checked against the publication.',
      );
  }
  if (result.indicators.some((i) => i.samples.some((s) => s.possibleImprovement < 0)))
    result.footnotes.push(`* ${BENCHMARK_MSG.negativeImprovement}`);
  return { ...result, calculated: true };
}
