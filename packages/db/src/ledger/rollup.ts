import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { monthlyFacts } from '../schema/inputs';
import { lockRollup } from './lock';

type FactRow = typeof monthlyFacts.$inferInsert;

/**
 * The organisation rollup of a set of fact rows, as one `select` over `source` (a CTE or the table): per
 * organisation, month and data type, money summed in numeric (never float), only facts that count in totals.
 */
export const rollupSelect = (source: SQL, sign: '' | '-') => sql`
  select organisation_id, month, coalesce(energy_id, 0),
    ${sql.raw(sign)}sum(quantity_std), ${sql.raw(sign)}sum(cost), ${sql.raw(sign)}sum(co2e_scope1 + co2e_scope2 + co2e_scope3),
    ${sql.raw(sign)}count(*)::int,
    ${sql.raw(sign)}(count(*) filter (where days_covered < extract(day from (month + interval '1 month' - interval '1 day'))))::int
  from ${source} as f where counts_in_totals
  group by 1, 2, 3
  order by 1, 2, 3`;

/** Adds a rollup `select` (see rollupSelect) to organisation_month_facts. */
const addToRollup = (select: SQL) => sql`
  insert into organisation_month_facts as t
    (organisation_id, month, energy_id, quantity_std, cost, co2e, meters, incomplete_meters)
  ${select}
  on conflict (organisation_id, month, energy_id) do update set
    quantity_std = t.quantity_std + excluded.quantity_std,
    cost = t.cost + excluded.cost,
    co2e = t.co2e + excluded.co2e,
    meters = t.meters + excluded.meters,
    incomplete_meters = t.incomplete_meters + excluded.incomplete_meters`;

/**
 * Replaces the facts of the given (locked) meters with `rows` and moves the organisation rollup by the
 * difference, all in SQL: the old facts are deleted and subtracted in one statement, the new ones inserted
 * and added in another, so money never passes through a JavaScript float. Holds the organisations' rollup
 * locks (see lockRollup) from here to the end of the transaction.
 */
export async function replaceFacts(
  tx: Tx,
  meterIds: readonly number[],
  organisationIds: readonly number[],
  rows: FactRow[],
) {
  if (meterIds.length === 0) return;
  const organisations = [...new Set([...organisationIds, ...rows.map((r) => r.organisationId)])];
  await lockRollup(tx, organisations);
  await tx.execute(sql`
    with removed as (delete from monthly_facts where meter_id = any(${sql.param([...meterIds])}::int[]) returning *)
    ${addToRollup(rollupSelect(sql`removed`, '-'))}`);
  // Stay well under PostgreSQL's 65535 parameters per statement.
  for (let i = 0; i < rows.length; i += 4000) {
    const insert = tx
      .insert(monthlyFacts)
      .values(rows.slice(i, i + 4000))
      .returning();
    await tx.execute(sql`with added as (${insert.getSQL()}) ${addToRollup(rollupSelect(sql`added`, ''))}`);
  }
  if (organisations.length > 0) {
    await tx.execute(sql`delete from organisation_month_facts
      where meters <= 0 and organisation_id = any(${sql.param(organisations)}::int[])`);
  }
}
