import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { intArray } from '../sql-arrays';
import { entityShares, factFilter, factsSource } from './read-model-basis';
import { hiddenFacts, hiddenMeters } from './read-model-hidden';
import { measureColumns } from './read-model-measures';
import type { FactBasis, FactKey, FactMeasure, FactQuery, FactSums, FactSumsOf } from './read-model-types';
import { rollupColumns, rollupSelect } from './rollup';

/**
 * The ledger's one read model (docs/domain.md, The read model): every figure on a chart, list or dashboard is
 * a sum of facts per meter and month, grouped by month, meter or site, for one organisation, a range of
 * months and the meters the caller may see. Each measure counts the meters that count in its totals
 * (docs/domain.md, Which meters count): consumption the meters with the consumption flag and only energy
 * (kWh) data types, cost the meters in totals, emissions the meters with the carbon flags. A measure is
 * incomplete for a group when one of its meters has fewer days for it than days open.
 *
 * `factSums` is the SQL (to join names, order and page in the callers' queries); `sumFacts` runs it.
 * Organisation-wide monthly totals come from the organisation rollup when no advanced right narrows the view.
 */

export * from './read-model-editions';
export * from './read-model-types';

const KEY: Record<FactKey, SQL> = {
  month: sql`f.month::text as month`,
  meter: sql`f.meter_id`,
  site: sql`m.site_id`,
  entity: sql`sh.entity_id`,
  reporting: sql`d.reporting_group_id`,
  kind: sql`d.type_id`,
  unit: sql`d.std_unit`,
  activity: sql`f.energy_id as activity_id`,
};
const GROUP: Record<FactKey, SQL> = {
  month: sql`f.month`,
  meter: sql`f.meter_id`,
  site: sql`m.site_id`,
  entity: sql`sh.entity_id`,
  reporting: sql`d.reporting_group_id`,
  kind: sql`d.type_id`,
  unit: sql`d.std_unit`,
  activity: sql`f.energy_id`,
};

/** The SQL of the read model: one row per group with every measure (see FactSums). */
export function factSums(query: FactQuery): SQL {
  const where = factFilter(query);
  const byEntity = query.by.includes('entity');
  // Only a site key or filter needs the meter's row; a fact's meter is otherwise its own key.
  const needsMeter = query.by.includes('site') || query.siteIds !== undefined;
  if (byEntity && query.entityIds) where.push(sql`sh.entity_id = any(${intArray(query.entityIds)})`);
  const keys = query.by.map((k) => KEY[k]);
  const groups = query.by.map((k) => GROUP[k]);
  const shares = byEntity ? entityShares : sql``;
  const columns = measureColumns(query);
  return sql`
    select ${sql.join([...keys, ...columns], sql`, `)}
    from ${factsSource(query)} f
    ${needsMeter ? sql`join meters m on m.organisation_id = f.organisation_id and m.id = f.meter_id` : sql``}
    left join data_types d on d.id = f.energy_id
    ${shares}
    where ${sql.join(where, sql` and `)}
    ${groups.length > 0 ? sql`group by ${sql.join(groups, sql`, `)}` : sql``}`;
}

/** Runs the read model: each row has the measures the query names (all thirty when it names none). */
export async function sumFacts<M extends FactMeasure = FactMeasure>(
  db: DbOrTx,
  query: FactQuery & { measures?: readonly M[] },
): Promise<FactSumsOf<M>[]> {
  const rows = await db.execute<FactSums>(factSums(query));
  return rows.rows as FactSumsOf<M>[];
}

/**
 * Runs the read model for several queries in one statement (the graph builder's series): answers each
 * query's rows in order. Each query keeps its own filters, so a series over a few meters reads them by
 * meter and month rather than the whole organisation.
 */
export async function sumFactsBatch(db: DbOrTx, queries: readonly FactQuery[]): Promise<FactSums[][]> {
  if (queries.length === 0) return [];
  // The same query asked twice (one source in several measures) is read once, with the measures of both.
  const keys = queries.map(({ measures: _measures, ...q }) => JSON.stringify(q));
  const distinct = [...new Set(keys)];
  // Each row travels as one jsonb value, so queries grouped by different keys can share the statement.
  const parts = distinct.map((k, i) => {
    const same = queries.filter((_, j) => keys[j] === k);
    const measures = same.every((q) => q.measures)
      ? [...new Set(same.flatMap((q) => q.measures ?? []))]
      : undefined;
    const q = { ...(same[0] as FactQuery), measures };
    return sql`select ${i}::int as query_index, to_jsonb(s) as row from (${factSums(q)}) s`;
  });
  const rows = await serially<{ query_index: number; row: FactSums }>(db, sql.join(parts, sql` union all `));
  const read: FactSums[][] = distinct.map(() => []);
  for (const r of rows) read[r.query_index]?.push(r.row);
  return keys.map((k) => read[distinct.indexOf(k)] ?? []);
}

/**
 * Runs a union of many small read-model queries without parallel workers: each part reads a few hundred
 * facts by index, and starting workers for the union costs more than the whole read (tens of ms).
 */
