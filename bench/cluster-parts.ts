// The parts `bench/proxy.ts` runs besides the API: a PostgreSQL server of Debian's packages in a folder of its
// own (not the machine's cluster), HAProxy with the repository's deploy/haproxy.cfg, and HAProxy's runtime
// socket (to drain a server before it restarts).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, mkdir, readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { freePort } from '@verdant/db/testing/free-port';
import pg from 'pg';

const asPostgres = (args: string[]) =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)];

function run(args: string[]) {
  const [command, rest] = asPostgres(args) as [string, string[]];
  execFileSync(command, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
}

export interface Postgres {
  url: string;
  version: string;
  stop(): void;
}

/**
 * A fresh PostgreSQL cluster of Debian's newest `postgresql-NN` package in `dir` (initdb, then pg_ctl start on a
 * free port of 127.0.0.1, trust for local connections), with an empty database `verdant`.
 */
export async function startDebianPostgres(dir: string): Promise<Postgres> {
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  const version = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error("Debian's PostgreSQL is not installed (apt-get install postgresql)");
  const bin = (name: string) => path.join('/usr/lib/postgresql', version, 'bin', name);
  const data = path.join(dir, 'pg');
  await mkdir(data, { recursive: true });
  await chmod(dir, 0o755);
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', data]);
  run([bin('initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  run([bin('pg_ctl'), '-D', data, '-l', path.join(data, 'log'), '-o', options, '-w', 'start']);
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database verdant');
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/verdant`,
    version,
    stop: () => run([bin('pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']),
  };
}

export interface Haproxy {
  url: string;
  child: ChildProcess;
  /** Sends one command to the runtime socket and answers its reply. */
  command(line: string): Promise<string>;
  /** The servers' state and current connections, from `show stat`. */
  servers(): Promise<Map<string, { status: string; current: number }>>;
  /** The frontend's answers with a 5xx status so far. */
  frontend5xx(): Promise<number>;
  stop(): void;
}

/** HAProxy with deploy/haproxy.cfg in front of `apis` (host:port each), listening on `port`. */
export async function startHaproxy(
  root: string,
  dir: string,
  port: number,
  apis: string[],
  log: (line: string) => void,
): Promise<Haproxy> {
  const socket = path.join(dir, 'haproxy.sock');
  const child = spawn('haproxy', ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], {
    env: {
      ...process.env,
      VERDANT_PROXY_BIND: `127.0.0.1:${port}`,
      VERDANT_HAPROXY_SOCKET: socket,
      ...Object.fromEntries(apis.map((a, i) => [`VERDANT_API_${i + 1}`, a])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr])
    stream?.setEncoding('utf8').on('data', (c: string) => log(`haproxy: ${c.trim()}`));
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      let reply = '';
      const conn = net.createConnection(socket, () => conn.end(`${line}\n`));
      conn.setEncoding('utf8').on('data', (c: string) => {
        reply += c;
      });
      conn.on('end', () => resolve(reply));
      conn.on('error', reject);
    });
  const stat = async () => {
    const [header, ...rows] = (await command('show stat')).trim().split('\n');
    const names = (header ?? '').replace(/^# /, '').split(',');
    return rows.map((r) => Object.fromEntries(r.split(',').map((v, i) => [names[i], v])));
  };
  const proxy: Haproxy = {
    url: `http://127.0.0.1:${port}`,
    child,
    command,
    async servers() {
      const rows = (await stat()).filter((r) => r.pxname === 'verdant_api' && r.svname?.startsWith('api'));
      return new Map(rows.map((r) => [r.svname, { status: r.status, current: Number(r.scur) }]));
    },
    async frontend5xx() {
      const front = (await stat()).find((r) => r.pxname === 'verdant' && r.svname === 'FRONTEND');
      return Number(front?.hrsp_5xx ?? 0);
    },
    stop: () => child.kill('SIGTERM'),
  };
  await until(async () => {
    const servers = await proxy.servers().catch(() => new Map());
    return servers.size === apis.length && [...servers.values()].every((s) => s.status === 'UP');
  }, 'HAProxy sees every API process up');
  return proxy;
}

export async function until(check: () => Promise<boolean>, what: string, seconds = 120) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
