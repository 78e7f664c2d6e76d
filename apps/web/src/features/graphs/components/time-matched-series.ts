import type { GraphSeriesDef } from '@verdant/contracts/graphs';
import type { GraphQuantity } from '@verdant/domain/graphs/series';

/**
 * Time-matched scope 2 in the time series (docs/decisions/graphs.md, Time-matched scope 2 in the builder):
 * the time-matched figure is added with the same half hours at the annual average and the difference beside
 * it, unless the user asks for it alone.
 */
export const isTimeMatched = (q: Pick<GraphQuantity, 'source' | 'filter'> | null) =>
  q?.source === 'time-matched' && q.filter === 'matched';

/** The series and, for the time-matched figure, its average and difference (as the source offers them). */
export function withAverage(
  base: GraphSeriesDef,
  offered: readonly GraphQuantity[],
  beside: boolean,
): GraphSeriesDef[] {
  if (!beside || !isTimeMatched(base.quantity)) return [base];
  const others = offered.filter(
    (q) => q.source === 'time-matched' && (q.filter === 'average' || q.filter === 'difference'),
  );
  return [base, ...others.map((quantity) => ({ ...base, quantity: { ...base.quantity, ...quantity } }))];
}
