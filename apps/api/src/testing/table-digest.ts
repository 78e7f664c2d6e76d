import type { Db } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

/**
 * Tables a refused call may rightly write: sliding sessions and the failed sign-in counter; and the job
 * workers' heartbeats, which a running job runner writes every 10 s whatever the calls do.
 */
const UNDIGESTED = new Set(['sessions', 'login_attempts', '__drizzle_migrations', 'job_workers']);

/**
 * A digest of every row of every public table (but the undigested ones), so a test can tell that a refused
 * call changed nothing. The table list is read once.
 */
export async function tableDigest(db: Db): Promise<() => Promise<string>> {
  const tables = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const names = (tables.rows as { table_name: string }[])
    .map((r) => r.table_name)
    .filter((n) => !UNDIGESTED.has(n));
  const parts = names.map((n) => `select '${n}:' || t::text as x from "${n}" t`);
  const query = sql.raw(
    `select md5(coalesce(string_agg(x, '|' order by x), '')) as d from (${parts.join(' union all ')}) all_rows`,
  );
  return async () => String(((await db.execute(query)).rows[0] as { d: string }).d);
}
