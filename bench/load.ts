// `npm run bench:load`: a bounded load test of the compiled API (what `npm start` runs) with the demo loaded.
// LOAD_CLIENTS clients (200) on 127.0.0.1 for LOAD_SECONDS (60) each phase: first the health check, then the
// browsing mix of signed-in reads with LOAD_EDITORS editors (20) saving invoices at the same time. Prints
// requests/s and p50/p95/p99, the mix next to the health check as ratios, and each target beside its figure.
// It measures; it never passes or fails on a duration.
//
// LOAD_TARGET=<url> with LOAD_DATABASE_URL=<url>: load an API already running (bench/proxy.ts, behind a proxy).
// LOAD_CPU_PROF=<folder>: the API runs with `--cpu-prof` into that folder and the health phase is skipped, so
// the profile is the mix's (bench/profile-summary.ts summarises it; docs/performance.md, Where the CPU goes).
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@verdant/db/testing/free-port';
import pg from 'pg';
import { removeProductionBuild, startServerProcess } from '../apps/api/src/testing/server-process';
import { closeAgent, ms, type Result, request, resultRow, runPhase } from './load-client';
import { browsingGroup, editorsGroup, signIn } from './load-mix';

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const EDITORS = Number(process.env.LOAD_EDITORS ?? 20);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PROFILE_DIR = process.env.LOAD_CPU_PROF;

/** The targets of the browsing mix under load (docs/performance.md, Under load). */
export function loadVerdicts(health: Result | undefined, mix: Result, editors: Result | undefined): string[] {
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const lines: string[] = [];
  if (health) {
    const ratio = mix.perSecond / health.perSecond;
    lines.push(
      `mix throughput / health check: ${ratio.toFixed(2)}x (target at least 0.30x: ${verdict(ratio >= 0.3)})`,
    );
  }
  lines.push(`mix p95: ${ms(mix.p95)} (target under 500 ms: ${verdict(mix.p95 < 500)})`);
  const errors = mix.failures + (editors?.failures ?? 0);
  lines.push(`errors, mix and editors: ${errors} (target 0: ${verdict(errors === 0)})`);
  return lines;
}

/**
 * CPU seconds the API process has used (user and system, from /proc): on a busy machine the requests per second
 * follow the share of the cores the process gets, its CPU per request does not.
 */
async function cpuSeconds(pid: number | undefined): Promise<number | undefined> {
  if (!pid) return undefined;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 12th and 13th fields after the command's name, in clock ticks (100 a second).
  return fields.length > 12 ? (Number(fields[11]) + Number(fields[12])) / 100 : undefined;
}

async function sessionWrites(databaseUrl: string): Promise<number> {
  // PostgreSQL's statistics are flushed within a second.
  await new Promise((r) => setTimeout(r, 1500));
  const client = new pg.Client({ connectionString: databaseUrl });
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

const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-load-'));
await chmod(dir, 0o755);
let stop = async () => {};
let apiPid: number | undefined;
try {
  let base = process.env.LOAD_TARGET ?? '';
  let databaseUrl = process.env.LOAD_DATABASE_URL ?? '';
  if (!base) {
    console.log(
      `Starting the API with the demo (${CLIENTS} clients, ${EDITORS} editors, ${SECONDS} s a phase) ...`,
    );
    const pgPort = await freePort();
    const server = await startServerProcess(
      {
        DATA_DIR: path.join(dir, 'data'),
        EMBEDDED_PG_PORT: String(pgPort),
        LOG_LEVEL: 'warn',
        PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
        LOGIN_MAX_FAILURES_PER_IP: '1000000',
        ...(process.env.LOAD_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.LOAD_POOL_SIZE } : {}),
      },
      { nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [] },
    );
    stop = async () => {
      await server.signal('SIGTERM');
      await removeProductionBuild();
    };
    base = server.url;
    apiPid = server.child.pid;
    const password = (await readFile(path.join(dir, 'data', 'pg-password'), 'utf8')).trim();
    databaseUrl = `postgres://postgres:${password}@127.0.0.1:${pgPort}/verdant`;
  }
  if (!databaseUrl)
    throw new Error('LOAD_TARGET needs LOAD_DATABASE_URL (the editors pick their invoices there)');
  const sessions = await signIn(base, CLIENTS);
  const editorSessions = await signIn(base, EDITORS);

  const cpuHealthStart = await cpuSeconds(apiPid);
  const [health] = PROFILE_DIR
    ? [undefined]
    : await runPhase(SECONDS, [
        {
          label: 'GET /api/health (no session, SELECT 1)',
          clients: CLIENTS,
          next: () => ({ url: '/api/health', answer: request(base, 'GET', '/api/health', {}) }),
        },
      ]);
  const cpuHealthEnd = await cpuSeconds(apiPid);
  const editorGroup = EDITORS > 0 ? [await editorsGroup(base, editorSessions, databaseUrl)] : [];
  const writes = await sessionWrites(databaseUrl);
  console.log(`mix phase: ${SECONDS} s of the browsing mix and the editors ...`);
  const cpuBefore = await cpuSeconds(apiPid);
  const [mix, editors] = (await runPhase(SECONDS, [browsingGroup(base, sessions), ...editorGroup])) as [
    Result,
    Result | undefined,
  ];
  const cpuAfter = await cpuSeconds(apiPid);
  const sessionRowsWritten = (await sessionWrites(databaseUrl)) - writes;

  console.log('\n| load | requests | failed | req/s | p50 | p95 | p99 |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of [health, mix, editors]) if (r) console.log(resultRow(r));
  console.log(`\np95 of each read of the mix: ${[...mix.byUrl].map(([u, v]) => `${u} ${ms(v)}`).join(', ')}`);
  for (const r of [mix, editors]) {
    if (r?.failureSamples.length) console.log(`failures of ${r.label}: ${r.failureSamples.join(' | ')}`);
  }
  const fiveXx = mix.serverErrors + (editors?.serverErrors ?? 0);
  console.log(`answers with a 5xx status, mix and editors: ${fiveXx}`);
  console.log(
    `session rows written during the mix: ${sessionRowsWritten} (for ${mix.count} signed-in reads)`,
  );
  if (health && cpuHealthStart !== undefined && cpuHealthEnd !== undefined) {
    console.log(
      `API process CPU during the health phase: ${(cpuHealthEnd - cpuHealthStart).toFixed(1)} s for ` +
        `${health.count} calls (${(((cpuHealthEnd - cpuHealthStart) * 1000) / health.count).toFixed(2)} ms a call)`,
    );
  }
  if (cpuBefore !== undefined && cpuAfter !== undefined) {
    const calls = mix.count + (editors?.count ?? 0);
    console.log(
      `API process CPU during the mix phase: ${(cpuAfter - cpuBefore).toFixed(1)} s for ${calls} calls ` +
        `(${(((cpuAfter - cpuBefore) * 1000) / calls).toFixed(2)} ms a call, mix and editors together)`,
    );
  }
  if (health) {
    console.log(
      `\nmix / health: throughput ${(mix.perSecond / health.perSecond).toFixed(2)}x, ` +
        `p50 ${(mix.p50 / health.p50).toFixed(1)}x, p95 ${(mix.p95 / health.p95).toFixed(1)}x, p99 ${(mix.p99 / health.p99).toFixed(1)}x`,
    );
  }
  console.log(`\n${loadVerdicts(health, mix, editors).join('\n')}`);
  console.log(
    `(load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}, ${os.cpus().length} cores)`,
  );
} finally {
  closeAgent();
  await stop();
  await rm(dir, { recursive: true, force: true });
}
