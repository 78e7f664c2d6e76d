import type { DbOrTx } from '@verdant/db/client';
import { andAmong, intArray } from '@verdant/db/sql-arrays';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The alert count rule, one place for every count: pending alerts (not scheduled, sent or deleted) per meter of
 * the organisation, as rows `(meter_id, n)` to join to meters (the data sources list, the sites' counts).
 */
export const pendingAlertsPerMeter = (organisationId: number): SQL => sql`
  select a.meter_id, count(*)::int as n from meter_alerts a
  where a.organisation_id = ${organisationId} and a.status = 'pending' group by a.meter_id`;

/** Pending alerts per site on the live meters the caller sees (`visible` null = all). */
export async function siteAlertCounts(
  db: DbOrTx,
  organisationId: number,
  siteIds: readonly number[],
  visible: readonly number[] | null,
) {
  const rows = await db.execute<{ site_id: number; n: number }>(sql`
    select m.site_id, sum(al.n)::int as n from (${pendingAlertsPerMeter(organisationId)}) al
    join meters m on m.organisation_id = ${organisationId} and m.id = al.meter_id and m.deleted_at is null
    where m.site_id = any(${intArray(siteIds)})
      ${andAmong('m.id', visible)}
    group by m.site_id`);
  return new Map(rows.rows.map((r) => [r.site_id, r.n]));
}
