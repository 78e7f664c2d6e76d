// `npm run bench:load`: a bounded load test of the compiled API (what `npm start` runs) with the demo loaded.
// LOAD_CLIENTS clients (200) on 127.0.0.1 for LOAD_SECONDS (60) each: first the health check, then the browsing
// mix of signed-in reads. Prints requests/s and p50/p95/p99, and the mix next to the health check as ratios.
// It measures; it never passes or fails on a duration.
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '@verdant/db/testing/free-port';
import pg from 'pg';
import { removeProductionBuild, startServerProcess } from '../apps/api/src/testing/server-process';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PASSWORD = 'Verdant-demo-1';

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(base: string, method: string, url: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface Result {
  label: string;
  /** p95 of each request of the mix, by URL. */
  byUrl: Map<string, number>;
  count: number;
  failures: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/** CLIENTS loops, each sending its next request as soon as the last one is answered, until the time is up. */
async function run(
  label: string,
  next: (client: number, i: number) => { url: string; answer: Promise<Answer> },
): Promise<Result> {
  const durations: number[] = [];
  const perUrl = new Map<string, number[]>();
  let failures = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t0 = performance.now();
        const sent = next(client, i);
        const answer = await sent.answer.catch(() => ({ status: 0 }) as Answer);
        const took = performance.now() - t0;
        durations.push(took);
        const list = perUrl.get(sent.url) ?? [];
        list.push(took);
        perUrl.set(sent.url, list);
        if (answer.status < 200 || answer.status >= 300) failures++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  const byUrl = new Map(
    [...perUrl].map(
      ([url, list]) =>
        [
          url,
          at(
            list.sort((a, b) => a - b),
            0.95,
          ),
        ] as [string, number],
    ),
  );
  return {
    label,
    byUrl,
    count: durations.length,
    failures,
    perSecond: durations.length / elapsed,
    p50: at(durations, 0.5),
    p95: at(durations, 0.95),
    p99: at(durations, 0.99),
  };
}

const ms = (v: number) => `${v.toFixed(1)} ms`;

const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-load-'));
await chmod(dir, 0o755);
console.log(`Starting the API with the demo (${CLIENTS} clients, ${SECONDS} s a phase) ...`);
const pgPort = await freePort();
const server = await startServerProcess({
  DATA_DIR: path.join(dir, 'data'),
  EMBEDDED_PG_PORT: String(pgPort),
  LOG_LEVEL: 'warn',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
  LOGIN_MAX_FAILURES_PER_IP: '1000000',
});
const dataDir = path.join(dir, 'data');
/** Updates of the sessions table so far, from PostgreSQL's statistics (flushed within a second). */
async function sessionWrites(): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500));
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${password}@127.0.0.1:${pgPort}/verdant`,
  });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select n_tup_upd from pg_stat_user_tables where relname = 'sessions'",
    );
    return Number(rows[0]?.n_tup_upd ?? 0);
  } finally {
    await client.end();
  }
}
try {
  // One session per client, as 200 people signed in to the demo organisation.
  const sessions: { token: string; org: string }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const answer = await request(
      server.url,
      'POST',
      '/api/public/login',
      { 'content-type': 'application/json' },
      JSON.stringify({ username: 'demo', password: PASSWORD }),
    );
    if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.body}`);
    const token = JSON.parse(answer.body).data.token as string;
    const details = await request(server.url, 'GET', '/api/current-user/user-details', {
      authorization: `Bearer ${token}`,
    });
    sessions.push({ token, org: String(details.headers['x-organisation-id']) });
  }
  const browsing = (org: string) => [
    '/api/current-user/user-details',
    '/api/current-user/org-summary',
    '/api/current-user/full-menu',
    '/api/current-user/available-orgs',
    '/api/current-user/browse?type=site',
    `/api/organisations/${org}/sites`,
    '/api/dashboard/yearly-comparison-cons',
    '/api/users',
    '/api/lookups/energy-types',
  ];

  const health = await run('GET /api/health (no session, SELECT 1)', () => ({
    url: '/api/health',
    answer: request(server.url, 'GET', '/api/health', {}),
  }));
  const writes = await sessionWrites();
  const mix = await run('browsing mix (9 signed-in reads in turn)', (client, i) => {
    const session = sessions[client] ?? { token: '', org: '' };
    const urls = browsing(session.org);
    const url = urls[(client + i) % urls.length] ?? '';
    return { url, answer: request(server.url, 'GET', url, { authorization: `Bearer ${session.token}` }) };
  });
  const sessionRowsWritten = (await sessionWrites()) - writes;

  console.log('\n| load | requests | failed | req/s | p50 | p95 | p99 |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of [health, mix]) {
    console.log(
      `| ${r.label} | ${r.count} | ${r.failures} | ${r.perSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} |`,
    );
  }
  console.log(`\np95 of each read of the mix: ${[...mix.byUrl].map(([u, v]) => `${u} ${ms(v)}`).join(', ')}`);
  console.log(
    `session rows written during the mix: ${sessionRowsWritten} (for ${mix.count} signed-in reads)`,
  );
  console.log(
    `\nmix / health: throughput ${(mix.perSecond / health.perSecond).toFixed(2)}x, ` +
      `p50 ${(mix.p50 / health.p50).toFixed(1)}x, p95 ${(mix.p95 / health.p95).toFixed(1)}x, p99 ${(mix.p99 / health.p99).toFixed(1)}x`,
  );
} finally {
  agent.destroy();
  await server.signal('SIGTERM');
  await removeProductionBuild();
  await rm(dir, { recursive: true, force: true });
}
