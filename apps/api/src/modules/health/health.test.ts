import { connect } from '@verdant/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { jobRunnerStatus } from '../../jobs/runner';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { until } from '../../testing/until';

const TOKEN = 'metrics-token-for-the-tests';

describe('GET /api/health', () => {
  it('reports the database, and a job runner that is not running in this process', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'ok', jobRunner: 'stopped' });
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the database is unreachable, so a load balancer takes the process out', async () => {
    const nowhere = connect('postgres://nobody:none@127.0.0.1:1/none', 1);
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db: nowhere.db, mailer: { send: async () => {} }, logger: false });
    try {
      const res = await app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', database: 'unreachable' });
    } finally {
      await app.close();
      await nowhere.close();
    }
  });
});

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, jobs: true });
  });
  afterAll(async () => {
    // Let the recompute the runner asks for at start finish before its pool closes.
    await until(
      () => Boolean(jobRunnerStatus().jobs['ledger.recompute-pending']?.completed),
      'the recompute at start completed',
    );
    await t.close();
  });

  it('reports a job runner that works the queues in this process', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      jobRunner: 'working',
    });
  });

  it('refuses without its token, or with another one, and says nothing', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token-at-all' }, { authorization: TOKEN }]) {
      const res = await t.app.inject({ url: '/api/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('verdant_');
    }
  });

  it('answers Prometheus metrics for its token: request durations by route, queue depths, the pool', async () => {
    await t.app.inject({ url: '/api/health' });
    await t.jobs?.boss.send('ledger.recompute-pending', {}, { startAfter: 3600 });
    const res = await t.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /verdant_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} \d+/,
    );
    expect(res.body).toMatch(
      /verdant_job_queue_depth\{queue="ledger.recompute-pending",state="created"\} \d+/,
    );
    expect(res.body).toMatch(/verdant_db_pool_connections\{state="total"\} \d+/);
    expect(res.body).toContain('verdant_process_cpu_seconds_total');
  });

  it('is not there at all while no token is configured', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: '/api/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