export async function serially<T extends Record<string, unknown>>(db: DbOrTx, statement: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return (await tx.execute<T>(statement)).rows as T[];
  });
}

export type TotalMeasure = 'cons' | 'cost' | 'co2e';

/**
 * Organisation totals of a measure per month: from the organisation rollup (a few rows a month) when the
 * caller sees every meter, or most of them (the rollup less the hidden meters' facts, ./read-model-hidden.ts),
 * else from the read model over the visible meters. Every path leaves out a month with no counted figure of the
 * measure (docs/decisions/ledger.md, A month with no kWh figure is missing).
 */
export async function monthlyTotals(
  db: DbOrTx,
  organisationId: number,
  measure: TotalMeasure,
  from: string,
  till: string,
  visible: number[] | null,
  basis: FactBasis = 'restated',
): Promise<Map<string, { total: number; incomplete: boolean }>> {
  // The rollup holds the facts as they stand; figures as originally reported are summed from the facts.
  const hidden =
    visible !== null && basis === 'restated' ? await hiddenMeters(db, organisationId, visible) : [];
  if (hidden === undefined || basis === 'original') {
    const measures = [measure, `${measure}_incomplete` as const];
    // kWh: by month and data type's kind, keeping energy (kind 1) only, so that a month of only water figures
    // is missing, as on the rollup path (docs/decisions/ledger.md, A month with no kWh figure is missing).
    const by: FactKey[] = measure === 'cons' ? ['month', 'kind'] : ['month'];
    const rows = await sumFacts(db, { organisationId, by, from, till, visible, basis, measures });
    return new Map(
      rows
        .filter((r) => measure !== 'cons' || r.type_id === 1)
        .map((r) => [r.month ?? '', { total: r[measure], incomplete: r[`${measure}_incomplete`] }]),
    );
  }
  const less = (column: string) => sql.raw(`r.${column} - coalesce(l.${column}, 0)`);
  const column = { cons: less('quantity_std'), cost: less('cost'), co2e: less('co2e') }[measure];
  const incomplete = {
    cons: less('incomplete_meters'),
    cost: less('incomplete_cost'),
    co2e: less('incomplete_co2e'),
  }[measure];
  const rows = await db.execute<{ month: string; total: number; incomplete: boolean }>(sql`
    with l ${rollupColumns} as (
      ${hidden.length > 0 ? rollupSelect(hiddenFacts(organisationId, hidden, from, till), '') : sql`${emptyRollup}`}
    )
    select r.month::text as month, sum(${column})::float8 as total, sum(${incomplete}) > 0 as incomplete
    from organisation_month_facts r
    left join l on l.organisation_id = r.organisation_id and l.month = r.month and l.energy_id = r.energy_id
    ${measure === 'cons' ? sql`join data_types d on d.id = r.energy_id and d.type_id = 1` : sql``}
    where r.organisation_id = ${organisationId} and r.month between ${from} and ${till}
    group by r.month
    having sum(${less('meters')}) > 0`);
  return new Map(rows.rows.map((r) => [r.month, { total: Number(r.total), incomplete: r.incomplete }]));
}

/** No rows, in the rollup's columns. */
const emptyRollup = sql.raw(
  'select null::int, null::date, null::int, 0::float8, 0::numeric, 0::float8, 0, 0, 0, 0 where false',
);

/**
 * What the figures of a query were built from (a report's provenance, docs/decisions/reports.md): the facts
 * counted, the meters, the emission factor versions they used, and a SHA-256 of every counted fact's figures
 * in a fixed order, so that the same inputs give the same fingerprint.
 */
export async function factsProvenance(
  db: DbOrTx,
  query: Omit<FactQuery, 'by'>,
): Promise<{ facts: number; meters: number; factorVersions: number[]; fingerprint: string }> {
  const facts = factSums({ ...query, by: ['meter', 'month'] });
  const rows = await db.execute<{
    facts: number;
    meters: number;
    versions: number[] | null;
    fingerprint: string;
  }>(sql`
    with counted as (${facts}),
    detail as (
      select f.meter_id, f.month, f.factor_versions, concat_ws('|', f.meter_id, f.month, f.energy_id,
        f.quantity_std, f.cost, f.co2e_scope1, f.co2e_scope2_location, f.co2e_scope2_market, f.co2e_scope3,
        f.days_open, f.days_covered, f.days_costed, f.days_factored, f.estimated, f.factor_versions) as line
      from ${factsSource(query)} f
      join counted c on c.meter_id = f.meter_id and c.month::date = f.month
      where f.organisation_id = ${query.organisationId}
    )
    select count(*)::int as facts, count(distinct meter_id)::int as meters,
      (select array_agg(distinct v order by v) from detail, unnest(detail.factor_versions) v) as versions,
      encode(sha256(convert_to(coalesce(string_agg(line, E'\n' order by meter_id, month), ''), 'UTF8')), 'hex')
        as fingerprint
    from detail`);
  const r = rows.rows[0];
  return {
    facts: r?.facts ?? 0,
    meters: r?.meters ?? 0,
    factorVersions: r?.versions ?? [],
    fingerprint: r?.fingerprint ?? '',
  };
}
