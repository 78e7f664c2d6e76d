import type { FactMeasure, FactSums } from '@verdant/db/ledger/read-model';
import type { Figure } from '@verdant/domain/graphs/build';
import type { GraphQuantity } from '@verdant/domain/graphs/series';

/** A fact row's figure of a quantity, with its completeness (docs/domain.md, Completeness and estimates). */
export function figureOf(quantity: GraphQuantity, r: FactSums): Figure {
  switch (quantity.type) {
    case 'cons':
      return { value: r.cons, incomplete: r.cons_incomplete, estimated: r.cons_estimated };
    case 'cost':
      return { value: r.cost, incomplete: r.cost_incomplete, estimated: r.cost_estimated };
    case 'units':
      return { value: r.units, incomplete: r.units_incomplete, estimated: r.cost_estimated };
    default:
      return { value: r[quantity.type], incomplete: r.co2e_incomplete, estimated: r.co2e_estimated };
  }
}

/** The measures figureOf reads of a quantity: the read model sums these three of its thirty. */
export function measuresOf(quantity: GraphQuantity): FactMeasure[] {
  switch (quantity.type) {
    case 'cons':
      return ['cons', 'cons_incomplete', 'cons_estimated'];
    case 'cost':
      return ['cost', 'cost_incomplete', 'cost_estimated'];
    case 'units':
      return ['units', 'units_incomplete', 'cost_estimated'];
    default:
      return [quantity.type, 'co2e_incomplete', 'co2e_estimated'];
  }
}
