import type { DbOrTx } from '@verdant/db/client';
import { intArray } from '@verdant/db/sql-arrays';
import { sql } from 'drizzle-orm';

/** Floor area (gross floor area, indicator 1) and staff (FTE, indicator 3) of the organisation's sites. */
export const FLOOR_AREA = 1;
export const STAFF = 3;

export async function siteIndicators(db: DbOrTx, organisationId: number, siteIds: number[]) {
  if (siteIds.length === 0) return new Map<number, { area: number | null; staff: number | null }>();
  const rows = await db.execute<{ site_id: number; indicator_id: number; value: string | null }>(sql`
    select site_id, indicator_id, value::text from site_indicator_values
    where organisation_id = ${organisationId} and indicator_id in (${FLOOR_AREA}, ${STAFF})
      and site_id = any(${intArray(siteIds)})`);
  const out = new Map<number, { area: number | null; staff: number | null }>();
  for (const r of rows.rows) {
    const entry = out.get(r.site_id) ?? { area: null, staff: null };
    const value = r.value === null ? null : Number(r.value);
    if (r.indicator_id === FLOOR_AREA) entry.area = value;
    else entry.staff = value;
    out.set(r.site_id, entry);
  }
  return out;
}
