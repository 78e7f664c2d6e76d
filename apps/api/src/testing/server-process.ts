import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '@verdant/db/testing/free-port';
import { buildApi } from '../../../../scripts/build-api.mjs';

export const repoRoot = path.resolve(import.meta.dirname, '../../../..');

let build: Promise<string> | undefined;
/** The production build (what `npm start` runs), made once per test file in a folder of its own. */
export function productionBuild(): Promise<string> {
  build ??= buildApi(path.join(repoRoot, 'apps/api/.test-builds', randomBytes(6).toString('hex')));
  return build;
}
/** Removes this test file's build. */
export async function removeProductionBuild(): Promise<void> {
  if (build) await rm(await build, { recursive: true, force: true });
  build = undefined;
}

export interface ServerProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends `signal` to the process group, as a terminal's Ctrl-C does, and waits for the exit code. */
  signal(signal: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/** Every process group a test started and has not seen end, with the embedded PostgreSQL folder it may run. */
const started = new Map<number, string | undefined>();

/** Whether any process of the group `pgid` is still alive. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Tracks a detached child (the leader of its own process group) so that `killStartedProcesses` ends it and
 * everything it started (the embedded PostgreSQL), even when the test failed or timed out before stopping it.
 */
export function trackProcessGroup(child: ChildProcess, pgDir?: string) {
  if (!child.pid) return;
  const pgid = child.pid;
  started.set(pgid, pgDir);
}

/** Kills (SIGKILL) every process group a test started that is still alive: for each test file's afterAll. */
export async function killStartedProcesses() {
  for (const [pgid, pgDir] of started) {
    if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    // The embedded PostgreSQL runs in a group of its own (packages/db/src/embedded.ts): an immediate shutdown.
    const postmaster = pgDir
      ? await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => '')
      : '';
    const pid = Number(postmaster.split('\n')[0]);
    if (pid > 0) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {}
    }
    started.delete(pgid);
  }
}

/**
 * The compiled API as `npm start` runs it, as a real process (in a process group of its own, like a program started
 * from a terminal), answering on a free port of 127.0.0.1 once /api/health says so.
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** Node's own options before the program (a CPU profile: `--cpu-prof`); `port` to answer on (a free one). */
  options: { nodeArgs?: string[]; port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const main = path.join(await productionBuild(), 'main.js');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--enable-source-maps', main], {
    cwd: repoRoot,
    detached: true,
    env: { ...inherited, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackProcessGroup(child, env.DATABASE_URL || !env.DATA_DIR ? undefined : path.join(env.DATA_DIR, 'pg'));
  let printed = '';
  child.stdout?.setEncoding('utf8').on('data', (c: string) => {
    printed += c;
  });
  child.stderr?.setEncoding('utf8').on('data', (c: string) => {
    printed += c;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}:\n${printed}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`the server did not become healthy:\n${printed}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    port,
    url,
    child,
    output: () => printed,
    exited,
    signal(signal) {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, signal);
      return exited;
    },
  };
}
