import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Database } from '../client';
import { MIGRATIONS_DIR } from '../migrate';

/**
 * A fresh database migrated up to the migration before the one whose tag starts with `prefix` (say '0009_'),
 * for a migration test to fill with the rows of that time and then run the rest (`runMigrations`). `drop`
 * closes it and drops the database.
 */
export async function databaseBefore(prefix: string): Promise<Database & { drop: () => Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template template0`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connect(url.toString(), 2);

  // The migrations before it, from a copy of the folder whose journal stops there.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journal = JSON.parse(await readFile(path.join(dir, 'meta/_journal.json'), 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag.startsWith(prefix));
  journal.entries = journal.entries.slice(0, at);
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  const client = await database.pool.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: dir });
  } finally {
    client.release();
  }
  return {
    ...database,
    async drop() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
