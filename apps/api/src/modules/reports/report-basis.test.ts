import { execFileSync } from 'node:child_process';
import { createMember } from '@verdant/db/factories';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EditionsWorld,
  editionsWorld,
  gridOrganisation,
  MFE_2022,
  restate,
  YEAR_KWH,
} from '../../testing/editions-fixture';
import { bodyWithoutRequestId } from '../../testing/test-app';

/**
 * Every report of kg CO2e restated or as originally reported (docs/decisions/factor-editions.md), worked by hand
 * with the shared world of the factor-edition tests (testing/editions-fixture.ts): one grid electricity meter used
 * 120,000 kWh in 2022, spread by days, its 2022 grid factor MfE 2025's 0.0818949105 kg CO2e/kWh (no T&D losses
 * before 2024). "TA 2023" (a test publisher) revises 2022 to 0.0742, published and confirmed.
 *
 * - The year: as originally reported 120,000 x 0.0818949105 = 9,827.39 kg; restated 120,000 x 0.0742 = 8,904 kg.
 * - June 2022 (30 days): 9,863.013699 kWh; originally 807.73 kg, restated 731.84 kg.
 * - January 2022 (31 days): 10,191.780822 kWh; originally 834.65 kg, restated 756.23 kg.
 */

const JUNE_KWH = (YEAR_KWH * 30) / 365;
const JAN_KWH = (YEAR_KWH * 31) / 365;
const REPORTS_OF_CO2E = [1, 2, 3, 4, 8, 9];

let w: EditionsWorld;
let siteId = 0;
let restatementId = 0;
let restatedOn = '';

beforeAll(async () => {
  w = await editionsWorld();
  const org = await gridOrganisation(w, 'Basis Reports Org', 'admin', [2022]);
  orgIds.other = (await gridOrganisation(w, 'Other Org', 'other', [])).id;
  orgIds.admin = org.id;
  orgIds.second = (await gridOrganisation(w, 'Second Org', 'second', [2022, 2023])).id;
  await createMember(w.t.db, org.id, { loginId: 'observer', accessId: 4 });
  w.tokens.observer = await w.t.login('observer');
  const site = await w.t.db.execute<{ site_id: number }>(
    sql`select site_id from meters where id = ${org.meterId}`,
  );
  siteId = Number(site.rows[0]?.site_id);
});
afterAll(() => w.t.close());

const run = (who: string, body: object) =>
  w.call(who, 'POST', '/data/reporting/reports/run', { asset: { type: 'organisation' }, ...body });
