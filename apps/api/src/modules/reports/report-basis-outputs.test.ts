import { createMember } from '@verdant/db/factories';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EditionsWorld, editionsWorld, gridOrganisation, restate } from '../../testing/editions-fixture';
import { readKeptPdf } from '../../testing/kept-pdf';

/**
 * The complimentary report and the delimited outputs restated or as originally reported
 * (docs/decisions/comp-report.md, Restated or as originally reported; docs/decisions/factor-editions.md, Every
 * report of kg CO2e restated or as originally reported), worked by hand with the shared world of the factor-edition
 * tests. The clock stands at 15 July 2026: the last complete month is June 2026, so a page of the last 12 months
 * reads July 2025 to June 2026. One grid electricity meter used 120,000 kWh in 2025, spread by days.
 *
 * - July to December 2025 is 184 days: 120,000 x 184 / 365 = 60,493.150685 kWh.
 * - As first computed, MfE 2026's grid factor 0.0786625 and T&D losses 0.00595616 = 0.08461866 kg/kWh:
 *   60,493.150685 x 0.08461866 = 5,118.85 kg.
 * - "TA 2026" revises 2025's grid factor to 0.0700: 0.07595616 kg/kWh, 60,493.150685 x 0.07595616 = 4,594.83 kg.
 * - January 2025 (31 days): 10,191.780822 kWh; originally 862.41 kg, restated 774.13 kg.
 */

/** The residual mix's edition, named beside the grid's (a report also shows market-based scope 2). */
const RESIDUAL = 'NZECS residual supply factors';

let w: EditionsWorld;
const orgIds: Record<string, number> = {};
let restatementId = 0;
let restatedOn = '';

beforeAll(async () => {
  w = await editionsWorld({ clock: () => new Date('2026-07-15T00:00:00Z') });
  orgIds.admin = (await gridOrganisation(w, 'Comp Basis Org', 'admin', [2025])).id;
  orgIds.other = (await gridOrganisation(w, 'Other Comp Org', 'other', [])).id;
  await createMember(w.t.db, orgIds.admin, { loginId: 'observer', accessId: 4 });
  w.tokens.observer = await w.t.login('observer');
});
afterAll(() => w.t.close());

const LEAGUE = '<page class="SiteLeague"><parameter name="months">12</parameter></page>';
const XML = `<?xml version="1.0" encoding="UTF-8"?><compReport>${LEAGUE}</compReport>`;
const reporting = (who: string) => `/organisations/${orgIds[who]}/reporting`;
const preview = (who: string, body: object) =>
  w.call(who, 'POST', `${reporting('admin')}/comp-report/preview`, { xml: XML, ...body });
const run = (who: string, body: object) =>
  w.call(who, 'POST', '/data/reporting/reports/run', { asset: { type: 'organisation' }, ...body });
const basisOffered = async () => {
  const res = await w.call('admin', 'GET', `${reporting('admin')}/reports/10/creation-data`);
  expect(res.statusCode, res.body).toBe(200);
  const names = (res.json().report.additionalSettings as { name: string }[]).map((s) => s.name);
  const pages = await w.call('admin', 'GET', `${reporting('admin')}/comp-reports/pages`);
  expect(pages.json().basisOffered).toBe(names.includes('basis'));
  return names.includes('basis');
};
/** The PDF's words, one space between them (the file kept to look at). */
function pdfWords(data: Buffer, name: string) {
  return readKeptPdf('comp-basis', name, data).replace(/\s+/g, ' ');
}
const csvLines = async (settings: object) => {
  const res = await run('admin', { id: 3, output: 'csv', start: '2025-01-01', end: '2025-12-31', settings });
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.body, { relax_column_count: true }) as string[][];
};

