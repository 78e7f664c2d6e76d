import { getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { monthlyFacts } from '../schema/ledger';
import { lockRollup, rollupLockSql } from './lock';
import type { StoredFact } from './queries';

type FactRow = typeof monthlyFacts.$inferInsert;

/**
 * The organisation rollup of a set of fact rows, as one `select` over `source` (a CTE or the table): per
 * organisation, month and data type, money summed in numeric (never float), only facts that count in totals,
 * each measure over the meters that count in its totals (docs/domain.md, Which meters count); emissions with
 * scope 2 location-based. A measure is incomplete for a meter when its days are fewer than the days the meter
 * was open.
 */
export const rollupSelect = (source: SQL, sign: '' | '-') => sql`
  select organisation_id, month, coalesce(energy_id, 0),
    ${sql.raw(sign)}coalesce(sum(quantity_std) filter (where counts_consumption), 0),
    ${sql.raw(sign)}sum(cost),
    ${sql.raw(sign)}coalesce(sum(co2e_scope1 + co2e_scope2_location + co2e_scope3) filter (where counts_emissions), 0),
    ${sql.raw(sign)}count(*)::int,
    ${sql.raw(sign)}(count(*) filter (where counts_consumption and days_covered < days_open))::int,
    ${sql.raw(sign)}(count(*) filter (where days_costed < days_open))::int,
    ${sql.raw(sign)}(count(*) filter (where counts_emissions and days_factored < days_open))::int
  from ${source} as f where counts_in_totals
  group by 1, 2, 3
  order by 1, 2, 3`;

/** The columns of organisation_month_facts that rollupSelect fills, in its order. */
export const rollupColumns = sql.raw(`(organisation_id, month, energy_id, quantity_std, cost, co2e, meters,
  incomplete_meters, incomplete_cost, incomplete_co2e)`);

/** Adds a rollup `select` (see rollupSelect) to organisation_month_facts. */
const addToRollup = (select: SQL) => sql`
  insert into organisation_month_facts as t ${rollupColumns}
  ${select}
  on conflict (organisation_id, month, energy_id) do update set
    quantity_std = t.quantity_std + excluded.quantity_std,
    cost = t.cost + excluded.cost,
    co2e = t.co2e + excluded.co2e,
    meters = t.meters + excluded.meters,
    incomplete_meters = t.incomplete_meters + excluded.incomplete_meters,
    incomplete_cost = t.incomplete_cost + excluded.incomplete_cost,
    incomplete_co2e = t.incomplete_co2e + excluded.incomplete_co2e`;

/**
 * Adds (sign '') or subtracts ('-') the factor versions of a set of fact rows to organisation_month_factor_versions:
 * per organisation, month, data type and version, the facts counted in emissions totals that recorded it (the
 * same facts as factEditions reads: counted in totals and in emissions). Returns the rows' new counts.
 */
export const versionsDelta = (source: SQL, sign: '' | '-') => sql`
  insert into organisation_month_factor_versions as t (organisation_id, month, energy_id, factor_version_id, facts)
  select f.organisation_id, f.month, coalesce(f.energy_id, 0), v.id, ${sql.raw(sign)}count(*)::int
  from ${source} as f cross join lateral unnest(f.factor_versions) as v(id)
  where f.counts_in_totals and f.counts_emissions
  group by 1, 2, 3, 4
  order by 1, 2, 3, 4
  on conflict (organisation_id, month, energy_id, factor_version_id) do update set facts = t.facts + excluded.facts
  returning t.facts`;

/** Rows per insert: one array parameter per column, so only the statement's size bounds it. */
const FACT_ROWS_PER_STATEMENT = 10_000;

const FACT_COLUMNS = Object.entries(getTableColumns(monthlyFacts)).map(([key, column]) => ({
  key: key as keyof FactRow,
  name: column.name,
  type: column.getSQLType(),
  array: column.getSQLType().endsWith('[]'),
}));

/**
 * An insert of fact rows as one array per column (`unnest`), returning the rows: building a statement with a
 * parameter per value cost more than computing the facts when thousands of meters are recomputed at once. Array
 * columns go as their text form (unnest would flatten an array of arrays). Every column is given, as the
 * computed rows give every column (sameFact relies on it too).
 */
function insertFacts(rows: FactRow[]) {
  const names = sql.raw(FACT_COLUMNS.map((c) => `"${c.name}"`).join(', '));
  const arrays = FACT_COLUMNS.map((c) =>
    c.array
      ? sql`${sql.param(rows.map((r) => `{${((r[c.key] as number[] | undefined) ?? []).join(',')}}`))}::text[]`
      : sql`${sql.param(rows.map((r) => r[c.key] ?? null))}::${sql.raw(c.type)}[]`,
  );
  const picks = sql.raw(FACT_COLUMNS.map((c, i) => (c.array ? `v.c${i}::${c.type}` : `v.c${i}`)).join(', '));
  const aliases = sql.raw(FACT_COLUMNS.map((_, i) => `c${i}`).join(', '));
  return sql`insert into monthly_facts (${names})
    select ${picks} from unnest(${sql.join(arrays, sql`, `)}) as v(${aliases})
    returning *`;
}

/**
 * Replaces the facts of the given (locked) meters with `rows` and moves the organisation rollup by the
 * difference, all in SQL so money never passes through a JavaScript float. Only the months that changed are
 * written: an invoice edit usually changes one or two of a meter's months, and a rebuild that finds nothing
 * different writes nothing. Stale rows are deleted and subtracted in one statement, new ones inserted and
 * added in another. Holds the organisations' rollup locks (see lockRollup) from the first write to the end
 * of the transaction: the delete statement takes them before it touches a row.
 */
export async function replaceFacts(
  tx: Tx,
  meterIds: readonly number[],
  organisationIds: readonly number[],
  rows: FactRow[],
  /** The meters' stored facts when the caller has read them already (after locking the meters). */
  storedFacts?: StoredFact[],
) {
  if (meterIds.length === 0) return;
  const stored =
    storedFacts ??
    (await tx
      .select()
      .from(monthlyFacts)
      .where(inArray(monthlyFacts.meterId, [...meterIds])));
  const key = (r: { meterId: number; month: string }) => `${r.meterId}|${r.month}`;
  const storedByKey = new Map(stored.map((r) => [key(r), r]));
  const kept = new Set<string>();
  const changed = rows.filter((r) => {
    const old = storedByKey.get(key(r));
    if (old && sameFact(old, r)) kept.add(key(r));
    return !kept.has(key(r));
  });
  const stale = stored.filter((r) => !kept.has(key(r)));
  if (stale.length === 0 && changed.length === 0) return;

  const organisations = [...new Set([...organisationIds, ...rows.map((r) => r.organisationId)])];
  // Facts of one organisation: each statement pinned to it, so one shard answers (docs/scaling.md, Shard
  // readiness).
  const one = organisations.length === 1 ? organisations[0] : undefined;
  const pinFacts = one === undefined ? sql`` : sql`f.organisation_id = ${one} and `;
  // The rollup locks come first: with the delete when there is one (its WHERE waits for them), else alone.
  if (stale.length === 0) await lockRollup(tx, organisations);
  // Rows the subtraction empties are the only ones that may be left with no meter once the new facts are in.
  let emptied = false;
  if (stale.length > 0) {
    const subtracted = await tx.execute<{ emptied: boolean }>(sql`
      with locked as (${rollupLockSql(organisations)}),
      removed as (
        delete from monthly_facts f
        using unnest(${sql.param(stale.map((r) => r.meterId))}::int[], ${sql.param(stale.map((r) => r.month))}::date[])
          as s(meter_id, month)
        where ${pinFacts}f.meter_id = s.meter_id and f.month = s.month and (select count(*) from locked) >= 0
        returning f.*
      ),
      versions as (${versionsDelta(sql`removed`, '-')}),
      rolled as (${addToRollup(rollupSelect(sql`removed`, '-'))} returning t.meters)
      select exists (select 1 from rolled where meters <= 0)
        or exists (select 1 from versions where facts <= 0) as emptied`);
    emptied = subtracted.rows.some((r) => r.emptied);
  }
  for (let i = 0; i < changed.length; i += FACT_ROWS_PER_STATEMENT) {
    const insert = insertFacts(changed.slice(i, i + FACT_ROWS_PER_STATEMENT));
    await tx.execute(sql`with added as (${insert}), versions as (${versionsDelta(sql`added`, '')})
      ${addToRollup(rollupSelect(sql`added`, ''))}`);
  }
  if (emptied) {
    const which = one === undefined ? sql`= any(${sql.param(organisations)}::int[])` : sql`= ${one}`;
    await tx.execute(sql`with versions as (delete from organisation_month_factor_versions
        where facts <= 0 and organisation_id ${which})
      delete from organisation_month_facts where meters <= 0 and organisation_id ${which}`);
  }
}

/**
 * Whether a stored fact row equals a computed one in every column. A column the computed row leaves out
 * counts as a difference (the insert would give it its default), so equality is never assumed.
 */
function sameFact(stored: Record<string, unknown>, computed: Record<string, unknown>) {
  return Object.keys(stored).every(
    (k) => k in computed && JSON.stringify(computed[k] ?? null) === JSON.stringify(stored[k] ?? null),
  );
}
