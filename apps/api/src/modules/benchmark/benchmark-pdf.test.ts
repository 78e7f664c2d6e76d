import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKeptPdf } from '../../testing/kept-pdf';
import { bearer } from '../../testing/test-app';
import { benchmarkOrganisation } from './benchmark-fixture';

let fx: Awaited<ReturnType<typeof benchmarkOrganisation>>;
let tokens: Record<string, string>;
beforeAll(async () => {
  fx = await benchmarkOrganisation();
  tokens = { admin: await fx.t.login('b.admin'), outsider: await fx.t.login('b.outsider') };
});
afterAll(() => fx?.t.close());

const run = (who: string, payload: object) =>
  fx.t.app.inject({
    method: 'POST',
    url: '/api/data/reporting/reports/run',
    headers: bearer(tokens[who] ?? ''),
    payload: { output: 'pdf', ...payload },
  });

/** The PDF's text; its pages drawn to PNG beside it, to look at. */
const pdfText = (name: string, data: Buffer) => readKeptPdf('benchmark', name, data, { pages: 'all' });

/* The PDFs carry the figures of benchmark.test.ts and commissioning.test.ts, worked by hand there. */
describe('the benchmark and commissioning PDFs', () => {
  it('draws the benchmark of Office A against CIBSE TM46, weather-normalised, with its provenance', async () => {
    const res = await run('admin', {
      id: 6,
      asset: { type: 'entity', id: fx.ids.officeA },
      settings: { level: '3' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText('benchmark', res.rawPayload);
    expect(text).toContain('Office A · Oct 2025 to Sep 2026 · level 3');
    expect(text).toContain('against TM46 Energy benchmarks (2008)');
    expect(text).toMatch(/Total energy\s+125\.0\s+243\.4/);
    expect(text).toContain('-236,883');
    expect(text).toContain('Weather-normalised');
    expect(text).toContain('A negative possible improvement means');
    expect(text).toContain('Where these figures come from');
    expect(text).toContain('CIBSE TM46:2008, Table 1');
  });

  it('says why a benchmark cannot be calculated', async () => {
    const res = await run('admin', {
      id: 6,
      asset: { type: 'entity', id: fx.ids.plant },
      settings: { level: '3' },
    });
    expect(pdfText('benchmark-refused', res.rawPayload)).toContain(
      'Benchmark could not be calculated: the entity has no gross floor area',
    );
  });

  it('draws the commissioning table of 2025', async () => {
    const res = await run('admin', { id: 7, asset: { type: 'organisation' }, settings: { year: 2025 } });
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText('commissioning', res.rawPayload);
    expect(text).toContain('Design against commissioned against actual, 2025 (kWh/m² a year)');
    expect(text).toMatch(
      /Office A \(Campus\)\s+2,000\s+100\s+120\s+90\s+138\.8\s+1\.39\s+77,500\s+1\.16\s+37,500/,
    );
    expect(text).toContain('No gross floor area');
  });

  it('refuses an end month in the future and another organisation’s entity', async () => {
    const future = await run('admin', {
      id: 6,
      asset: { type: 'entity', id: fx.ids.officeA },
      settings: { endMonth: '2027-01' },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('The end month cannot be in the future');
    const theirs = await run('outsider', { id: 6, asset: { type: 'entity', id: fx.ids.officeA } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Office A');
  });
});
