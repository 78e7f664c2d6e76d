import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbedded } from './embedded';
import { freePort } from './testing/free-port';

async function signsIn(url: string): Promise<boolean> {
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

describe('embedded PostgreSQL', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('gives each installation a password of its own, kept in the data folder, and moves older installations to one', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-embedded-'));
    dirs.push(dir);
    await chmod(dir, 0o755);
    const port = await freePort();
    const passwordFile = path.join(dir, 'pg-password');
    const legacyUrl = `postgres://postgres:verdant-local@127.0.0.1:${port}/postgres`;

    const first = await startEmbedded({ dir: path.join(dir, 'pg'), port });
    const password = (await readFile(passwordFile, 'utf8')).trim();
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
    expect(first.url()).toContain(encodeURIComponent(password));
    expect(await signsIn(first.url())).toBe(true);
    expect(await signsIn(legacyUrl)).toBe(false);

    // Make it look like an installation from before: the shared password and no password file.
    const admin = new pg.Client({ connectionString: first.url() });
    await admin.connect();
    await admin.query("alter role postgres password 'verdant-local'");
    await admin.end();
    await first.stop();
    await rm(passwordFile);

    const lines: string[] = [];
    const second = await startEmbedded({ dir: path.join(dir, 'pg'), port, log: (l) => lines.push(l) });
    const replaced = (await readFile(passwordFile, 'utf8')).trim();
    expect(replaced).not.toBe(password);
    expect(await signsIn(second.url())).toBe(true);
    expect(await signsIn(legacyUrl)).toBe(false);
    expect(lines.join('\n')).toContain('a password of its own');
    await second.stop();

    // A clean stop leaves no lock; the next start keeps the password.
    expect(existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
    const third = await startEmbedded({ dir: path.join(dir, 'pg'), port });
    expect(await signsIn(third.url())).toBe(true);
    expect((await readFile(passwordFile, 'utf8')).trim()).toBe(replaced);
    await third.stop();
  });
});
