// `npm run bench:proxy`: Verdant as a deployment that outgrew one process (docs/operations.md, Several API
// processes behind a load balancer): a PostgreSQL server of Debian's packages (or DATABASE_URL), two API
// processes (the compiled API, JOBS_IN_PROCESS=false, TRUST_PROXY=true), one worker (`npm run worker`'s
// program) and HAProxy with deploy/haproxy.cfg in front. The load test (bench/load.ts) runs through the proxy;
// halfway through its browsing mix each API process in turn is drained at the proxy, stopped (SIGTERM),
// started again and put back: a rolling restart. Prints the load test's figures, the restarts, and the answers
// with a 5xx status (as the clients counted them and as HAProxy did). It measures; it never fails on a duration.
//
// PROXY_RESTART=false skips the rolling restart; PROXY_DRAIN=false restarts without draining first (a plain
// SIGTERM: the health check and HAProxy's retries alone); PROXY_PORT sets the proxy's port; LOAD_* as bench:load.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '@verdant/db/testing/free-port';
import {
  killStartedProcesses,
  productionBuild,
  removeProductionBuild,
  repoRoot,
  type ServerProcess,
  startServerProcess,
  trackProcessGroup,
} from '../apps/api/src/testing/server-process';
import { type Haproxy, type Postgres, startDebianPostgres, startHaproxy, until } from './cluster-parts';

const RESTART = process.env.PROXY_RESTART !== 'false';
const DRAIN = process.env.PROXY_DRAIN !== 'false';
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const say = (line: string) => console.log(`[proxy] ${line}`);

const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-proxy-'));
await chmod(dir, 0o755);
let postgres: Postgres | undefined;
let proxy: Haproxy | undefined;
const apis: ServerProcess[] = [];
let worker: ChildProcess | undefined;
try {
  let databaseUrl = process.env.DATABASE_URL ?? '';
  if (!databaseUrl) {
    postgres = await startDebianPostgres(dir);
    databaseUrl = postgres.url;
    say(`PostgreSQL ${postgres.version} (Debian's package) at ${databaseUrl}`);
  }
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dir, 'data'),
    JOBS_IN_PROCESS: 'false',
    TRUST_PROXY: 'true',
    FILE_LINK_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
    LOGIN_MAX_FAILURES_PER_IP: '1000000',
    ...(process.env.LOAD_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.LOAD_POOL_SIZE } : {}),
  };
  const ports = [await freePort(), await freePort()];
  // Both start together: the migrations and the demo seed take turns behind their advisory locks.
  apis.push(...(await Promise.all(ports.map((port) => startServerProcess(env, { port })))));
  say(`API processes on ${ports.join(' and ')}`);

  const build = await productionBuild();
  worker = spawn(process.execPath, ['--enable-source-maps', path.join(build, 'worker.js')], {
    cwd: repoRoot,
    detached: true,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  trackProcessGroup(worker);
  say(`worker ${worker.pid}`);

  const proxyPort = Number(process.env.PROXY_PORT ?? 0) || (await freePort());
  proxy = await startHaproxy(
    repoRoot,
    dir,
    proxyPort,
    ports.map((p) => `127.0.0.1:${p}`),
    say,
  );
  say(`HAProxy on ${proxy.url}, both API processes up`);

  const restarts: string[] = [];
  const rollingRestart = async (p: Haproxy) => {
    for (const [i, port] of ports.entries()) {
      const name = `api${i + 1}`;
      const t0 = performance.now();
      if (DRAIN) {
        await p.command(`set server verdant_api/${name} state drain`);
        await until(async () => (await p.servers()).get(name)?.current === 0, `${name} is drained`, 30);
      }
      const drained = performance.now();
      await apis[i]?.signal('SIGTERM');
      apis[i] = await startServerProcess(env, { port });
      if (DRAIN) await p.command(`set server verdant_api/${name} state ready`);
      await until(async () => (await p.servers()).get(name)?.status === 'UP', `${name} is back up`, 30);
      const line = `${name}: ${DRAIN ? 'drained' : 'not drained, SIGTERM'} in ${((drained - t0) / 1000).toFixed(1)} s, stopped, started and back in ${((performance.now() - drained) / 1000).toFixed(1)} s`;
      restarts.push(line);
      say(line);
    }
  };

  const fiveXxBefore = await proxy.frontend5xx();
  let restarting: Promise<void> = Promise.resolve();
  const load = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts'], {
    cwd: repoRoot,
    env: { ...process.env, LOAD_TARGET: proxy.url, LOAD_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  load.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    process.stdout.write(chunk);
    if (RESTART && proxy && chunk.includes('mix phase:')) {
      const p = proxy;
      // A quarter of the way into the mix, so both restarts finish while it still runs.
      restarting = new Promise((r) => setTimeout(r, (SECONDS * 1000) / 4)).then(() => rollingRestart(p));
    }
  });
  const code = await new Promise<number | null>((resolve) => load.once('exit', resolve));
  await restarting;
  if (code !== 0) throw new Error(`the load test exited with ${code}`);
  const fiveXx = (await proxy.frontend5xx()) - fiveXxBefore;
  console.log(
    `\nbehind HAProxy: 2 API processes + 1 worker, PostgreSQL ${postgres?.version ?? '(DATABASE_URL)'}`,
  );
  console.log(
    RESTART
      ? `rolling restart during the mix${DRAIN ? '' : ' (no drain)'}:\n  ${restarts.join('\n  ')}`
      : 'no rolling restart (PROXY_RESTART=false)',
  );
  console.log(`answers with a 5xx status counted by HAProxy during the load test: ${fiveXx} (target 0)`);
} finally {
  proxy?.stop();
  await Promise.all(apis.map((api) => api.signal('SIGTERM')));
  if (worker?.pid && worker.exitCode === null) process.kill(-worker.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 2000));
  await killStartedProcesses();
  postgres?.stop();
  await removeProductionBuild();
  await rm(dir, { recursive: true, force: true });
}
