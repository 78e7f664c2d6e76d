import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

/** Pending alerts per site on the live meters the caller sees (`visible` null = all). */
export async function siteAlertCounts(
  db: DbOrTx,
  organisationId: number,
  siteIds: readonly number[],
  visible: readonly number[] | null,
) {
  const rows = await db.execute<{ site_id: number; n: number }>(sql`
    select m.site_id, count(*)::int as n from meter_alerts a
    join meters m on m.organisation_id = a.organisation_id and m.id = a.meter_id and m.deleted_at is null
    where a.organisation_id = ${organisationId} and a.status = 'pending'
      and m.site_id = any(${`{${siteIds.join(',')}}`}::int[])
      ${visible === null ? sql`` : sql`and m.id = any(${`{${visible.join(',')}}`}::int[])`}
    group by m.site_id`);
  return new Map(rows.rows.map((r) => [r.site_id, r.n]));
}
