import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import type pg from 'pg';

/**
 * What a finished load stored or found stored (docs/decisions/imports.md, Idempotency): for each data source its
 * half-hour days (first, last, how many: meter, register and day), and the periods of the invoices and records
 * its rows became. The same bytes loaded again are 'already imported' only while all of it is still there.
 */
export interface Produced {
  halfHours: { meterId: number; from: string; till: string; days: number }[];
  periods: { meterId: number; from: string; till: string }[];
}

export const NOTHING_PRODUCED: Produced = { halfHours: [], periods: [] };

/** The half-hour days of the load's stage, per data source (read before the transaction ends). */
export async function stagedHalfHours(client: pg.ClientBase): Promise<Produced['halfHours']> {
  const rows = await client.query<{ meter_id: number; from: string; till: string; days: number }>(`
    select meter_id, min(read_date)::text as from, max(read_date)::text as till,
      count(distinct (register, read_date))::int as days
    from half_hour_stage group by meter_id order by meter_id`);
  return rows.rows.map((r) => ({ meterId: r.meter_id, from: r.from, till: r.till, days: r.days }));
}

const intArray = (xs: readonly number[]) => `{${xs.join(',')}}`;
const textArray = (xs: readonly string[]) => `{${xs.join(',')}}`;

/**
 * Whether what a load produced is all still there: every data source it wrote to is live (not deleted), holds
 * at least as many half-hour days in the load's span as the load wrote, and still has an invoice or a
 * consumption record of each period the load's rows became (an invoice reversed since no longer counts).
 */
export async function stillThere(db: DbOrTx, organisationId: number, produced: Produced): Promise<boolean> {
  const meterIds = [
    ...new Set([...produced.halfHours.map((h) => h.meterId), ...produced.periods.map((p) => p.meterId)]),
  ];
  if (meterIds.length > 0) {
    const live = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from meters
      where organisation_id = ${organisationId} and id = any(${intArray(meterIds)}::int[]) and deleted_at is null`);
    if ((live.rows[0]?.n ?? 0) !== meterIds.length) return false;
  }
  const h = produced.halfHours;
  if (h.length > 0) {
    const short = await db.execute<{ n: number }>(sql`
      select count(*)::int as n
      from unnest(${intArray(h.map((x) => x.meterId))}::int[], ${textArray(h.map((x) => x.from))}::date[],
        ${textArray(h.map((x) => x.till))}::date[], ${intArray(h.map((x) => x.days))}::int[])
        as p(meter_id, date_from, date_till, days)
      where (select count(*) from half_hour_days d where d.organisation_id = ${organisationId}
        and d.meter_id = p.meter_id and d.read_date between p.date_from and p.date_till) < p.days`);
    if ((short.rows[0]?.n ?? 0) > 0) return false;
  }
  const p = produced.periods;
  if (p.length > 0) {
    const missing = await db.execute<{ n: number }>(sql`
      select count(*)::int as n
      from unnest(${intArray(p.map((x) => x.meterId))}::int[], ${textArray(p.map((x) => x.from))}::date[],
        ${textArray(p.map((x) => x.till))}::date[]) as p(meter_id, date_from, date_till)
      where not exists (select 1 from consumption_records c where c.organisation_id = ${organisationId}
          and c.meter_id = p.meter_id and c.date_from = p.date_from and c.date_till = p.date_till)
        and not exists (select 1 from invoices i join invoice_meters im on im.invoice_id = i.id
          where i.organisation_id = ${organisationId} and im.meter_id = p.meter_id and i.kind = 'normal'
            and i.date_from = p.date_from and i.date_till = p.date_till
            and not exists (select 1 from invoice_reversals r where r.reversed_id = i.id))`);
    if ((missing.rows[0]?.n ?? 0) > 0) return false;
  }
  return true;
}
