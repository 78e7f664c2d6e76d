import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createMember, createOrganisation, createUser } from '@verdant/db/factories';
import { EMAIL_MSG } from '@verdant/domain/email-processing/email-processing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processEmailItem } from '../../jobs/email/email-item.process';
import { createLocalStorage } from '../../lib/storage';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { BILL_PATTERNS, billPdf, intakeFixture, mimeMessage } from './email-fixtures';
import { addressOf } from './intake.queries';
import { storeReceived } from './intake-store';

/*
 * The queues, logs and templates calls (data-portal.md 7, 8): product administrators only. Today is 21
 * November 2026; the parked items arrived 2, 6, 12 and 20 days ago.
 */
const NOW = new Date('2026-11-21T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let fx: Awaited<ReturnType<typeof intakeFixture>>;
const tokens: Record<'root' | 'admin' | 'otherAdmin' | 'observer', string> = {
  root: '',
  admin: '',
  otherAdmin: '',
  observer: '',
};
const items: Record<string, number> = {};
const base = '/api/admin/email-processing';

const call = (who: keyof typeof tokens, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `${base}${url}`, headers: bearer(tokens[who]), payload });

async function park(name: string, account: string, daysAgo: number) {
  const storage = createLocalStorage(path.join(t.config.dataDir, 'files'));
  const raw = await mimeMessage({
    from: 'bills@southern.test',
    to: fx.address,
    subject: name,
    attachments: [{ filename: `${name}.pdf`, content: await billPdf(account, name) }],
  });
  const address = await addressOf(t.db, fx.address);
  const at = new Date(NOW.getTime() - daysAgo * DAY);
  const received = await storeReceived({ db: t.db, storage, clock: () => at }, raw, {
    from: 'bills@southern.test',
    to: address ? [address] : [],
  });
  const id = received.pendingItemIds[0] ?? 0;
  await processEmailItem(id, { db: t.db, storage, clock: () => NOW, log: () => {} });
  items[name] = id;
  return id;
}

const fileOf = async (id: number) => {
  const list = (await call('root', 'GET', '/parked')).json().data as { file: string; filename: string }[];
  return list.find((p) => p.file.startsWith(`${id}-`))?.file ?? '';
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  fx = await intakeFixture(t.db, 'Queue Org');
  const other = await createOrganisation(t.db, { name: 'Other Queue Org' });
  await createUser(t.db, { loginId: 'q.root', productAdmin: true });
  await createMember(t.db, fx.org.id, { loginId: 'q.admin', accessId: 2, admin: true });
  await createMember(t.db, other.id, { loginId: 'q.other', accessId: 2, admin: true });
  await createMember(t.db, fx.org.id, { loginId: 'q.observer', accessId: 4 });
  tokens.root = await t.login('q.root');
  tokens.admin = await t.login('q.admin');
  tokens.otherAdmin = await t.login('q.other');
  tokens.observer = await t.login('q.observer');
  await park('P-2', 'ACC-2', 2);
  await park('P-6', 'ACC-2', 6);
  await park('P-12', 'ACC-2', 12);
  await park('P-20', 'ACC-2', 20);
  await park('OK-1', 'ACC-1', 1);
});
afterAll(() => t?.close());

describe('the queues', () => {
  it('lists parked items oldest first, each with its age, urgency, reason and what was extracted', async () => {
    const res = await call('root', 'GET', '/parked');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as {
      file: string;
      age: number;
      urgency: string;
      errorMessage: string;
      extracted: { found: Record<string, string> };
    }[];
    expect(list.map((p) => [p.age, p.urgency])).toEqual([
      [20, 'emergency'],
      [12, 'immediate'],
      [6, 'urgent'],
      [2, 'notification'],
    ]);
    expect(list[0]?.file).toBe(`${items['P-20']}-P-20.pdf`);
    expect(list[0]?.errorMessage).toContain('Unknown account');
    expect(list[0]?.extracted.found.account).toBe('ACC-2');
  });

  it('downloads the original attachment', async () => {
    const res = await call('root', 'GET', `/parked/email/${await fileOf(items['P-2'] ?? 0)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('root', 'GET', `/deferred/email/${await fileOf(items['P-2'] ?? 0)}`)).statusCode).toBe(
      404,
    );
  });

  it('deletes an item to the rejected log; when its file cannot be removed it says so and schedules a re-run', async () => {
    const file = await fileOf(items['P-6'] ?? 0);
    expect((await call('root', 'DELETE', `/parked/email/${file}`)).statusCode).toBe(200);
    expect(await fileOf(items['P-6'] ?? 0)).toBe('');
    const rejected = (await call('root', 'GET', '/preprocess-logs/rejected')).json().data as {
      message: string;
    }[];
    expect(rejected[0]?.message).toContain('P-6.pdf deleted from the parked queue');

    // A directory where the file should be: removing it fails.
    const stuck = await fileOf(items['P-12'] ?? 0);
    const key = await t.db.execute<{ k: string }>(
      sql`select storage_key as k from email_items where id = ${items['P-12']}`,
    );
    const where = path.join(t.config.dataDir, 'files', ...(key.rows[0]?.k ?? '').split('/'));
    await rm(where, { force: true });
    await mkdir(path.join(where, 'inside'), { recursive: true });
    const res = await call('root', 'DELETE', `/parked/email/${stuck}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EMAIL_MSG.deleteFailed);
    const state = await t.db.execute<{ state: string }>(
      sql`select state from email_items where id = ${items['P-12']}`,
    );
    expect(state.rows[0]?.state).toBe('pending');
  });

  it('schedules a re-run, which takes the item off the list', async () => {
    const file = await fileOf(items['P-2'] ?? 0);
    const res = await call('root', 'POST', `/parked/${file}/resend`);
    expect(res.statusCode).toBe(200);
    expect(await fileOf(items['P-2'] ?? 0)).toBe('');
    expect((await call('root', 'POST', `/parked/${file}/resend`)).statusCode).toBe(404);
  });

  it('lists the accepted log and trims the logs before a date, with both messages', async () => {
    const accepted = (await call('root', 'GET', '/preprocess-logs/accepted')).json().data as {
      message: string;
      invoiceId: number;
    }[];
    expect(accepted[0]?.message).toContain('OK-1.pdf from bills@southern.test accepted as invoice');
    expect(accepted[0]?.invoiceId).toBeGreaterThan(0);
    const none = await call('root', 'GET', '/preprocess-logs/trim?beforeDate=2020-01-01');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(EMAIL_MSG.trimFailed);
    const missing = await call('root', 'GET', '/preprocess-logs/trim');
    expect(missing.statusCode).toBe(400);
    const ok = await call('root', 'GET', '/preprocess-logs/trim?beforeDate=2026-12-01');
    expect(ok.json()).toEqual({ success: true, message: EMAIL_MSG.trimmed });
    expect((await call('root', 'GET', '/preprocess-logs/accepted')).json().data).toEqual([]);
  });
});

