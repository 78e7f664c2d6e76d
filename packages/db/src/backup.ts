import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { MIGRATIONS_DIR, runMigrations } from './migrate';

/**
 * A logical backup of the portal's tables (schema `public`) and of the migrations applied (drizzle's
 * bookkeeping): each table's rows as COPY text, taken in one read-only REPEATABLE READ transaction so that every
 * table is from the same moment. It restores into the same schema built by the migrations, on any PostgreSQL
 * 15 or later. pg-boss's own schema (jobs in flight) is left out: the runner recreates its queues and schedules.
 */
export interface DatabaseManifest {
  format: 1;
  /** drizzle's `created_at` (the journal's `when`) of every migration applied, oldest first. */
  migrations: number[];
  tables: { name: string; file: string; columns: string[]; rows: number }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
}

const SCHEMA = 'public';

async function tablesInLoadOrder(client: pg.ClientBase): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
      [SCHEMA],
    )
  ).rows.map((r) => r.name);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and n.nspname = $1 and c.oid <> p.oid`,
      [SCHEMA],
    )
  ).rows;
  // Parents before children, so that every foreign key finds its row.
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) throw new Error(`foreign keys form a cycle through ${table}`);
    visiting.add(table);
    for (const e of edges) if (e.child === table) visit(e.parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const t of tables) visit(t);
  return ordered;
}

async function columnsOf(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
     where a.attrelid = to_regclass($1) and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [`${SCHEMA}.${table}`],
  );
  return rows.map((r) => r.name);
}

const ident = (client: pg.ClientBase, name: string) => client.escapeIdentifier(name);

/** Writes every table to `dir` and answers the manifest (also written there as database.json). */
export async function dumpDatabase(pool: pg.Pool, dir: string): Promise<DatabaseManifest> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const migrations = (
      await client.query<{ created_at: string }>(
        'select created_at from drizzle.__drizzle_migrations order by created_at',
      )
    ).rows.map((r) => Number(r.created_at));
    const tables: DatabaseManifest['tables'] = [];
    for (const [i, name] of (await tablesInLoadOrder(client)).entries()) {
      const columns = await columnsOf(client, name);
      const file = `${String(i).padStart(3, '0')}-${name}.copy`;
      const list = columns.map((c) => ident(client, c)).join(', ');
      const stream = client.query(copyTo(`copy ${SCHEMA}.${ident(client, name)} (${list}) to stdout`));
      await pipeline(stream, createWriteStream(path.join(dir, file)));
      tables.push({ name, file, columns, rows: stream.rowCount });
    }
    const sequences: DatabaseManifest['sequences'] = [];
    const names = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1 and c.relkind = 'S' order by 1`,
      [SCHEMA],
    );
    for (const { name } of names.rows) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${SCHEMA}.${ident(client, name)}`,
      );
      sequences.push({ name, lastValue: rows[0]?.last_value ?? '1', isCalled: rows[0]?.is_called ?? false });
    }
    await client.query('commit');
    const manifest: DatabaseManifest = { format: 1, migrations, tables, sequences };
    await writeFile(path.join(dir, 'database.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** Whether the database already holds an installation's own data (people or organisations). */
export async function holdsData(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ name: string | null }>(
    "select to_regclass('public.users')::text as name",
  );
  if (!rows[0]?.name) return false;
  const found = await pool.query(
    'select 1 from public.users union all select 1 from public.organisations limit 1',
  );
  return (found.rowCount ?? 0) > 0;
}

/**
 * The migrations folder as it was when the backup was made: the journal cut to the migrations it had applied,
 * so that the rows load into the schema they were dumped from; the later migrations run after the load.
 */
async function migrationsUpTo(applied: number[]): Promise<string> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const known = new Set(journal.entries.map((e) => e.when));
  const unknown = applied.filter((when) => !known.has(when));
  if (unknown.length > 0) {
    throw new Error('The backup was made by a newer version of Verdant (it has migrations this one lacks).');
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const upTo = new Set(applied);
  journal.entries = journal.entries.filter((e) => upTo.has(e.when));
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

/**
 * Tables kept by triggers on tables that do not refer to them (migrations 0062_asset_organisations and
 * 0067_meter_invoice_runs).
 */
const LOADED_LAST = new Set(['asset_organisations', 'meter_invoice_runs']);

/**
 * Loads a dump into an empty database: the schema as the backup knew it, then the rows (parents first) and the
 * sequences in one transaction, then any migration added since.
 */
export async function loadDatabase(pool: pg.Pool, dir: string): Promise<DatabaseManifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'database.json'), 'utf8')) as DatabaseManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${manifest.format}.`);
  const migrations = await migrationsUpTo(manifest.migrations);
  const client = await pool.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: migrations });
    await client.query('begin');
    // Rows some migrations insert (reference lists) are in the backup too: the backup's rows replace them.
    // Only tables that hold rows: an append-only table (the audit log) is empty here and refuses a truncate.
    const filled: string[] = [];
    for (const t of manifest.tables) {
      const name = `${SCHEMA}.${ident(client, t.name)}`;
      const { rows } = await client.query(`select exists (select from ${name}) as filled`);
      if (rows[0]?.filled) filled.push(name);
    }
    if (filled.length > 0) await client.query(`truncate table ${filled.join(', ')} cascade`);
    // The directory of assets is kept by triggers on every asset table and refers to none, so it may come first in
    // the load order: it is loaded last, once every trigger that writes it has run.
    const last = (t: { name: string }) => (LOADED_LAST.has(t.name) ? 1 : 0);
    for (const table of [...manifest.tables].sort((a, b) => last(a) - last(b))) {
      const name = `${SCHEMA}.${ident(client, table.name)}`;
      // A table kept by a trigger on an earlier one (sign-in identifiers, from people) was just filled by
      // that trigger: the backup's rows are the truth, so they replace what the trigger wrote.
      const { rows } = await client.query(`select exists (select from ${name}) as filled`);
      if (rows[0]?.filled) await client.query(`delete from ${name}`);
      const list = table.columns.map((c) => ident(client, c)).join(', ');
      const sink = client.query(copyFrom(`copy ${name} (${list}) from stdin`));
      await pipeline(createReadStream(path.join(dir, table.file)), sink);
    }
    for (const s of manifest.sequences) {
      await client.query('select setval(to_regclass($1), $2::bigint, $3)', [
        `${SCHEMA}.${ident(client, s.name)}`,
        s.lastValue,
        s.isCalled,
      ]);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
    await rm(migrations, { recursive: true, force: true });
  }
  await runMigrations(pool);
  return manifest;
}
