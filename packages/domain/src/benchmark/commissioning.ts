/**
 * Design against commissioned against actual energy use (docs/decisions/benchmark.md, Commissioning): the
 * entity's usage figures (design, as commissioned, after intervention: kWh/m² per year) against its actual
 * use intensity over the year from the read model. A gap is only worked out for a whole year of lived months.
 */

export interface CommissioningInput {
  designEui: number | null;
  commissionedEui: number | null;
  interventionEui: number | null;
  /** Gross floor area, m²; null when the entity has none. */
  area: number | null;
  /** kWh over the months lived of the year. */
  kwh: number;
  /** Months of the year lived (up to the last complete one) and of those, months with data for every meter. */
  monthsLived: number;
  monthsComplete: number;
}

export interface Gap {
  /** Actual over the figure (1.5: half as much again). */
  ratio: number;
  /** kWh a year above (+) or below (-) the figure over the floor area. */
  kwh: number;
}

export interface CommissioningFigures {
  actualEui: number | null;
  designGap: Gap | null;
  commissionedGap: Gap | null;
  /** Why there is no actual figure or gap, when there is none. */
  note: string | null;
}

const gap = (actual: number, figure: number | null, area: number): Gap | null =>
  figure === null || figure <= 0 ? null : { ratio: actual / figure, kwh: (actual - figure) * area };

export function commissioningFigures(input: CommissioningInput): CommissioningFigures {
  if (input.area === null || input.area <= 0)
    return { actualEui: null, designGap: null, commissionedGap: null, note: 'No gross floor area' };
  if (input.monthsLived === 0)
    return { actualEui: null, designGap: null, commissionedGap: null, note: 'The year has not started' };
  const actualEui = input.kwh / input.area;
  if (input.monthsLived < 12)
    return {
      actualEui,
      designGap: null,
      commissionedGap: null,
      note: `The year is not over: ${input.monthsLived} of 12 months lived`,
    };
  return {
    actualEui,
    designGap: gap(actualEui, input.designEui, input.area),
    commissionedGap: gap(actualEui, input.commissionedEui, input.area),
    note: input.monthsComplete < 12 ? `Incomplete: ${input.monthsComplete} of 12 months complete` : null,
  };
}
