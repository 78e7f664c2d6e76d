import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { factFilter, factsSource } from './read-model-basis';
import type { FactEdition, FactQuery } from './read-model-types';

/**
 * Which editions of emission factors produced a figure's kg CO2e (docs/decisions/factor-editions.md, Which edition
 * produced a figure): the editions of the factor versions recorded by the facts the figure sums (the same
 * organisation, months, meters and filters as the read model's query, only facts counted in emissions).
 * Factors entered by hand have no edition and are named by their factor set. A period spanning a switch of
 * edition names both; by name. `market: false` leaves out residual-mix factors (market-based
 * scope 2), for figures that are location-based only.
 */
export async function factEditions(
  db: DbOrTx,
  query: Omit<FactQuery, 'by'>,
  options: { market?: boolean } = {},
): Promise<FactEdition[]> {
  const where = factFilter(query);
  if (query.totals ?? true) where.push(sql`f.counts_emissions`);
  const needsMeter = query.siteIds !== undefined;
  const rows = await db.execute<{ id: number | null; name: string }>(sql`
    with used as (
      select distinct v.id
      from ${factsSource(query)} f
      ${needsMeter ? sql`join meters m on m.organisation_id = f.organisation_id and m.id = f.meter_id` : sql``}
      ${query.stdUnit !== undefined ? sql`left join data_types d on d.id = f.energy_id` : sql``}
      cross join lateral unnest(f.factor_versions) as v(id)
      where ${sql.join(where, sql` and `)}
    )
    select e.id, coalesce(e.name, s.name || ' (entered by hand)') as name
    from used u
    join emission_factor_versions v on v.id = u.id
    join emission_factors ef on ef.id = v.factor_id
    join emission_factor_sources s on s.id = ef.source_id
    left join emission_factor_editions e on e.id = ef.edition_id
    ${options.market === false ? sql`where ef.scope2_basis is distinct from 'residual-mix'` : sql``}
    group by e.id, e.name, s.name
    order by 2`);
  return rows.rows.map((r) => ({ id: r.id === null ? null : Number(r.id), name: r.name }));
}
