import type { DbOrTx } from '@verdant/db/client';
import type { Weather } from '@verdant/domain/benchmark/compare';
import * as q from './benchmark.queries';
import * as p from './public-degree-days';

/**
 * Degree-day normalisation (docs/decisions/benchmark.md, Weather): the fossil-thermal benchmark (the earlier
 * year's use, or a set's figure for its stated degree days) is brought to the degree days of the 12 months
 * compared. The organisation's own series comes first; without one, the public heating degree days of the
 * entity's site's region (docs/decisions/public-datasets.md, The benchmark's weather from a public dataset).
 * Stated on the page either way, with what it was normalised against, or the reason when it is not done.
 */
export interface WeatherOutcome {
  factor: Weather | null;
  statement: { normalised: boolean; text: string };
}

type Period = { from: string; till: string };
type Against = { past?: Period; reference?: q.SetRow };

/** The base the published sets state (CIBSE TM46), and the one preferred against the entity's own past. */
const TM46_BASE_C = 15.5;
const sameBase = (a: number, b: number) => Math.abs(a - b) <= 0.01;
const number = (n: number) => Math.round(n).toLocaleString('en-NZ');
const not = (reason: string): WeatherOutcome => ({
  factor: null,
  statement: { normalised: false, text: `Not weather-normalised: ${reason}.` },
});
const normalised = (yearHdd: number, benchmarkHdd: number, against: Against, named: string) => ({
  factor: { yearHdd, benchmarkHdd },
  statement: {
    normalised: true,
    text: against.past
      ? `Weather-normalised: the earlier 12 months’ fossil-thermal use is brought from their ${number(benchmarkHdd)} heating degree days to this year’s ${number(yearHdd)} (${named}).`
      : `Weather-normalised: the set’s fossil-thermal figure is brought from its ${number(benchmarkHdd)} heating degree days to the year’s ${number(yearHdd)} (${named}).`,
  },
});

export async function weatherFor(
  db: DbOrTx,
  who: { organisationId: number; entityId: number },
  year: Period,
  against: Against,
): Promise<WeatherOutcome> {
  const set = against.reference;
  if (!against.past && (!set || set.referenceHdd === null))
    return not('the set assumes no weather adjustment');
  const now = await q.degreeDays(db, who.organisationId, year.from, year.till);
  if (!now) return fromPublic(db, who, year, against);
  const named = `${now.name}, base ${now.baseC} °C; ${now.source}`;
  if (now.months < 12) return not(`the degree-day series (${now.name}) has ${now.months} of the 12 months`);
  if (against.past) {
    const past = await q.degreeDays(db, who.organisationId, against.past.from, against.past.till);
    if (!past || past.months < 12)
      return not(`the degree-day series (${now.name}) lacks months of the earlier 12 months`);
    return normalised(now.hdd, past.hdd, against, named);
  }
  if (!set || set.referenceHdd === null) return not('the set assumes no weather adjustment');
  if (set.referenceBaseC !== null && !sameBase(set.referenceBaseC, now.baseC))
    return not(`the degree-day series' base (${now.baseC} °C) is not the set's (${set.referenceBaseC} °C)`);
  return normalised(now.hdd, set.referenceHdd, against, named);
}

/** No series of the organisation's own: the region's public heating degree days, by the decided rule. */
async function fromPublic(
  db: DbOrTx,
  who: { organisationId: number; entityId: number },
  year: Period,
  against: Against,
): Promise<WeatherOutcome> {
  const none = 'the organisation has no degree-day series of its own and';
  const region = await p.entityRegion(db, who.organisationId, who.entityId);
  if (!region) return not(`${none} the site has no region`);
  const all = await p.regionHeating(db, region.id);
  if (all.length === 0) return not(`${none} there are no public heating degree days for ${region.name}`);
  const set = against.reference;
  const base = !against.past && set?.referenceBaseC != null ? set.referenceBaseC : null;
  const chosen =
    base !== null
      ? all.find((d) => sameBase(d.baseC, base))
      : (all.find((d) => sameBase(d.baseC, TM46_BASE_C)) ?? all[0]);
  if (!chosen) {
    const bases = [...new Set(all.map((d) => `${d.baseC} °C`))].join(', ');
    return not(
      `${none} the public heating degree days for ${region.name} have base ${bases}, not the set's ${base} °C`,
    );
  }
  const named = `${chosen.name}, public heating degree days for ${region.name}, base ${chosen.baseC} °C; ${chosen.source}${chosen.sample ? `; ${chosen.sample}` : ''}`;
  const now = await p.datasetHdd(db, chosen.id, year.from, year.till);
  if (now.months < 12)
    return not(`the public heating degree days (${chosen.name}) have ${now.months} of the 12 months`);
  if (against.past) {
    const past = await p.datasetHdd(db, chosen.id, against.past.from, against.past.till);
    if (past.months < 12)
      return not(
        `the public heating degree days (${chosen.name}) have ${past.months} of the earlier 12 months`,
      );
    return normalised(now.hdd, past.hdd, against, named);
  }
  return normalised(now.hdd, set?.referenceHdd ?? 0, against, named);
}
