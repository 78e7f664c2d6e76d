import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { intArray } from '../sql-arrays';
import { entityShares, factFilter, factsSource } from './read-model-basis';
import { hiddenFacts, hiddenMeters } from './read-model-hidden';
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
  const hidden =
    tableAnswers(query) && query.visible !== null
      ? await hiddenMeters(db, query.organisationId, query.visible)
      : [];
  const used = tableAnswers(query) && hidden !== undefined ? fromTable(query, hidden) : fromFacts(query);
  const rows = await db.execute<{ id: number | null; name: string }>(sql`
    with used as (${used})
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

/**
 * Whether organisation_month_factor_versions (kept with the facts by the recompute) answers a query: not when it
 * narrows to sites or entities, reads the facts as originally reported, or counts facts outside the totals.
 */
const tableAnswers = (query: Omit<FactQuery, 'by'>) =>
  (query.basis ?? 'restated') === 'restated' &&
  query.siteIds === undefined &&
  query.entityIds === undefined &&
  (query.totals ?? true);

/**
 * The factor versions of a query from organisation_month_factor_versions (a few rows a month): each version's
 * facts, less those of the meters the caller does not see (./read-model-hidden.ts), above none.
 */
function fromTable(query: Omit<FactQuery, 'by'>, hidden: readonly number[]): SQL {
  const where: SQL[] = [
    sql`r.organisation_id = ${query.organisationId}`,
    sql`r.month between ${query.from} and ${query.till}`,
  ];
  if (query.months) where.push(sql`r.month = any(${sql.param(query.months)}::date[])`);
  if (query.energyIds) where.push(sql`r.energy_id = any(${intArray(query.energyIds)})`);
  if (query.stdUnit !== undefined) where.push(sql`d.std_unit = ${query.stdUnit}`);
  if (hidden.length > 0) where.push(sql`r.facts > coalesce(l.facts, 0)`);
  const less =
    hidden.length > 0
      ? sql`left join (
          select f.month, coalesce(f.energy_id, 0) as energy_id, v.id, count(*) as facts
          from ${hiddenFacts(query.organisationId, hidden, query.from, query.till)} f
          cross join lateral unnest(f.factor_versions) as v(id)
          where f.counts_in_totals and f.counts_emissions
          group by 1, 2, 3
        ) l on l.month = r.month and l.energy_id = r.energy_id and l.id = r.factor_version_id`
      : sql``;
  return sql`
    select distinct r.factor_version_id as id
    from organisation_month_factor_versions r
    ${less}
    ${query.stdUnit !== undefined ? sql`join data_types d on d.id = r.energy_id` : sql``}
    where ${sql.join(where, sql` and `)}`;
}

/**
 * The factor versions of a query from the facts themselves: every counted fact's versions, unnested; with
 * `entityIds`, only the facts of months when their meter shared with one of the entities.
 */
function fromFacts(query: Omit<FactQuery, 'by'>): SQL {
  const where = factFilter(query);
  if (query.totals ?? true) where.push(sql`f.counts_emissions`);
  if (query.entityIds) {
    // The meters that ever shared with the entities first, so only their facts are read, then the share in force.
    where.push(sql`f.meter_id in (select s.meter_id from meter_entity_shares s
      where s.organisation_id = ${query.organisationId} and s.entity_id = any(${intArray(query.entityIds)})
        and s.percentage > 0)`);
    where.push(sql`sh.entity_id = any(${intArray(query.entityIds)})`);
  }
  const needsMeter = query.siteIds !== undefined;
  return sql`
    select distinct v.id
    from ${factsSource(query)} f
    ${needsMeter ? sql`join meters m on m.organisation_id = f.organisation_id and m.id = f.meter_id` : sql``}
    ${query.stdUnit !== undefined ? sql`left join data_types d on d.id = f.energy_id` : sql``}
    ${query.entityIds ? entityShares : sql``}
    cross join lateral unnest(f.factor_versions) as v(id)
    where ${sql.join(where, sql` and `)}`;
}
