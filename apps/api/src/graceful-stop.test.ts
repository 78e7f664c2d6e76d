import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@verdant/db/testing/free-port';
import { afterAll, describe, expect, it } from 'vitest';
import { killStartedProcesses, removeProductionBuild, startServerProcess } from './testing/server-process';
import { until } from './testing/until';

/** The server process takes its time to start reading and to stop on a busy machine: two minutes a step. */
const STOPPING_MS = 120_000;

interface Answer {
  status: number;
  body: string;
}

/**
 * A sign-in (an argon2 check and a write of the failed attempt) whose body arrives in two parts: in flight on the
 * server until `finish` sends the rest.
 */
function slowSignIn(url: string) {
  const payload = Buffer.from(JSON.stringify({ username: 'nobody', password: 'Not-the-password-1' }));
  const req = http.request(`${url}/api/public/login`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': payload.length },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  // Sent: the headers and the first part are on the server's connection (an event, not a guess of time).
  const sent = new Promise<void>((resolve, reject) =>
    req.write(payload.subarray(0, 10), (error) => (error ? reject(error) : resolve())),
  );
  return { finish: () => req.end(payload.subarray(10)), answer, sent };
}

/**
 * The server's side of its established connections (Linux, /proc/net/tcp): how many there are, and how many
 * bytes the kernel holds on them that the server has not read yet.
 */
async function serverConnections(port: number) {
  let count = 0;
  let unread = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(file, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      // State 01 is ESTABLISHED; the local port is the server's own.
      if (state !== '01' || Number.parseInt(local?.split(':')[1] ?? '', 16) !== port) continue;
      count += 1;
      unread += Number.parseInt(queues?.split(':')[1] ?? '0', 16);
    }
  }
  return { count, unread };
}

describe('stopping the server (npm start) with requests in flight', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    // Whatever happened above, no server or PostgreSQL of this file outlives it.
    await killStartedProcesses();
    await removeProductionBuild();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('answers all 50 slow requests on Ctrl-C, then closes the pool and stops the embedded PostgreSQL cleanly', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-stop-'));
    dirs.push(dir);
    await chmod(dir, 0o755);
    const dataDir = path.join(dir, 'data');
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      SEED_DEMO: 'false',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '1000',
      LOGIN_MAX_FAILURES: '1000',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      LOGIN_BACKOFF_AFTER: '1000',
      SHUTDOWN_TIMEOUT_SECONDS: '120',
    });

    // The embedded server's password was made for this installation and is kept, private, in the data folder.
    const passwordFile = path.join(dataDir, 'pg-password');
    expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);

    const requests = Array.from({ length: 50 }, () => slowSignIn(server.url));
    await Promise.all(requests.map((r) => r.sent));
    // A later request on a new connection answers once the server has taken the 50 before it.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    // A written request is not yet a read one: a connection whose first bytes the server has not read is idle
    // to it, and Ctrl-C closes idle connections. Wait until the server has read what each of the 50 sent.
    const port = Number(new URL(server.url).port);
    await until(
      async () => {
        const seen = await serverConnections(port);
        return seen.count >= requests.length && seen.unread === 0;
      },
      'the server has read the first part of every request',
      STOPPING_MS,
    );

    const exited = server.signal('SIGINT');
    await until(
      () => server.output().includes('SIGINT: stopping'),
      'the server says it is stopping',
      STOPPING_MS,
    );
    await until(
      () =>
        fetch(`${server.url}/api/health`).then(
          () => false,
          () => true,
        ),
      'the server refuses new connections',
      STOPPING_MS,
    );
    for (const request of requests) request.finish();
    const answers = await Promise.all(requests.map((r) => r.answer));

    // Each one was answered by the API with the database still there: the sign-in failure, never a 500.
    expect(answers.filter((a) => a.status !== 401 || !a.body.includes('LOGIN_FAILED'))).toEqual([]);
    expect(await exited).toBe(0);
    expect(server.output()).not.toMatch(/FATAL|could not start/);
    // A clean PostgreSQL shutdown removes its lock file.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    // Starting the server (a build, PostgreSQL, migrations) takes minutes on a busy machine.
  }, 300_000);
});
