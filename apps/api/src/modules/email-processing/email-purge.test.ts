import { existsSync } from 'node:fs';
import path from 'node:path';
import { createUser } from '@verdant/db/factories';
import { EMAIL_MSG, EMAIL_REASONS } from '@verdant/domain/email-processing/email-processing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processEmailItem } from '../../jobs/email/email-item.process';
import { emailFilePurgeJob } from '../../jobs/email-file-purge.job';
import { JOB_SCHEMA } from '../../jobs/runner';
import { createLocalStorage } from '../../lib/storage';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { until } from '../../testing/until';
import { type Attachment, billPdf, intakeFixture, mimeMessage } from './email-fixtures';
import { addressOf } from './intake.queries';
import { storeReceived } from './intake-store';

/*
 * The nightly purge of parked files (docs/decisions/email-intake.md, Parked files purged after 17 days), with
 * hand-made ages. Today is 21 November 2026 10:00 UTC; an item is purged when its whole-day age (the queue's) is
 * over 17: received 17 days 23 hours ago (age 17) it stays, 18 days ago (age 18) it goes.
 */
const NOW = new Date('2026-11-21T10:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let t: TestApp;
let fx: Awaited<ReturnType<typeof intakeFixture>>;
let root = '';
const dir = () => path.join(t.config.dataDir, 'files');
const storage = () => createLocalStorage(dir());
const onDisk = (key: string | null) => key !== null && existsSync(path.join(dir(), ...key.split('/')));

type Row = {
  id: number;
  state: string;
  reason: string | null;
  storageKey: string | null;
  filePurgedAt: string | null;
  rawKey: string;
  rawPurgedAt: string | null;
};
const ids: Record<string, number> = {};
const keys: Record<string, string | null> = {};

async function row(id: number) {
  const rows = await t.db.execute<Row>(sql`
    select i.id, i.state, i.reason, i.storage_key as "storageKey", i.file_purged_at as "filePurgedAt",
      m.storage_key as "rawKey", m.file_purged_at as "rawPurgedAt"
    from email_items i join email_messages m on m.id = i.message_id where i.id = ${id}`);
  const r = rows.rows[0];
  if (!r) throw new Error(`no item ${id}`);
  return r;
}

/** A message received `ago` before now with these attachments, each processed now; names its items. */
async function arrive(ago: number, attachments: (Attachment & { name: string })[]) {
  const raw = await mimeMessage({
    from: 'bills@southern.test',
    to: fx.address,
    subject: 'Bills',
    attachments,
  });
  const address = await addressOf(t.db, fx.address);
  const received = await storeReceived(
    { db: t.db, storage: storage(), clock: () => new Date(NOW.getTime() - ago) },
    raw,
    {
      from: 'bills@southern.test',
      to: address ? [address] : [],
    },
  );
  for (const [n, id] of received.pendingItemIds.entries()) {
    await processEmailItem(id, { db: t.db, storage: storage(), clock: () => NOW, log: () => {} });
    const name = attachments[n]?.name ?? '';
    ids[name] = id;
    keys[name] = (await row(id)).storageKey;
  }
}

const bill = async (name: string, account: string) => ({
  name,
  filename: `${name}.pdf`,
  content: await billPdf(account, name),
});

const completed = async () =>
  (
    await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(JOB_SCHEMA)}.job
      where name = ${emailFilePurgeJob.name} and state = 'completed'`)
  ).rows[0]?.n ?? 0;

/** Runs the purge through the job runner; how many of its runs the jobs centre then lists. */
async function purgeNow() {
  const jobs = t.jobs;
  if (!jobs) throw new Error('no job runner');
  const before = await completed();
  await jobs.send(emailFilePurgeJob.name, {});
  await until(async () => (await completed()) !== before, 'the purge completed');
  const runs = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from background_jobs
    where queue = ${emailFilePurgeJob.name} and status = 'finished'`);
  return runs.rows[0]?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW, jobs: true });
  fx = await intakeFixture(t.db, 'Purge Org');
  await createUser(t.db, { loginId: 'purge.root', productAdmin: true });
  root = await t.login('purge.root');
  await arrive(17 * DAY + 23 * HOUR, [await bill('AGE-17', 'ACC-2')]);
  await arrive(18 * DAY, [await bill('AGE-18', 'ACC-2')]);
  await arrive(25 * DAY, [await bill('MIXED-OK', 'ACC-1'), await bill('MIXED-PARKED', 'ACC-2')]);
});
afterAll(() => t?.close());

