import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

const intArray = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::int[]`;

/**
 * The live meters whose latest invoice is an estimated read, with the start of that run of estimates: each
 * meter's counted invoices (not reversals, not reversed) latest first, up to the first that is not estimated.
 * `visible` null: every meter.
 */
export async function estimatedReads(db: DbOrTx, organisationId: number, visible: readonly number[] | null) {
  const rows = await db.execute<{
    meter_id: number;
    account: string | null;
    local_name: string;
    since: string;
    estimates: number;
  }>(sql`
    with counted as (
      select im.meter_id, i.date_from, i.read_type,
        row_number() over (partition by im.meter_id order by i.date_from desc, i.id desc) as rn
      from invoices i join invoice_meters im on im.invoice_id = i.id
      where i.organisation_id = ${organisationId} and i.kind in ('normal', 'replacement')
        and not exists (select 1 from invoice_reversals r where r.reversed_id = i.id)
    ), stops as (
      select meter_id, min(rn) filter (where read_type <> 'estimated') as stop from counted group by meter_id
    )
    select m.id as meter_id, m.account, m.local_name, min(c.date_from)::text as since, count(*)::int as estimates
    from counted c join stops s on s.meter_id = c.meter_id
    join meters m on m.organisation_id = ${organisationId} and m.id = c.meter_id and m.deleted_at is null
    where c.rn < coalesce(s.stop, 2147483647)
      ${visible === null ? sql`` : sql`and m.id = any(${intArray(visible)})`}
    group by m.id, m.account, m.local_name
    order by min(c.date_from), lower(m.local_name), m.id`);
  return rows.rows;
}
