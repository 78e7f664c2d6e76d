import { type SQL, sql } from 'drizzle-orm';
import { intArray } from '../sql-arrays';
import type { FactQuery } from './read-model-types';

/**
 * The conditions on the facts `f` of a query (a site filter needs the meter `m`, a unit the data type `d`).
 */
export function factFilter(query: Omit<FactQuery, 'by'>): SQL[] {
  const where: SQL[] = [
    sql`f.organisation_id = ${query.organisationId}`,
    sql`f.month between ${query.from} and ${query.till}`,
  ];
  if (query.totals ?? true) where.push(sql`f.counts_in_totals`);
  if (query.visible !== null) where.push(sql`f.meter_id = any(${intArray(query.visible)})`);
  if (query.siteIds) where.push(sql`m.site_id = any(${intArray(query.siteIds)})`);
  if (query.months) where.push(sql`f.month = any(${sql.param(query.months)}::date[])`);
  if (query.energyIds) where.push(sql`f.energy_id = any(${intArray(query.energyIds)})`);
  if (query.stdUnit !== undefined) where.push(sql`d.std_unit = ${query.stdUnit}`);
  return where;
}

/**
 * By entity, each fact counts times the share in force in its month (docs/domain.md, Aggregation): the shares of
 * the latest valid_from on or before the month, of live entities, above zero; `sh.entity_id` and `sh.weight`.
 */
export const entityShares = sql`join lateral (
    select s.entity_id, s.percentage / 100.0 as weight
    from meter_entity_shares s
    join entities e on e.organisation_id = s.organisation_id and e.id = s.entity_id and e.deleted_at is null
    where s.organisation_id = f.organisation_id and s.meter_id = f.meter_id and s.percentage > 0
      and s.valid_from = (select max(s2.valid_from) from meter_entity_shares s2
        where s2.organisation_id = f.organisation_id and s2.meter_id = f.meter_id and s2.valid_from <= f.month)
  ) sh on true`;

/**
 * The facts the read model sums (docs/decisions/factor-editions.md, Reports as originally reported): the monthly
 * facts as they stand ("restated", the default), or as they stood before the restatements that replaced them
 * ("original"): each meter's month takes the emissions, days factored and factor versions kept by the first
 * restatement done that touched it (restated_facts), its other columns as they stand.
 */
export function factsSource(query: Pick<FactQuery, 'organisationId' | 'from' | 'till' | 'basis'>): SQL {
  if ((query.basis ?? 'restated') === 'restated') return sql`monthly_facts`;
  const kept = (column: string) =>
    sql.raw(`case when o.meter_id is null then f.${column} else coalesce(o.${column}, 0) end as ${column}`);
  return sql`(
    select f.organisation_id, f.meter_id, f.month, f.energy_id, f.counts_in_totals, f.counts_consumption,
      f.counts_emissions, f.quantity_std, f.exported_std, f.cost, f.market_certificate_kwh, f.market_supplier_kwh,
      f.market_residual_kwh, f.market_grid_kwh, f.days_open, f.days_covered, f.days_costed, f.estimated, f.flagged,
      ${kept('co2e_scope1')}, ${kept('co2e_scope2_location')}, ${kept('co2e_scope2_market')},
      ${kept('co2e_scope3')}, ${kept('days_factored')},
      case when o.meter_id is null then f.factor_versions else coalesce(o.factor_versions, '{}') end
        as factor_versions
    from monthly_facts f
    left join (
      select distinct on (r.meter_id, r.month) r.*
      from restated_facts r
      join restatements s on s.id = r.restatement_id and s.status = 'done'
      where r.organisation_id = ${query.organisationId} and r.month between ${query.from} and ${query.till}
      order by r.meter_id, r.month, s.confirmed_at, s.id
    ) o on o.meter_id = f.meter_id and o.month = f.month
    where f.organisation_id = ${query.organisationId} and f.month between ${query.from} and ${query.till}
  )`;
}
