import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { intArray } from '../sql-arrays';

/**
 * The meters of an organisation a caller does not see, when they are fewer than those it sees; else undefined.
 * A right that bars one site of a hundred leaves most meters visible: the organisation's figures are then the
 * organisation rollups less the few hidden meters' facts (read by meter), instead of every visible meter's facts
 * summed again. Deleted meters count as hidden: a visible list holds live meters only, the rollups every fact.
 */
export async function hiddenMeters(
  db: DbOrTx,
  organisationId: number,
  visible: readonly number[],
): Promise<number[] | undefined> {
  const rows = await db.execute<{ id: number }>(sql`
    select id from meters where organisation_id = ${organisationId}
    except select unnest(${intArray(visible)})`);
  return rows.rows.length <= visible.length ? rows.rows.map((r) => Number(r.id)) : undefined;
}

/** The facts of the hidden meters in a range of months, as a source for the rollups' selects. */
export const hiddenFacts = (
  organisationId: number,
  hidden: readonly number[],
  from: string,
  till: string,
): SQL =>
  sql`(select * from monthly_facts where organisation_id = ${organisationId}
    and meter_id = any(${intArray(hidden)}) and month between ${from} and ${till})`;
