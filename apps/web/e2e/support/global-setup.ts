import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureDatabase, startEmbedded } from '@verdant/db/embedded';
import { freePort } from '@verdant/db/testing/free-port';
import { E2E_PORT, E2E_SHORT_SESSION_PORT } from '../../../../playwright.config';
// @ts-expect-error: a plain ESM script shared with `npm start`
import { buildWebIfStale, root } from '../../../../scripts/build-web.mjs';
import { startTestProvider } from '../../../api/src/testing/oidc-test-provider';
import { startMailbox } from './mailbox';

export const E2E_ADMIN_PASSWORD = 'Admin-e2e-pass-1';
/** The short-session server's session length: long enough to sign in, short enough to watch it expire. */
export const SHORT_SESSION_SECONDS = 25;
/** The main server signs in with Microsoft through this test provider; the short-session server has no SSO. */
export const E2E_OIDC = { clientId: 'verdant-e2e', clientSecret: 'verdant-e2e-client-secret-0123456789' };

async function waitForHealth(port: number, child: ChildProcess, ms = 90_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app on port ${port} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app on port ${port} did not become healthy`);
}

/** A night window of one hour that opens 12 hours from now on the product's clock (Pacific/Auckland). */
function farWindow() {
  const now = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Pacific/Auckland',
    hour: '2-digit',
    hourCycle: 'h23',
  });
  const hour = (Number(now.format(new Date())) + 12) % 24;
  const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  return `${at(hour)}-${at(hour + 1)}`;
}

function startApp(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

/** A real PostgreSQL and two real app servers: one normal, one with a short session for the expiry journey. */
export default async function globalSetup() {
  buildWebIfStale();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verdant-e2e-'));
  await chmod(dir, 0o755);
  const pg = await startEmbedded({ dir: path.join(dir, 'pg'), port: await freePort() });
  await ensureDatabase(pg.url(), 'verdant_e2e');
  // Workers inherit this environment: the journeys read the mail the app sends from this folder.
  process.env.E2E_MAIL_DIR = path.join(dir, 'mail');
  const smtpPort = await freePort();
  const mailbox = await startMailbox(process.env.E2E_MAIL_DIR, smtpPort);
  const common = {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    DATABASE_URL: pg.url('verdant_e2e'),
    DATA_DIR: path.join(dir, 'data'),
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    PUBLIC_RATE_LIMIT_PER_MINUTE: '1000',
    // The demo's recomputes are small: the jobs centre keeps a row of those of 10 meters or more.
    RECOMPUTE_FOLLOW_METERS: '10',
    // An Overnight job waits for the night window: one that opens 12 hours from now keeps it waiting whenever the
    // journeys run (docs/decisions/job-runner.md, Overnight jobs).
    OVERNIGHT_WINDOW: farWindow(),
  };
  const idp = await startTestProvider([
    { ...E2E_OIDC, redirectUris: [`http://127.0.0.1:${E2E_PORT}/login/microsoft`] },
  ]);
  const main = startApp(E2E_PORT, {
    ...common,
    PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: E2E_OIDC.clientId,
    OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
  });
  await waitForHealth(E2E_PORT, main);
  const short = startApp(E2E_SHORT_SESSION_PORT, {
    ...common,
    PUBLIC_URL: `http://127.0.0.1:${E2E_SHORT_SESSION_PORT}`,
    SESSION_TTL_SECONDS: String(SHORT_SESSION_SECONDS),
  });
  await waitForHealth(E2E_SHORT_SESSION_PORT, short);

  return async () => {
    for (const child of [main, short]) child.kill('SIGTERM');
    await Promise.all(
      [main, short].map(
        (c) => new Promise((resolve) => (c.exitCode !== null ? resolve(null) : c.on('exit', resolve))),
      ),
    );
    await mailbox.close();
    await idp.close();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
