import { type SQL, sql } from 'drizzle-orm';
import type { FactMeasure, FactQuery } from './read-model-types';

/**
 * The read model's measures (docs/domain.md, The read model) as aggregates over the facts `f`: each counts the
 * meters that count in it (docs/domain.md, Which meters count) when the query asks for totals. `only`, when
 * given, narrows every aggregate further (one month of a comparison, see `measureColumns`).
 */
function measures(query: Pick<FactQuery, 'by' | 'totals'>, only: SQL | null): [FactMeasure, SQL][] {
  const totals = query.totals ?? true;
  const cons = totals ? sql`f.counts_consumption and d.type_id = 1` : sql`true`;
  const cost = totals ? sql`f.counts_in_totals` : sql`true`;
  const emissions = totals ? sql`f.counts_emissions` : sql`true`;
  const byEntity = query.by.includes('entity');
  const and = (filter: SQL | null) => (filter && only ? sql`${filter} and ${only}` : (filter ?? only));
  const where = (filter: SQL | null) => {
    const both = and(filter);
    return both ? sql` filter (where ${both})` : sql``;
  };
  const weighted = (value: SQL) => (byEntity ? sql`(${value}) * sh.weight` : value);
  const sum = (value: SQL, filter: SQL) => sql`coalesce(sum(${weighted(value)})${where(filter)}, 0)::float8`;
  const count = (value: SQL, filter: SQL | null) => sql`coalesce(sum(${value})${where(filter)}, 0)::int`;
  const short = (days: SQL, filter: SQL) =>
    sql`coalesce(bool_or(${days} < f.days_open)${where(filter)}, false)`;
  const estimated = (filter: SQL) => sql`coalesce(bool_or(f.estimated)${where(filter)}, false)`;
  const co2e = sql`f.co2e_scope1 + f.co2e_scope2_location + f.co2e_scope3`;
  return [
    ['cons', sum(sql`f.quantity_std`, cons)],
    ['cost', sum(sql`f.cost`, cost)],
    ['co2e', sum(co2e, emissions)],
    ['scope1', sum(sql`f.co2e_scope1`, emissions)],
    ['scope2', sum(sql`f.co2e_scope2_location`, emissions)],
    ['scope2_market', sum(sql`f.co2e_scope2_market`, emissions)],
    ['scope3', sum(sql`f.co2e_scope3`, emissions)],
    ['units', sum(sql`f.quantity_std`, cost)],
    ['facts', sql`count(*)${where(null)}::int`],
    ['days_open', count(sql`f.days_open`, null)],
    ['days_covered', count(sql`f.days_covered`, null)],
    ['cons_incomplete', short(sql`f.days_covered`, cons)],
    ['cost_incomplete', short(sql`f.days_costed`, cost)],
    ['co2e_incomplete', short(sql`f.days_factored`, emissions)],
    ['units_incomplete', short(sql`f.days_covered`, cost)],
    ['cons_estimated', estimated(cons)],
    ['cost_estimated', estimated(cost)],
    ['co2e_estimated', estimated(emissions)],
    ['co2e_days_open', count(sql`f.days_open`, emissions)],
    ['co2e_days_factored', count(sql`f.days_factored`, emissions)],
    ['market_certificate_kwh', sum(sql`f.market_certificate_kwh`, emissions)],
    ['market_supplier_kwh', sum(sql`f.market_supplier_kwh`, emissions)],
    ['market_residual_kwh', sum(sql`f.market_residual_kwh`, emissions)],
    ['market_grid_kwh', sum(sql`f.market_grid_kwh`, emissions)],
    ['cons_days_open', count(sql`f.days_open`, cons)],
    ['cons_days_covered', count(sql`f.days_covered`, cons)],
    ['cost_days_open', count(sql`f.days_open`, cost)],
    ['cost_days_costed', count(sql`f.days_costed`, cost)],
    ['cons_from_estimates', sum(sql`f.quantity_std`, sql`${cons} and f.estimated`)],
    ['cost_from_estimates', sum(sql`f.cost`, sql`${cost} and f.estimated`)],
    ['co2e_from_estimates', sum(co2e, sql`${emissions} and f.estimated`)],
  ];
}

/**
 * The select list's measures: every one, or those the query names. With `perMonth`, each measure comes once per
 * month of `months`, as `<measure>_<index>` (cons_0, cons_1 ...), over that month's facts only, so that a
 * comparison of two months sums each meter's facts in one level (docs/decisions/performance.md, A comparison of
 * two months in one level).
 */
export function measureColumns(query: FactQuery): SQL[] {
  const named = (list: [FactMeasure, SQL][]) =>
    query.measures ? list.filter(([name]) => query.measures?.includes(name)) : list;
  if (!query.perMonth)
    return named(measures(query, null)).map(([name, value]) => sql`${value} as ${sql.raw(name)}`);
  if (!query.months || query.by.includes('month')) throw new Error('perMonth needs months and no month key');
  return query.months.flatMap((month, i) =>
    named(measures(query, sql`f.month = ${month}::date`)).map(
      ([name, value]) => sql`${value} as ${sql.raw(`${name}_${i}`)}`,
    ),
  );
}
