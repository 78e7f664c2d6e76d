import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '@verdant/db/testing/free-port';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage';
import { killStartedProcesses, repoRoot, trackProcessGroup } from '../../testing/server-process';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { billPdf, intakeFixture } from './email-fixtures';
import { startSmtpListener } from './smtp-listener';

/*
 * Real messages through the real listener (nodemailer to smtp-server), processed by the real job runner; and a
 * worker process killed between receipt and processing, whose message is processed after the restart.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof intakeFixture>>;

const transport = (port: number) =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });

async function stateOf(filename: string) {
  const rows = await t.db.execute<{ state: string; reasonCode: string | null }>(sql`
    select state, reason_code as "reasonCode" from email_items where filename = ${filename} order by id desc limit 1`);
  return rows.rows[0];
}

async function waitFor(filename: string, states: string[], ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const item = await stateOf(filename);
    if (item && states.includes(item.state)) return item;
    if (Date.now() > until) throw new Error(`${filename} is ${item?.state ?? 'not received'}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  fx = await intakeFixture(t.db, 'Smtp Org');
});
afterAll(async () => {
  await killStartedProcesses();
  await t?.close();
});

describe('the SMTP listener', () => {
  it('takes a bill that becomes an invoice and one that is parked; refuses a stranger address at RCPT', async () => {
    const jobs = t.jobs;
    if (!jobs) throw new Error('no job runner');
    const listener = await startSmtpListener({
      db: t.db,
      storage: createLocalStorage(`${t.config.dataDir}/files`),
      port: 0,
      host: '127.0.0.1',
      maxBytes: 60 * 1024 * 1024,
      send: (name, data) => jobs.send(name, data),
    });
    try {
      const mail = transport(listener.port);
      const sent = await mail.sendMail({
        from: 'bills@southern.test',
        to: fx.address,
        subject: 'Your bill',
        text: 'Attached.',
        attachments: [{ filename: 'smtp-good.pdf', content: await billPdf('ACC-1', 'S-1') }],
      });
      expect(sent.response).toMatch(/^250 Stored as message \d+/);
      await mail.sendMail({
        from: 'bills@southern.test',
        to: fx.address,
        subject: 'Another bill',
        text: 'Attached.',
        attachments: [{ filename: 'smtp-parked.pdf', content: await billPdf('ACC-999', 'S-2') }],
      });
      expect(await waitFor('smtp-good.pdf', ['accepted'])).toEqual({ state: 'accepted', reasonCode: null });
      expect(await waitFor('smtp-parked.pdf', ['parked'])).toEqual({
        state: 'parked',
        reasonCode: 'unknown-account',
      });
      const invoice = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from invoices where organisation_id = ${fx.org.id} and invoice_number = 'S-1'`,
      );
      expect(invoice.rows[0]?.n).toBe(1);
      await expect(
        mail.sendMail({ from: 'bills@southern.test', to: 'nobody@intake.test', subject: 'x', text: 'x' }),
      ).rejects.toThrow(/550/);
    } finally {
      await listener.close();
    }
  });
});

function startWorker(port: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: t.database.url,
      DATA_DIR: t.config.dataDir,
      MAIL_INTAKE_PORT: String(port),
      MAIL_INTAKE_HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, killed in afterAll if the test fails before it stops the worker itself.
    detached: true,
  });
  trackProcessGroup(child);
  return child;
}

async function listening(child: ChildProcess) {
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not start: ${out}`)), 60_000);
    const seen = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('job worker is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', () => reject(new Error(`the worker ended: ${out}`)));
  });
}

describe('a worker killed between receipt and processing', () => {
  it('leaves the message stored and pending; the restarted worker processes it', async () => {
    await t.jobs?.stop();
    const port = await freePort();
    const first = startWorker(port);
    await listening(first);
    const mail = transport(port);
    await mail.sendMail({
      from: 'bills@southern.test',
      to: fx.address,
      subject: 'Killed',
      text: 'Attached.',
      attachments: [{ filename: 'smtp-killed.pdf', content: await billPdf('ACC-1', 'K-1') }],
    });
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const left = await stateOf('smtp-killed.pdf');
    // Acknowledged means stored: the item is there, not yet processed (the worker polls every 2 s).
    expect(left?.state).toBe('pending');
    const second = startWorker(port);
    try {
      await listening(second);
      expect(await waitFor('smtp-killed.pdf', ['accepted'], 90_000)).toEqual({
        state: 'accepted',
        reasonCode: null,
      });
    } finally {
      second.kill('SIGTERM');
      await new Promise((r) => second.once('exit', r));
    }
  }, 180_000);
});
