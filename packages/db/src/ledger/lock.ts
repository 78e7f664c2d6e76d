import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../client';

export type LockedMeter = {
  id: number;
  organisation_id: number;
  /** When the meter was marked pending, as PostgreSQL text (exact to the microsecond), else null. */
  pending_since: string | null;
};

/**
 * Locks the given meters for the rest of the transaction, in id order, so concurrent writes to the same
 * meters queue instead of colliding (docs/decisions/ledger.md, Lock order). `FOR NO KEY UPDATE` lets other
 * transactions keep adding input rows that reference a meter (their foreign-key check takes `KEY SHARE`), but
 * not recompute it.
 *
 * Lock order, which keeps the ledger free of deadlocks: a transaction takes its meters first (call this
 * before writing the inputs when a write touches several meters), then the organisation rollup lock, and
 * nothing after that. Meters of any organisation may be named: the recompute is the one caller that works
 * across organisations (a rebuild); it returns each meter's organisation so callers can check it.
 */
export async function lockMeters(
  tx: Tx,
  meterIds: readonly number[],
  /** Given, only that organisation's meters are locked, in a statement one shard answers. */
  organisationId?: number,
): Promise<LockedMeter[]> {
  const unique = [...new Set(meterIds)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  const pin = organisationId === undefined ? sql`` : sql`m.organisation_id = ${organisationId} and `;
  const rows = await tx.execute<LockedMeter>(sql`
    select m.id, m.organisation_id, p.requested_at::text as pending_since
    from meters m left join ledger_pending p on p.organisation_id = m.organisation_id and p.meter_id = m.id
    where ${pin}m.id = any(${sql.param(unique)}::int[])
    order by m.id
    for no key update of m`);
  return rows.rows;
}

/**
 * Locks the organisation's rollup rows (`organisation_month_facts`) until the transaction ends, in id
 * order. A transaction-level advisory lock: the rollup's upserts touch rows in no fixed order, so two
 * recomputes of one organisation's meters would otherwise deadlock.
 */
export async function lockRollup(tx: Tx, organisationIds: readonly number[]) {
  const unique = [...new Set(organisationIds)].sort((a, b) => a - b);
  for (const id of unique) {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_CLASS}, ${id})`);
  }
}

/**
 * The rollup locks of `lockRollup` as SQL to put at the head of the statement that first writes the rollup
 * (a CTE the statement must reference, see replaceFacts): one round trip less per recompute. The locks are
 * taken in id order before the statement touches any row.
 */
export function rollupLockSql(organisationIds: readonly number[]) {
  const unique = [...new Set(organisationIds)].sort((a, b) => a - b);
  return sql`select count(*) from (
    select pg_advisory_xact_lock(${ROLLUP_LOCK_CLASS}, id) from unnest(${sql.param(unique)}::int[]) as l(id)) x`;
}

/** The first key of the rollup's advisory locks (the second is the organisation id). */
const ROLLUP_LOCK_CLASS = 9_001;

/** Runs `work` in the caller's transaction, or in a new one when given the pool: locks need a transaction. */
export function inTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? work(db as Tx) : db.transaction(work);
}
