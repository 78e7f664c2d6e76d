import type { DbOrTx } from '@verdant/db/client';
import { andAmong } from '@verdant/db/sql-arrays';
import { sql } from 'drizzle-orm';

/** The open (pending) alerts of the report's meters, newest first, and how many there are. */
export async function openAlerts(
  db: DbOrTx,
  organisationId: number,
  meterIds: number[] | null,
  limit: number,
) {
  const meters = andAmong('a.meter_id', meterIds);
  const rows = await db.execute<{
    meter: string;
    site: string;
    message: string;
    date: string;
    total: number;
  }>(sql`
    select m.local_name as meter, s.name as site, a.message, a.alert_date::text as date,
      count(*) over ()::int as total
    from meter_alerts a
    join meters m on m.organisation_id = a.organisation_id and m.id = a.meter_id and m.deleted_at is null
    join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
    where a.organisation_id = ${organisationId} and a.status = 'pending' ${meters}
    order by a.alert_date desc, a.id desc
    limit ${limit}`);
  return { rows: rows.rows, total: rows.rows[0]?.total ?? 0 };
}
