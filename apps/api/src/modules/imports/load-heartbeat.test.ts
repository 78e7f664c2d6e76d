import path from 'node:path';
import type { ImportJob } from '@verdant/contracts/imports';
import { createMeter, createSite } from '@verdant/db/asset-factories';
import { createDataType } from '@verdant/db/catalogue-factories';
import { createMember, createOrganisation } from '@verdant/db/factories';
import { importJobs } from '@verdant/db/schema/imports';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobContext } from '../../jobs/job-definition';
import { meterLoadJob } from '../../jobs/meter-load.job';
import { staleLoadsJob } from '../../jobs/stale-loads.job';
import { createLocalStorage } from '../../lib/storage';
import { bearer, createTestApp, type TestApp } from '../../testing/test-app';
import { MAX_ATTEMPTS, STALE_AFTER_SECONDS, startHeartbeat } from './load-heartbeat';

/*
 * A load whose worker is killed mid-run (docs/decisions/security.md, "A killed load is retried within minutes"):
 * its row stays 'running' with a heartbeat that stops; the sweep that runs every minute shows it 'retrying' and
 * sends it again, instead of pg-boss's expiry of hours. No job runner here: the test plays the worker, killed
 * where it would be (the row as a killed worker leaves it), then the sweep and the retry.
 */

let t: TestApp;
let token: string;
const sent: { name: string; data?: object }[] = [];
let ctx: JobContext;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date('2026-11-21T10:00:00Z') });
  const org = await createOrganisation(t.db, { name: 'Heartbeat Org' });
  const electricity = await createDataType(t.db, { name: 'Electricity beats' });
  const site = await createSite(t.db, org.id, { name: 'Beat works' });
  await createMeter(t.db, site, {
    localName: 'Beating smart',
    meterType: 5,
    account: '0000077777BB777',
    energyId: electricity.id,
    unitId: electricity.stdUnitId,
    meterOpen: '2025-01-01',
  });
  await createMember(t.db, org.id, { loginId: 'hb.editor', accessId: 3 });
  token = await t.login('hb.editor');
  ctx = {
    db: t.db,
    clock: () => new Date('2026-11-21T10:00:00Z'),
    storage: createLocalStorage(path.join(t.config.dataDir, 'files')),
    log: () => {},
    stopping: () => false,
    send: async (name, data) => {
      sent.push({ name, data });
    },
  };
});
afterAll(() => t?.close());

const pad = (n: number) => String(n).padStart(2, '0');
const csv = () =>
  `ICP,Start,kWh\n${Array.from(
    { length: 48 },
    (_, hh) => `0000077777BB777,2026-07-02 ${pad(Math.floor(hh / 2))}:${hh % 2 ? '30' : '00'},1`,
  ).join('\n')}\n`;

async function uploadLoad() {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/jobs/meter-load?mapping=${encodeURIComponent(JSON.stringify({ meter: 'ICP', timestamp: 'Start', value: 'kWh' }))}`,
    headers: { ...bearer(token), 'content-type': 'application/octet-stream', 'x-filename': 'beats.csv' },
    payload: csv(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.uuid as string;
}

const statusOf = async (uuid: string) =>
  (await t.app.inject({ url: `/api/jobs/${uuid}/status`, headers: bearer(token) })).json().data as ImportJob;

/** The row as a worker killed mid-load leaves it: running, its last beat `ago` seconds old. */
const killedWorker = (uuid: string, ago: number, attempts = 1) =>
  t.db
    .update(importJobs)
    .set({
      status: 'running',
      startedAt: sql`now() - make_interval(secs => ${ago + 5})`,
      heartbeatAt: sql`now() - make_interval(secs => ${ago})`,
      attempts,
    })
    .where(eq(importJobs.uuid, uuid));

describe('a load killed mid-run', () => {
  it('is shown retrying and loaded again once its heartbeat has stopped for a minute', async () => {
    const uuid = await uploadLoad();
    await killedWorker(uuid, STALE_AFTER_SECONDS + 5);
    expect((await statusOf(uuid)).status).toBe('running');

    sent.length = 0;
    expect(await staleLoadsJob.handler({}, ctx)).toEqual({ retried: 1, failed: 0 });
    expect(sent).toEqual([{ name: meterLoadJob.name, data: { uuid } }]);
    const retrying = await statusOf(uuid);
    expect(retrying.status).toBe('retrying');

    // The queue hands the load to a worker again: it loads whole.
    await meterLoadJob.handler({ uuid }, ctx);
    expect(await statusOf(uuid)).toMatchObject({ status: 'finished', readings: 48, error: null });
    const [row] = await t.db.select().from(importJobs).where(eq(importJobs.uuid, uuid));
    expect(row?.attempts).toBe(2);
    // The sweep leaves a finished load alone.
    expect(await staleLoadsJob.handler({}, ctx)).toEqual({ retried: 0, failed: 0 });
  });

  it('leaves a load whose worker still beats to that worker', async () => {
    const uuid = await uploadLoad();
    await killedWorker(uuid, 5);
    sent.length = 0;
    expect(await staleLoadsJob.handler({}, ctx)).toEqual({ retried: 0, failed: 0 });
    // A second worker handed the same load (pg-boss's own retry) does not take it while it beats.
    expect(await meterLoadJob.handler({ uuid }, ctx)).toEqual({ status: 'running' });
    expect(sent).toEqual([]);
    await t.db.update(importJobs).set({ status: 'failed' }).where(eq(importJobs.uuid, uuid));
  });

  it(`fails a load killed ${MAX_ATTEMPTS} times, saying nothing was imported`, async () => {
    const uuid = await uploadLoad();
    await killedWorker(uuid, STALE_AFTER_SECONDS + 5, MAX_ATTEMPTS);
    sent.length = 0;
    expect(await staleLoadsJob.handler({}, ctx)).toEqual({ retried: 0, failed: 1 });
    expect(await statusOf(uuid)).toMatchObject({ status: 'failed', error: IMPORT_MSG.interrupted });
    expect(sent).toEqual([]);
  });

  it('beats while it runs, outside the load', async () => {
    const uuid = await uploadLoad();
    await killedWorker(uuid, 600);
    const beatAt = async () =>
      (await t.db.select().from(importJobs).where(eq(importJobs.uuid, uuid)))[0]?.heartbeatAt?.getTime() ?? 0;
    const before = await beatAt();
    const stop = startHeartbeat(t.db, uuid, 20);
    try {
      await expect.poll(beatAt, { timeout: 10_000, interval: 20 }).toBeGreaterThan(before + 500_000);
    } finally {
      stop();
    }
    await t.db.update(importJobs).set({ status: 'failed' }).where(eq(importJobs.uuid, uuid));
  });
});
