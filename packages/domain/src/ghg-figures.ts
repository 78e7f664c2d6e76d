/**
 * The GHG charts' figures (data-portal.md 2.7 and 7): kg CO2e by scope, summed from the ledger's read model
 * per meter and activity into the charts' slices and bars, rounded to whole kilograms, each stating how
 * complete it is (the facts' days and estimated flag). Pure: the API reads the sums, these add them up.
 */

/** The GHG charts start in 2000 (data-portal.md 5: 'GHG year at least 2000'). */
export const GHG_FIRST_YEAR = 2000;

export const GHG_MESSAGES = {
  month: 'Enter a month written yyyy-MM',
  bothMonths: 'Choose both a start and an end month',
  order: 'The start month cannot be after the end month',
  firstYear: `The GHG charts start in ${GHG_FIRST_YEAR}: choose a month in ${GHG_FIRST_YEAR} or later`,
  future: 'The end month cannot be after this month',
  grouping: 'Choose a grouping of this organisation',
} as const;

/** Unrounded sums of one slice or bar (kg CO2e, kWh, days). */
export interface Co2eSums {
  scope1: number;
  scope2: number;
  scope2Market: number;
  scope3: number;
  certificateKwh: number;
  supplierKwh: number;
  residualKwh: number;
  gridKwh: number;
  daysOpen: number;
  daysFactored: number;
  incomplete: boolean;
  estimated: boolean;
}

export const zeroSums = (): Co2eSums => ({
  scope1: 0,
  scope2: 0,
  scope2Market: 0,
  scope3: 0,
  certificateKwh: 0,
  supplierKwh: 0,
  residualKwh: 0,
  gridKwh: 0,
  daysOpen: 0,
  daysFactored: 0,
  incomplete: false,
  estimated: false,
});

/** Adds `b` into `a` (figures add, a flag set in either stays set). */
export function addSums(a: Co2eSums, b: Co2eSums): Co2eSums {
  a.scope1 += b.scope1;
  a.scope2 += b.scope2;
  a.scope2Market += b.scope2Market;
  a.scope3 += b.scope3;
  a.certificateKwh += b.certificateKwh;
  a.supplierKwh += b.supplierKwh;
  a.residualKwh += b.residualKwh;
  a.gridKwh += b.gridKwh;
  a.daysOpen += b.daysOpen;
  a.daysFactored += b.daysFactored;
  a.incomplete ||= b.incomplete;
  a.estimated ||= b.estimated;
  return a;
}

/** A chart's figures: whole kg CO2e, whole kWh, and the completeness they are built from. */
export interface Co2eFigures {
  scope1: number;
  /** Location-based. */
  scope2: number;
  scope2Market: number;
  scope3: number;
  /** Scope 1 + scope 2 location-based + scope 3. */
  total: number;
  market: { certificateKwh: number; supplierKwh: number; residualKwh: number; gridKwh: number };
  completeness: {
    /** Every month of every meter has figures for every day it was open. */
    complete: boolean;
    /** Days with emissions as a whole percentage of the days open (100 when complete). */
    coverage: number;
    /** A month was built from an estimated input. */
    estimated: boolean;
  };
}

const whole = (n: number) => {
  const r = Math.round(n);
  return r === 0 ? 0 : r;
};

/**
 * Rounds a slice's sums. The total is rounded from the unrounded scopes, so it can differ by a kilogram from
 * the sum of the rounded ones. Coverage rounds down, so an incomplete figure never says 100%.
 */
export function figuresOf(s: Co2eSums): Co2eFigures {
  const coverage = s.daysOpen === 0 ? 100 : Math.min(100, Math.floor((100 * s.daysFactored) / s.daysOpen));
  return {
    scope1: whole(s.scope1),
    scope2: whole(s.scope2),
    scope2Market: whole(s.scope2Market),
    scope3: whole(s.scope3),
    total: whole(s.scope1 + s.scope2 + s.scope3),
    market: {
      certificateKwh: whole(s.certificateKwh),
      supplierKwh: whole(s.supplierKwh),
      residualKwh: whole(s.residualKwh),
      gridKwh: whole(s.gridKwh),
    },
    completeness: {
      complete: !s.incomplete,
      coverage: s.incomplete ? Math.min(coverage, 99) : 100,
      estimated: s.estimated,
    },
  };
}

/**
 * Sums rows into buckets: each row goes to every bucket `keysOf` names (a meter in two groups of an
 * uncontrolled grouping counts in both); buckets keep the order they are first met in unless sorted later.
 */
export function bucketSums<R, K>(
  rows: readonly R[],
  sumsOf: (row: R) => Co2eSums,
  keysOf: (row: R) => readonly K[],
  keyId: (key: K) => string,
): Map<string, { key: K; sums: Co2eSums }> {
  const buckets = new Map<string, { key: K; sums: Co2eSums }>();
  for (const row of rows) {
    for (const key of keysOf(row)) {
      const id = keyId(key);
      let bucket = buckets.get(id);
      if (!bucket) {
        bucket = { key, sums: zeroSums() };
        buckets.set(id, bucket);
      }
      addSums(bucket.sums, sumsOf(row));
    }
  }
  return buckets;
}

/** The most recent complete reporting year ('yyyy-MM-01' months) given the last complete month. */
export function lastCompleteReportingYear(
  lastMonth: string,
  yearEnd: number,
): { from: string; till: string } {
  const endMonth = Number(lastMonth.slice(5, 7));
  const year = Number(lastMonth.slice(0, 4));
  const endYear = endMonth >= yearEnd ? year : year - 1;
  const till = `${endYear}-${String(yearEnd).padStart(2, '0')}-01`;
  const startMonth = (yearEnd % 12) + 1;
  const startYear = yearEnd === 12 ? endYear : endYear - 1;
  return { from: `${startYear}-${String(startMonth).padStart(2, '0')}-01`, till };
}