const csv = async (id: number, basis: string | undefined, extra: object, settings: object = {}) => {
  const res = await run('admin', {
    id,
    output: 'csv',
    ...extra,
    settings: { ...settings, ...(basis ? { basis } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.body) as string[][];
};
const YEAR = { start: '2022-01-01', end: '2022-12-31' };
/** The site league's emissions of the one site, the monthly summary's of June, meter data's of January. */
const figures = async (basis?: string) => ({
  league: Number((await csv(4, basis, YEAR))[1]?.[3]),
  june: Number((await csv(1, basis, { start: '2022-06-01' }))[1]?.[4]),
  january: Number((await csv(3, basis, YEAR, { measure: 'co2e' }))[1]?.[4]),
});
const offered = async (who: string, id: number) => {
  const res = await w.call(
    who,
    'GET',
    `/organisations/${await orgOf(who)}/reporting/reports/${id}/creation-data`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().report.additionalSettings as { name: string }[]).map((s) => s.name);
};
const orgIds: Record<string, number> = {};
const orgOf = async (who: string) => orgIds[who];
const pdfText = (body: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: body }).toString();

describe('every report of kg CO2e restated or as originally reported', () => {
  it('before any restatement, reads the same either way and does not offer the choice', async () => {
    const restated = await figures();
    expect(restated.league).toBeCloseTo(120_000 * MFE_2022, 2);
    expect(restated.june).toBeCloseTo(JUNE_KWH * MFE_2022, 2);
    expect(restated.june).toBeCloseTo(807.73, 2);
    expect(restated.january).toBeCloseTo(834.65, 2);
    expect(await figures('original')).toEqual(restated);
    for (const id of REPORTS_OF_CO2E) expect(await offered('admin', id)).not.toContain('basis');
  });

  it('after a restatement of 2022, offers it on the form and keeps what was reported', async () => {
    const done = await restate(
      w,
      { name: 'TA 2023', published: '2023-06-01', rate: 0.0742 },
      '2022 grid factor revised',
    );
    restatementId = Number(done.id);
    const day = await w.t.db.execute<{ day: string }>(
      sql`select finished_at::date::text as day from restatements where id = ${restatementId}`,
    );
    restatedOn = String(day.rows[0]?.day).split('-').reverse().join('/');

    const restated = await figures();
    expect(restated.league).toBeCloseTo(8904, 2);
    expect(restated.june).toBeCloseTo(JUNE_KWH * 0.0742, 2);
    expect(restated.june).toBeCloseTo(731.84, 2);
    expect(restated.january).toBeCloseTo(JAN_KWH * 0.0742, 2);
    expect(restated.january).toBeCloseTo(756.23, 2);
    expect(await figures('restated')).toEqual(restated);
    const original = await figures('original');
    expect(original.league).toBeCloseTo(9827.39, 2);
    expect(original.june).toBeCloseTo(807.73, 2);
    expect(original.january).toBeCloseTo(834.65, 2);

    for (const id of REPORTS_OF_CO2E) expect(await offered('admin', id)).toContain('basis');
    // Reports with no kg CO2e never offer it: the invoice register, benchmark, commissioning.
    for (const id of [5, 6, 7]) expect(await offered('admin', id)).not.toContain('basis');
  });

  it('prints on the PDF which figures it shows, the restatement and the editions', async () => {
    const pdf = async (basis: string) => {
      const res = await run('admin', { id: 4, output: 'pdf', ...YEAR, settings: { basis } });
      expect(res.statusCode, res.body).toBe(200);
      return pdfText(res.rawPayload);
    };
    const o = await pdf('original');
    expect(o).toContain('Site league table, as originally reported');
    expect(o.replace(/\s+/g, ' ')).toContain(
      `Emissions as originally reported, before restatement ${restatementId} of ${restatedOn} (to TA 2023). Factors: MfE 2025.`,
    );
    const r = await pdf('restated');
    expect(r).not.toContain('as originally reported,');
    expect(r.replace(/\s+/g, ' ')).toContain(
      `Restated: emissions after restatement ${restatementId} of ${restatedOn} (to TA 2023). Factors: TA 2023.`,
    );
  });

  it('prints it on the XLSX summary sheet too', async () => {
    const res = await run('admin', {
      id: 1,
      output: 'xlsx',
      start: '2022-06-01',
      settings: { basis: 'original' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells = (book.getWorksheet('Summary')?.getSheetValues() ?? []).map((row) =>
      Array.isArray(row) ? row.slice(1).join('|') : '',
    );
    expect(cells[1]).toMatch(/, as originally reported$/);
    expect(cells).toContain(
      `Emissions as originally reported, before restatement ${restatementId} of ${restatedOn} (to TA 2023). Factors: MfE 2025.`,
    );
  });

  it('names a restatement of the year earlier a report compares with', async () => {
    // June 2023 was never restated, June 2022 (its year earlier, and in its chart) was.
    const res = await w.call('second', 'POST', '/data/reporting/reports/run', {
      id: 1,
      output: 'xlsx',
      asset: { type: 'organisation' },
      start: '2023-06-01',
      settings: { basis: 'original' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells = (book.getWorksheet('Summary')?.getSheetValues() ?? []).map((row) =>
      Array.isArray(row) ? row.slice(1).join('|') : '',
    );
    expect(cells).toContain(
      `Emissions as originally reported, before restatement ${restatementId} of ${restatedOn} (to TA 2023). Factors: MfE 2025.`,
    );
  });

  it('keeps the choice with a scheduled report', async () => {
    const res = await w.call('admin', 'POST', '/data/reporting/email/create', {
      id: 4,
      output: 'pdf',
      asset: { type: 'organisation' },
      ...YEAR,
      settings: { basis: 'original' },
      address: 'ana@example.nz',
      frequency: 'Monthly',
      on: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const kept = await w.t.db.execute<{ settings: Record<string, unknown> }>(
      sql`select settings from emailed_reports where id = ${res.json().data.emailId}`,
    );
    expect(kept.rows[0]?.settings).toEqual({ basis: 'original' });
  });

  it('refuses a basis it does not know, nothing kept', async () => {
    for (const id of [1, 4]) {
      const bad = await run('admin', {
        id,
        output: 'csv',
        start: '2022-06-01',
        settings: { basis: 'first' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("The setting 'Figures' cannot be first");
    }
  });

  it("refuses an observer's schedule and tells another organisation nothing of this one", async () => {
    const schedule = (who: string, asset: object) =>
      w.call(who, 'POST', '/data/reporting/email/create', {
        id: 1,
        output: 'pdf',
        asset,
        start: '2022-06-01',
        settings: { basis: 'original' },
        address: 'ana@example.nz',
        frequency: 'Monthly',
        on: 1,
      });
    expect((await schedule('observer', { type: 'organisation' })).statusCode).toBe(403);
    const theirs = await schedule('other', { type: 'site', id: siteId });
    expect(theirs.statusCode, theirs.body).toBe(404);
    expect(theirs.body).not.toContain('Site 1');
    // The other organisation has no restatement: not offered, and its own figures stay empty either way.
    expect(await offered('other', 4)).not.toContain('basis');
    const site = await run('other', {
      id: 1,
      output: 'csv',
      start: '2022-06-01',
      asset: { type: 'site', id: siteId },
      settings: { basis: 'original' },
    });
    expect(site.statusCode, site.body).toBe(404);
    expect(bodyWithoutRequestId(site)).not.toContain('807');
    const own = await run('other', { id: 4, output: 'pdf', ...YEAR, settings: { basis: 'original' } });
    expect(own.statusCode).toBe(200);
    const text = pdfText(own.rawPayload);
    expect(text).not.toContain('TA 2023');
    expect(text).not.toContain('9,827');
  });
});
