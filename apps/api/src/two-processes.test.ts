import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@verdant/db/testing/test-database';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA } from './jobs/runner';
import {
  killStartedProcesses,
  removeProductionBuild,
  type ServerProcess,
  startServerProcess,
} from './testing/server-process';
import { until } from './testing/until';

const ADMIN_PASSWORD = 'Two-processes-1';
const METRICS_TOKEN = 'two-processes-metrics-token';
const QUEUE = 'ledger.recompute-pending';

/** Jobs of the queue this process's runner completed, from its metrics. */
async function completedBy(server: ServerProcess): Promise<number> {
  const res = await fetch(`${server.url}/api/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const line = (await res.text())
    .split('\n')
    .find((l) => l.startsWith(`verdant_jobs_finished{job="${QUEUE}",outcome="completed"}`));
  return Number(line?.split(' ').pop() ?? 0);
}

describe('two API processes on one database (behind a load balancer)', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  const dirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const start = async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-two-'));
      await chmod(dir, 0o755);
      dirs.push(dir);
      return startServerProcess({
        DATABASE_URL: database.url,
        DATA_DIR: dir,
        ADMIN_PASSWORD,
        METRICS_TOKEN,
        LOGIN_MAX_FAILURES: '3',
        PUBLIC_RATE_LIMIT_PER_MINUTE: '1000',
        DATABASE_POOL_SIZE: '4',
      });
    };
    // Both start together: migrations and the seeds take turns behind their locks.
    [a, b] = await Promise.all([start(), start()]);
  });
  afterAll(async () => {
    // A graceful stop, or whatever is left is killed after a minute: no process outlives the file.
    const stopped = Promise.all([a?.signal('SIGTERM'), b?.signal('SIGTERM')]);
    await Promise.race([stopped, new Promise((r) => setTimeout(r, 60_000).unref())]);
    await killStartedProcesses();
    await database.close();
    await removeProductionBuild();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('serves the same users: a session made on one works on the other', async () => {
    const login = await fetch(`${a.url}/api/public/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'Verdant-demo-1' }),
    });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const details = await fetch(`${b.url}/api/current-user/user-details`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(details.status).toBe(200);
    const logout = await fetch(`${b.url}/api/current-user/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBeLessThan(300);
    expect(
      (
        await fetch(`${a.url}/api/current-user/user-details`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(401);
  });

  it('sizes each process connection pool from DATABASE_POOL_SIZE', async () => {
    for (const server of [a, b]) {
      const res = await fetch(`${server.url}/api/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(await res.text()).toContain('verdant_db_pool_connections{state="max"} 4');
    }
  });

  it('keeps the sign-in limits shared: failures on either process count together', async () => {
    const attempt = (server: ServerProcess, password: string) =>
      fetch(`${server.url}/api/public/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo.general', password }),
      });
    expect((await attempt(a, 'wrong-1')).status).toBe(401);
    expect((await attempt(b, 'wrong-2')).status).toBe(401);
    expect((await attempt(a, 'wrong-3')).status).toBe(401);
    // The fourth, even with the right password and on the other process, is held back.
    expect((await attempt(b, 'Verdant-demo-1')).status).toBe(429);
  });

  it('runs each job once, on whichever process takes it', async () => {
    for (const server of [a, b]) {
      expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ jobRunner: 'working' });
    }
    const boss = new PgBoss({
      connectionString: database.url,
      schema: JOB_SCHEMA,
      supervise: false,
      schedule: false,
      migrate: false,
    });
    await boss.start();
    try {
      for (let i = 0; i < 6; i++) {
        // The queue is stately (one waiting at most): send again until this one is taken.
        let id: string | null = null;
        await until(async () => {
          id = await boss.send(QUEUE, {});
          return id !== null;
        }, `job ${i} accepted`);
        const sent = id as string | null;
        if (!sent) throw new Error('not sent');
        await until(
          async () => (await boss.getJobById(QUEUE, sent))?.state === 'completed',
          `job ${i} completed`,
        );
      }
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
    const rows = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from ${JOB_SCHEMA}.job where name = $1 and state = 'completed'`,
      [QUEUE],
    );
    const completed = rows.rows[0]?.n ?? 0;
    expect(completed).toBeGreaterThanOrEqual(6);
    // Each completed job was run by exactly one of the two processes.
    await until(
      async () => (await completedBy(a)) + (await completedBy(b)) >= completed,
      'the metrics count them',
    );
    expect((await completedBy(a)) + (await completedBy(b))).toBe(completed);
  });
});