describe('the purge of parked email files', () => {
  it('parks the hand-made items as expected before the purge', async () => {
    expect((await row(ids['AGE-17'] ?? 0)).state).toBe('parked');
    expect((await row(ids['AGE-18'] ?? 0)).state).toBe('parked');
    expect((await row(ids['MIXED-OK'] ?? 0)).state).toBe('accepted');
    expect((await row(ids['MIXED-PARKED'] ?? 0)).state).toBe('parked');
    expect(Object.values(keys).every(onDisk)).toBe(true);
  });

  it('removes the bytes of items parked over 17 days, keeps their record and reason, and lists the run', async () => {
    expect(await purgeNow()).toBe(1);
    const kept = await row(ids['AGE-17'] ?? 0);
    expect(kept).toMatchObject({ state: 'parked', filePurgedAt: null, rawPurgedAt: null });
    expect(onDisk(kept.storageKey) && onDisk(kept.rawKey)).toBe(true);

    const gone = await row(ids['AGE-18'] ?? 0);
    expect(gone).toMatchObject({
      state: 'parked',
      storageKey: null,
      reason: `${EMAIL_REASONS['unknown-account']}: account ACC-2`,
    });
    expect(new Date(gone.filePurgedAt ?? '').toISOString()).toBe(NOW.toISOString());
    expect(onDisk(keys['AGE-18'] ?? null) || onDisk(gone.rawKey)).toBe(false);

    // Its message's other item was accepted: the raw message goes too; the accepted invoice keeps its file.
    const mixed = await row(ids['MIXED-PARKED'] ?? 0);
    expect(mixed.filePurgedAt).not.toBeNull();
    expect(mixed.rawPurgedAt).not.toBeNull();
    expect(onDisk(mixed.rawKey)).toBe(false);
    const accepted = await t.db.execute<{ key: string }>(sql`select f.storage_key as key from files f
      join email_items i on i.invoice_id = f.owner_id and f.owner_type = 'invoice' where i.id = ${ids['MIXED-OK'] ?? 0}`);
    expect(accepted.rows.length).toBe(1);
    expect(onDisk(accepted.rows[0]?.key ?? null)).toBe(true);

    const jobs = (await t.app.inject({ method: 'GET', url: '/api/tools/jobs', headers: bearer(root) })).json()
      .jobs as { kind: string; title: string; status: string }[];
    expect(jobs.filter((j) => j.kind === 'email file purge')).toEqual([
      expect.objectContaining({ title: 'Purge of parked email files over 17 days old', status: 'finished' }),
    ]);
  });

  it('shows the purged item in its queue with its reason and when its file went; no download, no re-run', async () => {
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/email-processing/parked', headers: bearer(root) })
    ).json().data as {
      file: string;
      age: number;
      urgency: string;
      errorMessage: string;
      fileDeletedAt: string | null;
    }[];
    const gone = list.find((p) => p.file.startsWith(`${ids['AGE-18']}-`));
    expect(gone).toMatchObject({
      age: 18,
      urgency: 'emergency',
      errorMessage: `${EMAIL_REASONS['unknown-account']}: account ACC-2`,
      fileDeletedAt: NOW.toISOString(),
    });
    expect(list.find((p) => p.file.startsWith(`${ids['AGE-17']}-`))).toMatchObject({
      age: 17,
      urgency: 'immediate',
      fileDeletedAt: null,
    });
    const url = `/api/admin/email-processing/parked/email/${gone?.file}`;
    const download = await t.app.inject({ method: 'GET', url, headers: bearer(root) });
    expect([download.statusCode, download.json().message]).toEqual([404, EMAIL_MSG.filePurged]);
    const rerun = await t.app.inject({
      method: 'POST',
      url: `/api/admin/email-processing/parked/${gone?.file}/resend`,
      headers: bearer(root),
    });
    expect([rerun.statusCode, rerun.json().message]).toEqual([409, EMAIL_MSG.filePurged]);
    expect((await row(ids['AGE-18'] ?? 0)).state).toBe('parked');
  });

  it('keeps no jobs-centre row for a night with nothing to purge', async () => {
    expect(await purgeNow()).toBe(1);
  });
});
