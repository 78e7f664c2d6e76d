import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect, type Database } from '@verdant/db/client';
import { startEmbedded } from '@verdant/db/embedded';
import { seedDemoOnce } from '@verdant/db/seed';
import { freePort } from '@verdant/db/testing/free-port';
import { createTestDatabase, type TestDatabase } from '@verdant/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createLocalStorage } from '../lib/storage';
import {
  killStartedProcesses,
  productionBuild,
  removeProductionBuild,
  repoRoot,
  trackProcessGroup,
} from '../testing/server-process';

/** Runs a compiled program as `npm run <program>` does, and answers its exit code and output. */
async function runProgram(program: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(await productionBuild(), `${program}.js`), ...args],
    {
      cwd: repoRoot,
      env: { ...inherited, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, killed in afterAll with the PostgreSQL a restore runs if the test fails.
      detached: true,
    },
  );
  trackProcessGroup(child, env.DATA_DIR && !env.DATABASE_URL ? path.join(env.DATA_DIR, 'pg') : undefined);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    output += c;
  });
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    output += c;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

/** Every table's rows and every sequence's value, as one comparable fingerprint each. */
async function fingerprint(database: Database) {
  const tables = await database.pool.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by 1",
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const { rows } = await database.pool.query<{ n: string; h: string | null }>(
      `select count(*)::text as n, md5(string_agg(t::text, '|' order by t::text)) as h from public."${name}" t`,
    );
    out[name] = `${rows[0]?.n}:${rows[0]?.h}`;
  }
  const sequences = await database.pool.query<{ name: string }>(
    "select sequencename as name from pg_sequences where schemaname = 'public' order by 1",
  );
  for (const { name } of sequences.rows) {
    const { rows } = await database.pool.query(`select last_value::text as v from public."${name}"`);
    out[`sequence ${name}`] = String(rows[0]?.v);
  }
  return out;
}

async function filesOf(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return out;
}

/** What the demo's administrator sees on the dashboard, through the API. */
async function figures(database: Database, dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db: database.db, mailer: { send: async () => {} }, logger: false });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/public/login',
      payload: { username: 'demo', password: 'Verdant-demo-1' },
    });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const answers: unknown[] = [];
    for (const url of [
      '/api/dashboard/yearly-comparison-co2e',
      '/api/dashboard/yearly-comparison-cost',
      '/api/current-user/org-summary',
    ]) {
      const res = await app.inject({ url, headers });
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    return answers;
  } finally {
    await app.close();
  }
}

describe('npm run backup and npm run restore', () => {
  let source: TestDatabase;
  const dirs: string[] = [];
  const tempDir = async (prefix: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    await chmod(dir, 0o755);
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    source = await createTestDatabase();
  });
  afterAll(async () => {
    await killStartedProcesses();
    await source.close();
    await removeProductionBuild();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('backs up the demo and restores it into a new data folder with the same rows, files and figures', async () => {
    const oldData = await tempDir('verdant-backup-from-');
    await seedDemoOnce(source.db, { storage: createLocalStorage(path.join(oldData, 'files')) });
    const archive = path.join(await tempDir('verdant-archive-'), 'demo.tar.gz');

    const backup = await runProgram('backup', [archive], { DATABASE_URL: source.url, DATA_DIR: oldData });
    expect(backup.output).toContain('Backed up');
    expect(backup.code).toBe(0);

    const newData = path.join(await tempDir('verdant-backup-to-'), 'data');
    const port = String(await freePort());
    const restore = await runProgram('restore', [archive], { DATA_DIR: newData, EMBEDDED_PG_PORT: port });
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);

    // A second restore over it is refused and changes nothing.
    const again = await runProgram('restore', [archive], { DATA_DIR: newData, EMBEDDED_PG_PORT: port });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/fresh installation/);

    expect(await filesOf(path.join(newData, 'files'))).toEqual(await filesOf(path.join(oldData, 'files')));
    const server = await startEmbedded({
      dir: path.join(newData, 'pg'),
      port: Number(port),
      passwordFile: path.join(newData, 'pg-password'),
    });
    const restored = connect(server.url('verdant'), 2);
    try {
      expect(await fingerprint(restored)).toEqual(await fingerprint(source));
      expect(await figures(restored, newData)).toEqual(await figures(source, oldData));
    } finally {
      await restored.close();
      await server.stop();
    }
  }, 120_000);
});
