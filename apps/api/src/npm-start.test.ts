import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@verdant/db/testing/free-port';
import { afterAll, describe, expect, it } from 'vitest';
import { groupAlive, killStartedProcesses, repoRoot, trackProcessGroup } from './testing/server-process';

/*
 * A supervisor (systemd, Docker, a process manager) stops what it started by signalling that one PID: for the
 * README's `npm start`, npm's. npm passes SIGTERM and SIGINT to its script's shell, which died of it and left
 * the server running; the scripts now `exec` node, so the signal reaches the server, which stops gracefully
 * (docs/decisions/security.md, "npm start stops on a signal to its PID").
 */

const build = path.join('apps/api/.test-builds', `npm-start-${randomBytes(6).toString('hex')}`);
const dirs: string[] = [];
afterAll(async () => {
  await killStartedProcesses();
  await rm(path.join(repoRoot, build), { recursive: true, force: true });
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function startNpm() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-npm-start-'));
  dirs.push(dir);
  await chmod(dir, 0o755);
  // A web build newer than the sources, so `npm start` serves it as it is instead of building the web app.
  const web = path.join(dir, 'web');
  await mkdir(web);
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Verdant</title>');
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const dataDir = path.join(dir, 'data');
  const npm = spawn('npm', ['start'], {
    cwd: repoRoot,
    // Its own process group, so that afterAll can kill whatever is left; the test signals npm's PID only.
    detached: true,
    env: {
      ...inherited,
      API_DIST: build,
      WEB_DIST: web,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackProcessGroup(npm, path.join(dataDir, 'pg'));
  let printed = '';
  npm.stdout.setEncoding('utf8').on('data', (c: string) => {
    printed += c;
  });
  npm.stderr.setEncoding('utf8').on('data', (c: string) => {
    printed += c;
  });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // Healthy, or the start failed: whichever comes first.
  const healthy = (async () => {
    for (;;) {
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return true;
      if (npm.exitCode !== null) return false;
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  expect(await Promise.race([healthy, exited.then(() => false)]), printed).toBe(true);
  return { npm, exited, url, dataDir, output: () => printed };
}

describe('npm start', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops gracefully on ${signal} sent to the PID of npm itself`, async () => {
      const server = await startNpm();
      const pid = server.npm.pid as number;
      process.kill(pid, signal);
      expect(await server.exited).toBe(0);
      // The server said it was stopping, nothing of the group is left, and PostgreSQL was shut down cleanly.
      expect(server.output()).toContain(`${signal}: stopping`);
      // Without the demo, the first start makes the product administrator and says how to sign in.
      if (signal === 'SIGTERM') {
        expect(server.output()).toMatch(
          /Product administrator: login 'admin', password '[\w-]{16}' \(shown once/,
        );
        expect(server.output()).toContain("Sign in as 'admin', the product administrator");
        expect(server.output()).not.toContain("Sign in as 'demo'");
      }
      // (esbuild's service process, when npm start built the API, ends a moment after its parent.)
      await expect.poll(() => groupAlive(pid), { timeout: 15_000 }).toBe(false);
      expect(existsSync(path.join(server.dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
      // A build, PostgreSQL and the migrations take minutes on a busy machine.
    }, 300_000);
  }
});
