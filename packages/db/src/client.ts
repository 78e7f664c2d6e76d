import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as assets from './schema/assets';
import * as audit from './schema/audit';
import * as catalogue from './schema/catalogue';
import * as core from './schema/core';
import * as groups from './schema/groups';
import * as halfHours from './schema/half-hours';
import * as imports from './schema/imports';
import * as inputs from './schema/inputs';
import * as ledger from './schema/ledger';
import * as organisation from './schema/organisation';
import * as retailers from './schema/retailers';
import * as vehicles from './schema/vehicles';

export const schema = {
  ...core,
  ...imports,
  ...assets,
  ...groups,
  ...audit,
  ...catalogue,
  ...inputs,
  ...halfHours,
  ...ledger,
  ...organisation,
  ...retailers,
  ...vehicles,
};
export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; services pass it to queries so one request is one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

// Dates stay 'yyyy-MM-dd' strings and numerics stay exact strings; never let pg turn them into JS floats or Dates.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connect(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // An idle client lost its connection (for example the server restarted); the pool replaces it.
  });
  const open = new Set<pg.PoolClient>();
  pool.on('connect', (client) => {
    // A connection lost while a client is checked out (the server restarted, or ended the backend) fails
    // the query in flight; without a listener the client's later 'error' event would end the process.
    client.on('error', () => {});
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  const db = drizzle(pool, { schema });
  /**
   * The pool's end does not wait for the server to close each connection; this does (a second at most), so
   * a PostgreSQL stopped right after finds no session left to terminate.
   */
  async function close() {
    const closed = [...open].map((c) => new Promise((resolve) => c.once('end', resolve)));
    await pool.end();
    await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  }
  return { db, pool, close };
}

/**
 * The connection a transaction runs on, for what drizzle does not speak (COPY through pg-copy-streams): the
 * statements sent on it are part of the transaction.
 */
export function clientOf(tx: Tx): pg.PoolClient {
  const client = (tx as unknown as { session?: { client?: pg.PoolClient } }).session?.client;
  if (!client) throw new Error('no connection behind this transaction');
  return client;
}
