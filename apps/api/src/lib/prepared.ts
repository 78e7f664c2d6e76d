import type { DbOrTx } from '@verdant/db/client';
import { PgTransaction } from 'drizzle-orm/pg-core';

/** A query whose values are placeholders (`sql.placeholder`), run with them; drizzle's selects are. */
interface Preparable<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

const statements = new WeakMap<object, Map<string, Pick<Preparable<unknown>, 'execute'>>>();

/**
 * A statement of a call made on every page (the browsing calls), built once per database handle and prepared by
 * `name` on each connection that runs it: drizzle does not build its SQL text again and PostgreSQL does not parse
 * and plan it again (docs/decisions/performance.md, Prepared statements on the browsing calls). In a transaction it
 * is built and run as any other query. `name` must be unique in the API; `build` must give one SQL text whatever
 * the values.
 */
export function preparedStatement<R>(name: string, build: (db: DbOrTx) => Preparable<R>) {
  return (db: DbOrTx, values: Record<string, unknown>): Promise<R> => {
    if (db instanceof PgTransaction) return build(db).execute(values);
    let byName = statements.get(db);
    if (!byName) {
      byName = new Map();
      statements.set(db, byName);
    }
    let statement = byName.get(name) as Pick<Preparable<R>, 'execute'> | undefined;
    if (!statement) {
      statement = build(db).prepare(name);
      byName.set(name, statement);
    }
    return statement.execute(values);
  };
}
