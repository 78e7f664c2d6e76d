import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Database } from '../client';
import { TEMPLATE_DB } from './global-setup';

export interface TestDatabase extends Database {
  url: string;
  name: string;
}

/** A new database on the run's server, cloned from `template`, named with `prefix` and a random part. */
export async function cloneDatabase(template: string, prefix = 't_'): Promise<{ name: string; url: string }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/**
 * A fresh database cloned from the migrated template (or another template, the loaded demo's say): each test
 * file gets its own.
 */
export async function createTestDatabase(template = TEMPLATE_DB): Promise<TestDatabase> {
  const { name, url } = await cloneDatabase(template);
  const database = connect(url, 5);
  return {
    ...database,
    url,
    name,
    async close() {
      await database.close();
      await dropDatabase(inject('pgAdminUrl'), name);
    },
  };
}

/**
 * Drops a test database. A backend of another role (an autovacuum worker on an external server, where the
 * test role is not a superuser) can refuse the forced drop for a moment: try again, and leave the database
 * behind rather than fail the tests over cleanup (CI drops its whole cluster afterwards).
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const drop = new pg.Client({ connectionString: adminUrl });
    try {
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      return;
    } catch (error) {
      if (attempt >= 10) {
        console.warn(`test database ${name} left behind: ${(error as Error).message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    } finally {
      await drop.end().catch(() => {});
    }
  }
}
