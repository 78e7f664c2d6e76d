import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
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

/**
 * The compiled API as `npm start` runs it, as a real process (in a process group of its own, like a program started
 * from a terminal), answering on a free port of 127.0.0.1 once /api/health says so.
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** Node's own options before the program (a CPU profile: `--cpu-prof`). */
  options: { nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const main = path.join(await productionBuild(), 'main.js');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--enable-source-maps', main], {
    cwd: repoRoot,
    detached: true,
    env: { ...inherited, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${printed}`);
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
