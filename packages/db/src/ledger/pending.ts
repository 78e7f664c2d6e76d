import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../client';
import { andAmong } from '../sql-arrays';
import type { LockedMeter } from './lock';

/**
 * Meters whose facts wait for the background recompute (docs/domain.md, Recompute). Changes that touch many
 * meters (a factor edit, a factor source change, a bulk action) mark them here in their own transaction and
 * answer at once; the `ledger.recompute-pending` job drains the list in batches, and while a meter is listed,
 * figure calls name it `unavailable` and the screens poll again.
 */

/**
 * Marks the given meters of an organisation pending (all its live meters when `meterIds` is omitted). Rows
 * go in in id order so two concurrent marks of the same meters queue rather than deadlock.
 */
export async function markPending(tx: DbOrTx, organisationId: number, meterIds?: readonly number[]) {
  const only = andAmong('id', meterIds ?? null);
  const rows = await tx.execute(sql`
    insert into ledger_pending (meter_id, organisation_id)
    select id, organisation_id from meters
    where organisation_id = ${organisationId} and deleted_at is null ${only}
    order by id
    on conflict (meter_id) do update set requested_at = now()`);
  return rows.rowCount ?? 0;
}

/** Marks pending every live meter whose data type (or a composite's component) is one of the given ones. */
export async function markPendingByDataTypes(tx: DbOrTx, dataTypeIds: readonly number[]) {
  if (dataTypeIds.length === 0) return 0;
  const types = sql.param([...dataTypeIds]);
  const rows = await tx.execute(sql`
    insert into ledger_pending (meter_id, organisation_id)
    select id, organisation_id from meters
    where deleted_at is null and (energy_id = any(${types}::int[])
      or energy_id in (select composite_id from composite_components where component_id = any(${types}::int[])))
    order by id
    on conflict (meter_id) do update set requested_at = now()`);
  return rows.rowCount ?? 0;
}

/**
 * After a recompute: the meters are fresh again, unless they were marked once more after the recompute
 * locked them (then the facts may predate that change and the mark stays for the job).
 */
export async function clearPending(tx: Tx, locked: readonly LockedMeter[]) {
  const seen = locked.filter((m) => m.pending_since !== null);
  if (seen.length === 0) return;
  // Meters of one organisation: pinned to it, so one shard answers (docs/scaling.md, Shard readiness).
  const organisations = [...new Set(seen.map((m) => m.organisation_id))];
  const pin = organisations.length === 1 ? sql`p.organisation_id = ${organisations[0]} and ` : sql``;
  await tx.execute(sql`
    delete from ledger_pending p
    using unnest(${sql.param(seen.map((m) => m.id))}::int[], ${sql.param(seen.map((m) => m.pending_since))}::timestamptz[])
      as s(meter_id, requested_at)
    where ${pin}p.meter_id = s.meter_id and p.requested_at = s.requested_at`);
}

/**
 * The next meters to recompute, oldest first. No row locks: the recompute locks the meters themselves
 * (lock order: meters first), and one drain runs at a time (the job's queue is a singleton).
 */
export async function nextPendingBatch(db: DbOrTx, size: number) {
  const rows = await db.execute<{ meter_id: number }>(sql`
    select meter_id from ledger_pending order by requested_at, meter_id limit ${size}`);
  return rows.rows.map((r) => r.meter_id);
}

/** Pending meters of one organisation (the figure calls' `unavailable`). */
export async function pendingMeterIds(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{ id: number }>(
    sql`select meter_id as id from ledger_pending where organisation_id = ${organisationId} order by meter_id`,
  );
  return rows.rows.map((r) => r.id);
}

/** How many meters wait, in one organisation, or everywhere. */
export async function pendingCount(db: DbOrTx, organisationId?: number) {
  const rows = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ledger_pending ${organisationId === undefined ? sql`` : sql`where organisation_id = ${organisationId}`}`,
  );
  return rows.rows[0]?.n ?? 0;
}

/**
 * When an organisation's day has turned since its facts were last brought up to it (ledger_days), marks
 * pending its live meters with transactions or fuel purchases from the old day's month on: their facts
 * count the days up to today (an event-based meter's month is covered up to today). The first time an
 * organisation is seen, the month before today's is taken as the old day's. Answers how many were marked.
 */
export async function markDayTurned(db: DbOrTx, now: Date) {
  const rows = await db.execute(sql`
    with days as (
      select id as organisation_id, (${now.toISOString()}::timestamptz at time zone time_zone)::date as today
      from organisations
    ),
    old as (select organisation_id, today from ledger_days),
    turned as (
      insert into ledger_days (organisation_id, today) select organisation_id, today from days
      on conflict (organisation_id) do update set today = excluded.today
        where ledger_days.today is distinct from excluded.today
      returning organisation_id, today
    ),
    since as (
      select t.organisation_id,
        date_trunc('month', coalesce(o.today, (t.today - interval '1 month')::date))::date as day
      from turned t left join old o on o.organisation_id = t.organisation_id
    )
    insert into ledger_pending (meter_id, organisation_id)
    select m.id, m.organisation_id from meters m join since s on s.organisation_id = m.organisation_id
    where m.deleted_at is null and (
      exists (select 1 from transactions x where x.meter_id = m.id and x.tx_date >= s.day)
      or exists (select 1 from fuel_purchases f where f.meter_id = m.id and f.purchase_date >= s.day))
    order by m.id
    on conflict (meter_id) do update set requested_at = now()`);
  return rows.rowCount ?? 0;
}
