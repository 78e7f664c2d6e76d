import type { DbOrTx } from '@verdant/db/client';
import type { Weather } from '@verdant/domain/benchmark/compare';
import * as q from './benchmark.queries';

/**
 * Degree-day normalisation where a series exists (docs/decisions/benchmark.md, Weather): the fossil-thermal
 * benchmark (the earlier year's use, or a set's figure for its stated degree days) is brought to the degree
 * days of the 12 months compared. Stated on the page either way, with the reason when it is not done.
 */
export interface WeatherOutcome {
  factor: Weather | null;
  statement: { normalised: boolean; text: string };
}

const number = (n: number) => Math.round(n).toLocaleString('en-NZ');
const not = (reason: string): WeatherOutcome => ({
  factor: null,
  statement: { normalised: false, text: `Not weather-normalised: ${reason}.` },
});

export async function weatherFor(
  db: DbOrTx,
  organisationId: number,
  year: { from: string; till: string },
  against: { past?: { from: string; till: string }; reference?: q.SetRow },
): Promise<WeatherOutcome> {
  const now = await q.degreeDays(db, organisationId, year.from, year.till);
  if (!now) return not('no degree-day series is loaded for the organisation');
  const named = `${now.name}, base ${now.baseC} °C; ${now.source}`;
  if (now.months < 12) return not(`the degree-day series (${now.name}) has ${now.months} of the 12 months`);
  if (against.past) {
    const past = await q.degreeDays(db, organisationId, against.past.from, against.past.till);
    if (!past || past.months < 12)
      return not(`the degree-day series (${now.name}) lacks months of the earlier 12 months`);
    return {
      factor: { yearHdd: now.hdd, benchmarkHdd: past.hdd },
      statement: {
        normalised: true,
        text: `Weather-normalised: the earlier 12 months’ fossil-thermal use is brought from their ${number(past.hdd)} heating degree days to this year’s ${number(now.hdd)} (${named}).`,
      },
    };
  }
  const set = against.reference;
  if (!set || set.referenceHdd === null) return not('the set assumes no weather adjustment');
  if (set.referenceBaseC !== null && Math.abs(set.referenceBaseC - now.baseC) > 0.01)
    return not(`the degree-day series' base (${now.baseC} °C) is not the set's (${set.referenceBaseC} °C)`);
  return {
    factor: { yearHdd: now.hdd, benchmarkHdd: set.referenceHdd },
    statement: {
      normalised: true,
      text: `Weather-normalised: the set’s fossil-thermal figure is brought from its ${number(set.referenceHdd)} heating degree days to the year’s ${number(now.hdd)} (${named}).`,
    },
  };
}
