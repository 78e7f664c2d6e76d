import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from './client';

interface Session {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<pg.QueryResult> };
}

/**
 * Runs a statement as a named prepared statement: PostgreSQL parses and plans it once per connection and
 * reuses the plan, where `db.execute` plans it again on every call. For a large statement whose text never
 * changes (its values travel as parameters) and that runs on every write, planning was most of its time.
 * Drizzle's `execute` has no name; its session's prepared query does (the same path, with the statement named).
 */
export async function executePrepared<T extends Record<string, unknown>>(
  db: DbOrTx,
  name: string,
  query: SQL,
): Promise<{ rows: T[] }> {
  const { session } = db as unknown as { session: Session };
  const result = await session
    .prepareQuery(session.dialect.sqlToQuery(query), undefined, name, false)
    .execute();
  return result as unknown as { rows: T[] };
}