describe('the complimentary report restated or as originally reported', () => {
  it('before any restatement, reads as it stands and does not offer the choice', async () => {
    expect(await basisOffered()).toBe(false);
    const res = await preview('admin', {});
    expect(res.statusCode, res.body).toBe(200);
    const words = pdfWords(res.rawPayload, 'before');
    expect(words).toContain('5,119');
    expect(words).not.toContain('as originally reported,');
  });

  it('a delimited output of kg CO2e closes with its basis and editions, one of kWh does not', async () => {
    const co2e = await csvLines({ measure: 'co2e' });
    expect(Number(co2e[1]?.[4])).toBeCloseTo(862.41, 2);
    expect(co2e.at(-1)?.[0]).toBe(
      `Restated: emissions as they stand; no restatement has replaced the figures of these months. Factors: MfE 2026, ${RESIDUAL}.`,
    );
    // The closing line keeps the table rectangular: its other cells blank.
    expect(co2e.at(-1)?.length).toBe(co2e[0]?.length);
    expect(
      co2e
        .at(-1)
        ?.slice(1)
        .every((c) => c === ''),
    ).toBe(true);
    const kwh = await csvLines({ measure: 'quantity' });
    expect(kwh.at(-1)?.[0]).not.toMatch(/^Restated/);
  });

  it('after a restatement of 2025, offers it and prints which figures the PDF shows', async () => {
    const done = await restate(
      w,
      { name: 'TA 2026', published: '2026-07-01', rate: 0.07, year: 2025 },
      '2025 grid revised',
    );
    restatementId = Number(done.id);
    const day = await w.t.db.execute<{ day: string }>(
      sql`select finished_at::date::text as day from restatements where id = ${restatementId}`,
    );
    restatedOn = String(day.rows[0]?.day).split('-').reverse().join('/');
    expect(await basisOffered()).toBe(true);

    const original = await preview('admin', { basis: 'original' });
    expect(original.statusCode, original.body).toBe(200);
    const o = pdfWords(original.rawPayload, 'original');
    expect(o).toContain('Complimentary Report, as originally reported');
    expect(o).toContain(
      `Emissions as originally reported, before restatement ${restatementId} of ${restatedOn} (to TA 2026). Factors: MfE 2026, ${RESIDUAL}.`,
    );
    expect(o).toContain('5,119');

    const restated = await preview('admin', {});
    const r = pdfWords(restated.rawPayload, 'restated');
    expect(r).not.toContain('as originally reported,');
    expect(r).toContain(
      `Restated: emissions after restatement ${restatementId} of ${restatedOn} (to TA 2026). Factors: MfE 2026, ${RESIDUAL}, TA 2026.`,
    );
    expect(r).toContain('4,595');
  });

  it('runs the saved report from the catalogue as originally reported too', async () => {
    const saved = await w.t.app.inject({
      method: 'PUT',
      url: `/api${reporting('admin')}/comp-report`,
      headers: { authorization: `Bearer ${w.tokens.admin}`, 'content-type': 'application/xml' },
      payload: XML,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await run('admin', { id: 10, output: 'pdf', settings: { basis: 'original' } });
    expect(res.statusCode, res.body).toBe(200);
    const words = pdfWords(res.rawPayload, 'catalogue');
    expect(words).toContain('Complimentary Report, as originally reported');
    expect(words).toContain(`before restatement ${restatementId} of ${restatedOn}`);
  });

  it('closes the delimited outputs with the restatement and editions of the basis asked for', async () => {
    const original = await csvLines({ measure: 'co2e', basis: 'original' });
    expect(Number(original[1]?.[4])).toBeCloseTo(862.41, 2);
    expect(original.at(-1)?.[0]).toBe(
      `Emissions as originally reported, before restatement ${restatementId} of ${restatedOn} (to TA 2026). Factors: MfE 2026, ${RESIDUAL}.`,
    );
    const restated = await csvLines({ measure: 'co2e' });
    expect(Number(restated[1]?.[4])).toBeCloseTo(774.13, 2);
    expect(restated.at(-1)?.[0]).toBe(
      `Restated: emissions after restatement ${restatementId} of ${restatedOn} (to TA 2026). Factors: MfE 2026, ${RESIDUAL}, TA 2026.`,
    );
  });

  it('refuses a basis it does not know, and others learn nothing of the report', async () => {
    const bad = await preview('admin', { basis: 'first' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("The setting 'Figures' cannot be first");
    expect((await preview('observer', { basis: 'original' })).statusCode).toBe(403);
    expect((await preview('other', { basis: 'original' })).statusCode).toBe(403);
  });
});
