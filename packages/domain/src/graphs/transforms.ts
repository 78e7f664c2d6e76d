/**
 * What the graph builder does to a series' figures (data-portal.md 4, Graph builder): cumulative
 * presentation and the forecast of the last year. A null is a period without a figure (after the end month,
 * or before the data starts); it is never read as zero.
 */
export type Values = readonly (number | null)[];

/** A running total; nulls stay null and do not break the total for later periods. */
export function cumulative(values: Values): (number | null)[] {
  let total = 0;
  return values.map((v) => {
    if (v === null) return null;
    total += v;
    return total;
  });
}

/** Growth of `last` over `prior` on the periods both have figures for; null when the prior ones add to zero. */
export function growth(last: Values, prior: Values): number | null {
  let a = 0;
  let b = 0;
  let shared = 0;
  for (let i = 0; i < last.length; i += 1) {
    const x = last[i];
    const y = prior[i];
    if (x === null || x === undefined || y === null || y === undefined) continue;
    a += x;
    b += y;
    shared += 1;
  }
  if (shared === 0 || b === 0) return null;
  return a / b;
}

/**
 * The forecast of the last year: the periods after its last figure are the prior year's same periods grown
 * by the growth of the last year over the prior one so far (its figures against the prior year's same
 * periods). The caller leaves out trailing figures that are still incomplete, so they are forecast too. Answers one value per period: null where nothing is forecast (periods with figures, or without a
 * prior figure to grow), or null altogether when no growth can be found.
 */
export function forecastYear(last: Values, prior: Values): (number | null)[] | null {
  let lastKnown = -1;
  for (let i = 0; i < last.length; i += 1) if (last[i] !== null && last[i] !== undefined) lastKnown = i;
  if (lastKnown === last.length - 1) return null;
  const rate = growth(last, prior);
  if (rate === null) return null;
  const forecast = last.map((_, i) => {
    const p = prior[i];
    return i > lastKnown && p !== null && p !== undefined ? p * rate : null;
  });
  return forecast.some((v) => v !== null) ? forecast : null;
}

/** Adds figures; null when every one is null (a period with no figure at all). */
export function sumOrNull(values: Values): number | null {
  let total: number | null = null;
  for (const v of values) if (v !== null) total = (total ?? 0) + v;
  return total;
}
