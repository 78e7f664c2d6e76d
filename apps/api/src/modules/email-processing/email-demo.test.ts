import path from 'node:path';
import { demoBillPatterns } from '@verdant/db/demo-email-intake';
import { seedDemoOnce } from '@verdant/db/seed';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processEmailItem } from '../../jobs/email/email-item.process';
import { createLocalStorage } from '../../lib/storage';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';

/*
 * The demo's invoices by email (docs/decisions/email-intake.md, The demo): the worker's first sweep parks three
 * bills (2, 6 and 12 days old) with three reasons; fixing the Contact Energy template and re-running accepts
 * its bill as an invoice, with the PDF as the invoice's original.
 */
const TODAY = '2026-11-20';
const NOW = new Date(`${TODAY}T10:00:00Z`);
let t: TestApp;
let root = '';
let storage: ReturnType<typeof createLocalStorage>;
const processPending = async () => {
  const pending = await t.db.execute<{ id: number }>(
    sql`select id from email_items where state = 'pending' order by id`,
  );
  for (const { id } of pending.rows)
    await processEmailItem(id, { db: t.db, storage, clock: () => NOW, log: () => {} });
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  storage = createLocalStorage(path.join(t.config.dataDir, 'files'));
  await seedDemoOnce(t.db, { today: TODAY, storage, adminPassword: 'Admin-pass-1' });
  root = await t.login('admin', 'Admin-pass-1');
  await processPending();
});
afterAll(() => t?.close());

describe('the demo', () => {
  it('parks three bills of different ages and reasons, with one accepted and one rejected in the logs', async () => {
    const list = (
      await t.app.inject({ url: '/api/admin/email-processing/parked', headers: bearer(root) })
    ).json();
    expect(
      list.data.map((p: { age: number; urgency: string; reasonCode: string }) => [
        p.age,
        p.urgency,
        p.reasonCode,
      ]),
    ).toEqual([
      [12, 'immediate', 'unknown-retailer'],
      [6, 'urgent', 'unknown-account'],
      [2, 'notification', 'unknown-layout'],
    ]);
    const accepted = (
      await t.app.inject({
        url: '/api/admin/email-processing/preprocess-logs/accepted',
        headers: bearer(root),
      })
    ).json();
    const rejected = (
      await t.app.inject({
        url: '/api/admin/email-processing/preprocess-logs/rejected',
        headers: bearer(root),
      })
    ).json();
    expect(accepted.data).toHaveLength(1);
    expect(rejected.data[0].message).toContain('not on the allow-list');
  });

  it('accepts the Contact Energy bill once its template reads the invoice number again', async () => {
    const retailer = await t.db.execute<{ id: number }>(
      sql`select id from retailers where name = 'Contact Energy'`,
    );
    const id = retailer.rows[0]?.id ?? 0;
    const body = { senders: ['@contact.example'], patterns: demoBillPatterns('Contact Energy') };
    const trial = (
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/email-processing/templates/${id}/trial`,
        headers: bearer(root),
        payload: body,
      })
    ).json();
    type Trial = { filename: string; reads: boolean; missing: string[]; extracted: { text: string } };
    const byName = (n: string) => (trial.trials as Trial[]).find((x) => x.filename === n);
    expect(byName('CE-88120.pdf')?.reads).toBe(true);
    // The Genesis bill is no Contact Energy bill, however well the patterns read it.
    expect(byName('GEN-7741.pdf'), JSON.stringify(byName('GEN-7741.pdf'))).toMatchObject({
      reads: false,
      missing: ['identify'],
    });
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/admin/email-processing/templates/${id}/versions`,
      headers: bearer(root),
      payload: body,
    });
    expect(published.json().version).toBe(2);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/email-processing/templates/${id}/rerun`,
      headers: bearer(root),
    });
    await processPending();
    const item = await t.db.execute<{ state: string; version: number; original: number | null }>(sql`
      select e.state, e.template_version as version, i.original_file_id as original
      from email_items e left join invoices i on i.id = e.invoice_id where e.filename = 'CE-88120.pdf'`);
    expect(item.rows[0]).toMatchObject({ state: 'accepted', version: 2 });
    expect(item.rows[0]?.original).toBeGreaterThan(0);
  });
});
