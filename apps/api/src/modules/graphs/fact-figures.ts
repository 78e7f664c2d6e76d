import type { FactMeasure, FactSums } from '@verdant/db/ledger/read-model';
import type { Figure } from '@verdant/domain/graphs/build';
import type { GraphQuantity } from '@verdant/domain/graphs/series';

type Amount = { [K in FactMeasure]: FactSums[K] extends number ? K : never }[FactMeasure];
type Flag = { [K in FactMeasure]: FactSums[K] extends boolean ? K : never }[FactMeasure];

/**
 * The read model's three measures behind a quantity's figure (docs/domain.md, Completeness and estimates): its
 * value, whether it is incomplete, whether it was built from an estimate.
 */
function measuresFor(type: GraphQuantity['type']): readonly [Amount, Flag, Flag] {
  switch (type) {
    case 'cons':
      return ['cons', 'cons_incomplete', 'cons_estimated'];
    case 'cost':
      return ['cost', 'cost_incomplete', 'cost_estimated'];
    case 'units':
      return ['units', 'units_incomplete', 'cost_estimated'];
    default:
      return [type, 'co2e_incomplete', 'co2e_estimated'];
  }
}

/** A fact row's figure of a quantity, with its completeness. */
export function figureOf(quantity: GraphQuantity, r: FactSums): Figure {
  const [value, incomplete, estimated] = measuresFor(quantity.type);
  return { value: r[value], incomplete: r[incomplete], estimated: r[estimated] };
}

/** The measures figureOf reads of a quantity: the read model sums these three of its thirty. */
export function measuresOf(quantity: GraphQuantity): FactMeasure[] {
  return [...measuresFor(quantity.type)];
}
