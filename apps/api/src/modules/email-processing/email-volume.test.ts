import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { intakeFixture } from './email-fixtures';
import { sendVolume, untilProcessed, volumeMeters } from './email-volume';
import { startSmtpListener } from './smtp-listener';

/*
 * Volume (the "1,000 messages in a minute"): 100 messages of one small CSV each sent at once through the
 * real listener with nodemailer and worked by the real job runner; all stored, none lost, all processed. The
 * 1,000 are in the bench (`npm run bench`, email-volume), where their time is measured, not asserted.
 */
const COUNT = 100;
let t: TestApp;
let fx: Awaited<ReturnType<typeof intakeFixture>>;

beforeAll(async () => {
  t = await createTestApp({ jobs: true });
  fx = await intakeFixture(t.db, 'Volume Org');
});
afterAll(() => t?.close());

describe('many messages at once', () => {
  it('stores every message before answering, loses none, and processes each into its invoice', async () => {
    const jobs = t.jobs;
    if (!jobs) throw new Error('no job runner');
    const meters = await volumeMeters(t.db, fx.org.id, fx.meter.energyId ?? 0, fx.meter.unitId ?? 0, COUNT);
    const listener = await startSmtpListener({
      db: t.db,
      storage: createLocalStorage(`${t.config.dataDir}/files`),
      port: 0,
      host: '127.0.0.1',
      maxBytes: 60 * 1024 * 1024,
      send: (name, data) => jobs.send(name, data),
    });
    try {
      const t0 = performance.now();
      const sent = await sendVolume({
        port: listener.port,
        to: fx.address,
        from: 'bills@southern.test',
        count: COUNT,
        meters,
      });
      expect(sent.refused).toEqual([]);
      const counts = await untilProcessed(t.db, fx.org.id, COUNT, 240_000);
      expect(counts).toEqual({ messages: COUNT, items: COUNT, byState: { accepted: COUNT } });
      const invoices = await t.db.execute<{ n: number }>(sql`select count(distinct invoice_number)::int as n
        from invoices where organisation_id = ${fx.org.id} and invoice_number like 'VOL-%'`);
      expect(invoices.rows[0]?.n).toBe(COUNT);
      console.log(
        `${COUNT} messages: sent in ${sent.seconds.toFixed(1)} s, all processed in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    } finally {
      await listener.close();
    }
  }, 300_000);
});
