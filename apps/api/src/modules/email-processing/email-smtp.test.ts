import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '@verdant/db/testing/free-port';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage';
import { killStartedProcesses, repoRoot, trackProcessGroup } from '../../testing/server-process';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { readUntil } from '../../testing/until';
import { billPdf, intakeFixture, itemReaches, itemStateOf } from './email-fixtures';
import { startSmtpListener } from './smtp-listener';

/*
 * Real messages through the real listener (nodemailer to smtp-server), kept at once in the jobs centre's email
 * batch (docs/decisions/job-runner.md, Email batches), processed by the real job runner; and a
 * worker process killed between receipt and processing, whose message is processed after the restart.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof intakeFixture>>;

const transport = (port: number) =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });

/** The email batch of each message, by subject. */
async function batchesOf(subjects: string[]) {
  const rows = await t.db.execute<{ subject: string; job: number | null }>(sql`
    select subject, batch_job_id as job from email_messages
    where organisation_id = ${fx.org.id} and subject = any(${sql.param(subjects)}::text[]) order by id`);
  return rows.rows;
}
async function jobOf(id: number) {
  const rows = await t.db.execute<{ kind: string; status: string; title: string; result: unknown }>(
    sql`select kind, status, title, result from background_jobs where id = ${id}`,
  );
  return rows.rows[0];
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
      // The items wait until both messages are in, so the second delivery finds the first's batch running.
      send: async (name, data) => void held.push(() => jobs.send(name, data)),
    });
    const held: (() => Promise<void>)[] = [];
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
      // Each delivery keeps its batch at once: the second joins the first's, still Running.
      const batches = await batchesOf(['Your bill', 'Another bill']);
      expect(batches).toHaveLength(2);
      expect(batches[0]?.job).not.toBeNull();
      expect(batches[1]?.job).toBe(batches[0]?.job);
      expect(await jobOf(batches[0]?.job ?? 0)).toMatchObject({
        kind: 'email batch',
        status: 'running',
        title: 'Email batch: 2 messages (SMTP delivery)',
      });
      for (const go of held.splice(0)) await go();
      expect(await itemReaches(t.db, 'smtp-good.pdf', ['accepted'])).toEqual({
        state: 'accepted',
        reasonCode: null,
      });
      expect(await itemReaches(t.db, 'smtp-parked.pdf', ['parked'])).toEqual({
        state: 'parked',
        reasonCode: 'unknown-account',
      });
      const invoice = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from invoices where organisation_id = ${fx.org.id} and invoice_number = 'S-1'`,
      );
      expect(invoice.rows[0]?.n).toBe(1);
      // The last attachment worked finishes the batch: what became of each message.
      const batchJob = await readUntil(
        () => jobOf(batches[0]?.job ?? 0),
        (job) => job?.status === 'finished',
        'the email batch finished',
      );
      expect(batchJob).toMatchObject({
        status: 'finished',
        result: { messages: 2, attachments: 2, invoicesCreated: 1, parked: 1 },
      });
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
    const left = await itemStateOf(t.db, 'smtp-killed.pdf');
    // Acknowledged means stored: the item is there, not yet processed (the worker polls every 2 s).
    expect(left?.state).toBe('pending');
    const second = startWorker(port);
    try {
      await listening(second);
      expect(await itemReaches(t.db, 'smtp-killed.pdf', ['accepted'], 90_000)).toEqual({
        state: 'accepted',
        reasonCode: null,
      });
    } finally {
      second.kill('SIGTERM');
      await new Promise((r) => second.once('exit', r));
    }
  }, 180_000);
});
