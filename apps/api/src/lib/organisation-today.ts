import type { DbOrTx } from '@verdant/db/client';
import { todayIn } from '@verdant/domain/time-zone';
import { sql } from 'drizzle-orm';

/** "Today" in the organisation's time zone (house rule), 'yyyy-MM-dd'. */
export async function organisationToday(db: DbOrTx, organisationId: number, now: Date) {
  const rows = await db.execute<{ time_zone: string }>(
    sql`select time_zone from organisations where id = ${organisationId}`,
  );
  return todayIn(rows.rows[0]?.time_zone ?? 'Pacific/Auckland', now);
}