describe('templates', () => {
  it('shows a retailer parked items read with the newest version, trials a draft, and refuses a bad pattern', async () => {
    const list = await call('root', 'GET', '/templates');
    expect(list.json().templates[0]).toMatchObject({ retailerId: fx.retailerId, latest: 1 });
    const detail = (await call('root', 'GET', `/templates/${fx.retailerId}`)).json();
    expect(detail.trials[0]).toMatchObject({ reads: true, reasonCode: 'unknown-account' });
    const trial = await call('root', 'POST', `/templates/${fx.retailerId}/trial`, {
      senders: ['@southern.test'],
      patterns: { ...BILL_PATTERNS, invoiceNumber: 'Bill no (\\S+)' },
    });
    expect(trial.json().trials[0]).toMatchObject({ reads: false, missing: ['invoiceNumber'] });
    const bad = await call('root', 'POST', `/templates/${fx.retailerId}/versions`, {
      patterns: { ...BILL_PATTERNS, account: '(' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("The pattern for 'account' is not a regular expression");
  });

  it('publishes a new version and re-runs the parked items, which the new version then reads', async () => {
    await t.db.execute(sql`update meters set account = 'ACC-2' where id = ${fx.meter.id}`);
    const published = await call('root', 'POST', `/templates/${fx.retailerId}/versions`, {
      senders: ['@southern.test'],
      patterns: BILL_PATTERNS,
    });
    expect(published.json()).toMatchObject({ version: 2 });
    const rerun = await call('root', 'POST', `/templates/${fx.retailerId}/rerun`);
    expect(rerun.json()).toEqual({ success: true, scheduled: 1 });
    const storage = createLocalStorage(path.join(t.config.dataDir, 'files'));
    await processEmailItem(items['P-20'] ?? 0, { db: t.db, storage, clock: () => NOW, log: () => {} });
    const row = await t.db.execute<{ state: string; v: number }>(
      sql`select state, template_version as v from email_items where id = ${items['P-20']}`,
    );
    expect(row.rows[0]).toEqual({ state: 'accepted', v: 2 });
  });
});

describe('rights', () => {
  it("refuses every call to an organisation administrator, another organisation's, and an observer", async () => {
    const file = `${items['P-20']}-P-20.pdf`;
    const calls: ['GET' | 'POST' | 'DELETE', string, object?][] = [
      ['GET', '/parked'],
      ['GET', `/parked/email/${file}`],
      ['GET', `/deferred/email/${file}`],
      ['DELETE', `/parked/email/${file}`],
      ['DELETE', `/deferred/email/${file}`],
      ['POST', `/parked/${file}/resend`],
      ['GET', '/preprocess-logs/rejected'],
      ['GET', '/preprocess-logs/accepted'],
      ['GET', '/preprocess-logs/trim?beforeDate=2026-12-01'],
      ['GET', '/templates'],
      ['GET', `/templates/${fx.retailerId}`],
      ['POST', `/templates/${fx.retailerId}/trial`, { patterns: BILL_PATTERNS }],
      ['POST', `/templates/${fx.retailerId}/versions`, { patterns: BILL_PATTERNS }],
      ['POST', `/templates/${fx.retailerId}/rerun`],
    ];
    for (const who of ['admin', 'otherAdmin', 'observer'] as const) {
      for (const [method, url, body] of calls) {
        const res = await call(who, method, url, body);
        expect([who, method, url, res.statusCode]).toEqual([who, method, url, 403]);
        expect(res.body).not.toContain('P-20');
      }
    }
    const versions = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_templates where retailer_id = ${fx.retailerId}`,
    );
    expect(versions.rows[0]?.n).toBe(2);
  });
});
