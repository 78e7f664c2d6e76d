import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EditionsWorld,
  editionsWorld,
  gridOrganisation,
  MFE_2022,
  restate,
} from '../../testing/editions-fixture';

/**
 * Which edition produced a figure, and figures as originally reported (docs/decisions/factor-editions.md), worked by
 * hand from the seeded catalogue (packages/db/src/catalogue-data.ts). One grid electricity meter used 120,000 kWh
 * in each of 2022, 2023, 2024 and last year (calendar reporting years).
 *
 * - Grid electricity (scope 2, location) of 2012-2024 is MfE 2025's, from 2025 on MfE 2026's; T&D losses (scope
 *   3) exist from 2024 on, MfE 2026's; the NZECS residual mix (market-based) covers 2019-04..2021-03 and 2024-04
 *   on, other months' market-based scope 2 takes the grid average. So 2022 and 2023 are produced by MfE 2025
 *   alone; 2023-07..2024-06 by MfE 2025 (grid), MfE 2026 (T&D losses of 2024) and NZECS (from April 2024); last
 *   year location-based by MfE 2026 alone.
 * - 2022: 120,000 x 0.0818949105 = 9,827.38926 kg (scope 2), no scope 3. "TA 2023" (a test publisher) revises
 *   2022 to 0.0742 and is published and confirmed: restated 120,000 x 0.0742 = 8,904 kg, produced by TA 2023;
 *   as originally reported 9,827.38926 kg, produced by MfE 2025.
 */

let w: EditionsWorld;
let organisationId = 0;

beforeAll(async () => {
  w = await editionsWorld();
  const org = await gridOrganisation(w, 'Editions Org', 'admin', [
    2022,
    2023,
    2024,
    new Date().getUTCFullYear() - 1,
  ]);
  organisationId = org.id;
});
afterAll(() => w.t.close());

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  w.call(who, method, url, payload);
const chart = async (from: string, to: string) => {
  const res = await call('admin', 'GET', `/charts/co2e-scope-activity?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { totals: { scope2: number; scope3: number; total: number }; editions: unknown[] };
};
/** The GHG inventory of 2022 as CSV: its total row's scope 2 location-based, scope 3 and total. */
const inventory = async (basis?: string) => {
  const res = await call('admin', 'POST', '/data/reporting/reports/run', {
    id: 2,
    output: 'csv',
    asset: { type: 'organisation' },
    start: '2022-06-01',
    ...(basis ? { settings: { basis } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const table = parse(res.body) as string[][];
  const total = table.find((r) => r[0] === 'Total');
  return { scope2: Number(total?.[2]), scope3: Number(total?.[4]), total: Number(total?.[5]) };
};
const names = (editions: unknown[]) => (editions as { name: string }[]).map((e) => e.name);

describe('which edition produced a figure', () => {
  it('names the edition of a year, and both where the months span a switch', async () => {
    const y2022 = await chart('2022-01', '2022-12');
    expect(y2022.totals.scope2).toBeCloseTo(9827.38926, 0);
    expect(y2022.totals.scope3).toBe(0);
    expect(names(y2022.editions)).toEqual(['MfE 2025']);
    expect(names((await chart('2023-01', '2023-12')).editions)).toEqual(['MfE 2025']);
    const spanning = await chart('2023-07', '2024-06');
    expect(names(spanning.editions)).toEqual(['MfE 2025', 'MfE 2026', 'NZECS residual supply factors']);
    for (const e of spanning.editions as { id: number | null }[]) expect(e.id).toBeGreaterThan(0);
    // The chart's CSV names them on its last line, with which figures they are, the total above it.
    const csv = await call('admin', 'GET', '/charts/co2e-scope-activity?from=2023-07&to=2024-06&format=csv');
    const lines = parse(csv.body) as string[][];
    expect(lines.at(-2)?.[0]).toBe('Total 2023-07 to 2024-06');
    expect(lines.at(-1)?.[0]).toBe(
      'Restated: emissions as they stand; no restatement has replaced the figures of these months. Factors: MfE 2025, MfE 2026, NZECS residual supply factors.',
    );
  });

  it('names them on the dashboard for kg CO2e only, location-based (no residual mix)', async () => {
    const co2e = await call('admin', 'GET', '/dashboard/yearly-comparison-co2e');
    expect(co2e.statusCode, co2e.body).toBe(200);
    expect(co2e.json().editions).toEqual([{ id: expect.any(Number), name: 'MfE 2026' }]);
    expect((await call('admin', 'GET', '/dashboard/monthly-savings-co2e')).json().editions).toEqual([
      { id: expect.any(Number), name: 'MfE 2026' },
    ]);
    expect((await call('admin', 'GET', '/dashboard/yearly-comparison-cons')).json().editions).toEqual([]);
    expect((await call('admin', 'GET', '/dashboard/monthly-savings-cost')).json().editions).toEqual([]);
  });
});

describe('the GHG inventory as originally reported and restated', () => {
  let before: Awaited<ReturnType<typeof inventory>>;

  it('reads the same figures either way before any restatement', async () => {
    before = await inventory();
    expect(before.scope2).toBeCloseTo(120_000 * MFE_2022, 0);
    expect(await inventory('original')).toEqual(before);
  });

  it('refuses a basis it does not know', async () => {
    const res = await call('admin', 'POST', '/data/reporting/reports/run', {
      id: 2,
      output: 'csv',
      asset: { type: 'organisation' },
      start: '2022-06-01',
      settings: { basis: 'imagined' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The setting 'Figures' cannot be imagined");
  });

  it('after a restatement of 2022, keeps what was reported beside the restated figures', async () => {
    await restate(w, { name: 'TA 2023', published: '2023-06-01', rate: 0.0742 }, '2022 grid factor revised');

    const restated = await inventory();
    expect(restated.scope2).toBeCloseTo(8904, 0);
    expect(restated.scope3).toBe(before.scope3);
    expect(restated.total).toBeCloseTo(before.total - (9827.38926 - 8904), 0);
    expect(await inventory('restated')).toEqual(restated);
    expect(await inventory('original')).toEqual(before);

    // The restated year is produced by TA 2023 alone; 2023 was not touched.
    expect(names((await chart('2022-01', '2022-12')).editions)).toEqual(['TA 2023']);
    expect(names((await chart('2023-01', '2023-12')).editions)).not.toContain('TA 2023');
  });

  it('says on the provenance page which figures and editions it shows', async () => {
    const pdf = async (basis: string) =>
      call('admin', 'POST', '/data/reporting/reports/run', {
        id: 2,
        output: 'pdf',
        asset: { type: 'organisation' },
        start: '2022-06-01',
        settings: { basis },
      });
    const original = await pdf('original');
    expect(original.statusCode).toBe(200);
    const { execFileSync } = await import('node:child_process');
    const text = (body: Buffer) =>
      execFileSync('pdftotext', ['-layout', '-', '-'], { input: body }).toString();
    const o = text(original.rawPayload);
    expect(o).toContain('GHG inventory, 2022, as originally reported');
    expect(o).toContain('As originally reported');
    expect(o).toMatch(/Editions that produced the kg CO2e\s+MfE 2025\n/);
    const r = text((await pdf('restated')).rawPayload);
    expect(r).toContain('Restated: emissions as they stand');
    expect(r).toMatch(/Editions that produced the kg CO2e\s+TA 2023\n/);
    expect(organisationId).toBeGreaterThan(0);
  });
});
