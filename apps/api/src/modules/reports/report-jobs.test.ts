import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage';
import { bearer } from '../../testing/test-app';
import { readUntil } from '../../testing/until';
import { purgeReportFiles } from './report-files-purge';
import { reportOrganisation, rows } from './report-fixture';

/*
 * A run now estimated above REPORT_JOB_ROWS (here 3 meter-months) goes to the jobs centre as a pg-boss job on
 * the real runner; its file is downloaded from the job by its owner only. The organisation's monthly summary
 * reads 4 meters x 1 month (queued); the Depot's, 1 (answered at once).
 */
let fx: Awaited<ReturnType<typeof reportOrganisation>>;
beforeAll(async () => {
  fx = await reportOrganisation({ jobs: true, env: { REPORT_JOB_ROWS: '3' } });
});
afterAll(() => fx?.t.close());

const call = (who: string, url: string) =>
  fx.t.app.inject({ url: `/api${url}`, headers: bearer(fx.tokens[who] ?? '') });

const finished = (jobId: number) =>
  readUntil(
    async () => (await call('r.admin', `/tools/jobs/${jobId}`)).json(),
    (job) => job.status === 'finished' || job.status === 'crashed',
    'the report job ended',
  );

describe('a slow report run now', () => {
  it('goes to the jobs centre with its progress, and its file downloads from the job', async () => {
    const res = await fx.run('r.admin', {});
    expect(res.statusCode, res.body).toBe(202);
    const { jobId, message } = res.json();
    expect(message).toContain('jobs centre');
    const job = await finished(jobId);
    expect(job.status, JSON.stringify(job.log)).toBe('finished');
    expect(job.kind).toBe('report');
    expect([job.progressDone, job.progressTotal]).toEqual([4, 4]);
    expect(job.result.download).toBe(`/api/data/reporting/reports/runs/${jobId}/file`);
    const file = await call('r.admin', `/data/reporting/reports/runs/${jobId}/file`);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toContain('monthly-energy-and-carbon-summary-2026-10.csv');
    // The monthly summary of October 2026 worked by hand in report-fixture.ts, as a run answered at once.
    expect(rows(file.body).slice(1)).toEqual([
      ['Electricity', '5100', 'kWh', '1020', '561', '-13.27', ''],
      ['Water supply', '100', 'm3', '250', '30', '11.11', ''],
      // The closing line says which basis and editions the file holds (docs/decisions/factor-editions.md).
      [
        'Restated: emissions as they stand; no restatement has replaced the figures of these months. Factors: Test factors 2026 (entered by hand).',
        ...Array(6).fill(''),
      ],
    ]);
  });

  it("is refused to anyone but its owner, and another organisation's administrator learns nothing", async () => {
    const { jobId } = (await fx.run('r.admin', {})).json();
    await finished(jobId);
    for (const who of ['r.observer', 'r.outsider']) {
      const res = await call(who, `/data/reporting/reports/runs/${jobId}/file`);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().message).toBe('That report file was not found');
    }
  });

  it('answers a quick run at once and checks a slow one before queueing it', async () => {
    const quick = await fx.run('r.admin', { asset: { type: 'site', id: fx.ids.depot } });
    expect(quick.statusCode, quick.body).toBe(200);
    const bad = await fx.run('r.admin', { id: 3, start: '1626-01-01', end: '2026-01-01' });
    expect(bad.statusCode).toBe(400);
    const jobs = (await call('r.admin', '/tools/jobs')).json().jobs;
    expect(jobs.filter((j: { kind: string }) => j.kind === 'report')).toHaveLength(2);
  });

  it('says its file was removed once the purge has taken it after 7 days', async () => {
    const { jobId } = (await fx.run('r.admin', {})).json();
    await finished(jobId);
    const root = path.join(fx.t.config.dataDir, 'files');
    const storage = createLocalStorage(root);
    const eightDays = new Date(Date.now() - 8 * 86_400_000);
    for (const f of await storage.list('reports')) await utimes(path.join(root, f.key), eightDays, eightDays);
    expect((await purgeReportFiles(storage, new Date())).files).toBeGreaterThan(0);
    const res = await call('r.admin', `/data/reporting/reports/runs/${jobId}/file`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This report file was removed after 7 days. Run the report again.');
  });
});
