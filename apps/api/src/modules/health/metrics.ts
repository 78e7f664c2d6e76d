import { createHash, timingSafeEqual } from 'node:crypto';
import { healthOperations } from '@verdant/contracts/health';
import type { Db } from '@verdant/db/client';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import client from 'prom-client';
import { JOB_SCHEMA, jobRunnerStatus } from '../../jobs/runner';
import { unauthorised } from '../../lib/errors';
import { registerOperations } from '../../lib/operations';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at GET /api/metrics, only when METRICS_TOKEN is set and only for `Authorization: Bearer
 * <token>`: request durations by route, the job queues' depths by state, this process's job runner and its
 * connection pool, and Node's own figures. Each application has its own registry.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { db, token }: { db: Db; token?: string }) => {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'verdant_' });
  const durations = new client.Histogram({
    name: 'verdant_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  new client.Gauge({
    name: 'verdant_db_pool_connections',
    help: "This process's database connections, by state (total, idle, waiting clients, max: DATABASE_POOL_SIZE)",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
      this.set({ state: 'max' }, pool.options.max);
    },
  });
  new client.Gauge({
    name: 'verdant_job_queue_depth',
    help: 'Background jobs waiting or running, by queue and state (all processes)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      if (!pool) return;
      const { rows } = await pool
        .query<{ name: string; state: string; n: number }>(
          `select name, state::text, count(*)::int as n from ${JOB_SCHEMA}.job
           where state in ('created', 'retry', 'active') group by 1, 2`,
        )
        .catch(() => ({ rows: [] }));
      for (const r of rows) this.set({ queue: r.name, state: r.state }, r.n);
    },
  });
  new client.Gauge({
    name: 'verdant_jobs_finished',
    help: "Jobs this process's runner completed or failed since it started, by job and outcome",
    labelNames: ['job', 'outcome'],
    registers: [registry],
    collect() {
      for (const [job, s] of Object.entries(jobRunnerStatus().jobs)) {
        this.set({ job, outcome: 'completed' }, s.completed);
        this.set({ job, outcome: 'failed' }, s.failed);
      }
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/api/metrics') return;
    durations.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  // Under /api like every operation; the plugin itself stays at the root so that it times every route.
  await app.register(
    async (api) =>
      registerOperations(
        api,
        { metrics: healthOperations.metrics },
        {
          metrics: async (request, reply) => {
            if (!token) return reply.callNotFound();
            const header = request.headers.authorization ?? '';
            const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
            if (!given || !timingSafeEqual(digest(given), digest(token))) throw unauthorised();
            reply.header('cache-control', 'no-store').type(registry.contentType);
            return reply.send(await registry.metrics());
          },
        },
      ),
    { prefix: '/api' },
  );
});
