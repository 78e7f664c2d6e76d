import { auditEvents } from '@verdant/db/schema/audit';
import { compReports } from '@verdant/db/schema/comp-reports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKeptPdf } from '../../testing/kept-pdf';
import { bearer } from '../../testing/test-app';
import { reportOrganisation } from './report-fixture';

let fx: Awaited<ReturnType<typeof reportOrganisation>>;
beforeAll(async () => {
  fx = await reportOrganisation();
}, 120_000);
afterAll(() => fx.t.close());

const base = () => `/api/organisations/${fx.org.id}/reporting`;
const get = (who: string, path: string) =>
  fx.t.app.inject({ url: `${base()}${path}`, headers: bearer(fx.tokens[who] ?? '') });
const put = (who: string, xml: string, type = 'application/xml') =>
  fx.t.app.inject({
    method: 'PUT',
    url: `${base()}/comp-report`,
    headers: { ...bearer(fx.tokens[who] ?? ''), 'content-type': type },
    payload: xml,
  });
const preview = (who: string, xml: string) =>
  fx.t.app.inject({
    method: 'POST',
    url: `${base()}/comp-report/preview`,
    headers: bearer(fx.tokens[who] ?? ''),
    payload: { xml },
  });
const report = (...pages: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><compReport>${pages.join('')}</compReport>`;
const MONTHLY = '<page class="MonthlySummary"><parameter name="movers">3</parameter></page>';
const SOURCES = '<page class="EmissionsBySource"><parameter name="months">12</parameter></page>';

const pdfText = (data: Buffer) => readKeptPdf('comp-report', 'preview', data, { pages: 'all' });

describe('the complimentary report editor', () => {
  it('lists every page class and its parameters', async () => {
    const all = await get('r.admin', '/comp-reports/all-pages');
    expect(all.statusCode).toBe(200);
    expect(all.json().map((p: { pageClass: string }) => p.pageClass)).toEqual([
      'MonthlySummary',
      'EmissionsBySource',
      'GhgInventory',
      'SiteLeague',
    ]);
    const params = await get('r.admin', '/comp-reports/pages/SiteLeague/parameters');
    expect(params.json()).toEqual([
      expect.objectContaining({ name: 'months', className: 'select', defaultValue: '12' }),
    ]);
    const none = await get('r.admin', '/comp-reports/pages/Horoscope/parameters');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("There is no report page called 'Horoscope'");
  });

  it('has no pages until saved; saving answers the spec message and keeps the XML, audited', async () => {
    expect((await get('r.admin', '/comp-reports/pages')).json()).toMatchObject({ xml: null, pages: [] });
    const xml = report(MONTHLY, SOURCES);
    const res = await put('r.admin', xml);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Complimentary Report Saved.' });
    const saved = (await get('r.admin', '/comp-reports/pages')).json();
    expect(saved.xml).toBe(xml);
    expect(saved.pages).toEqual([
      { pageClass: 'MonthlySummary', name: 'Monthly energy and carbon summary', parameters: { movers: '3' } },
      { pageClass: 'EmissionsBySource', name: 'Emissions by source', parameters: { months: '12' } },
    ]);
    const events = await fx.t.db.select().from(auditEvents).where(eq(auditEvents.assetType, 'comp-report'));
    expect(events).toHaveLength(1);
  });

  it('refuses XML that is not well-formed or not valid with a clear message, saving nothing', async () => {
    const before = await fx.t.db.select().from(compReports);
    for (const [xml, message] of [
      ['<compReport><page class="MonthlySummary"></compReport>', /^The report is not well-formed XML: /],
      [report('<page class="Nope"/>'), /^There is no report page called 'Nope'$/],
      [report('<page class="MonthlySummary"/>'), /^Choose a value for 'Top movers'/],
      [report(), /^Add at least one page to the report$/],
      ['', /./],
    ] as const) {
      const res = await put('r.admin', xml);
      expect(res.statusCode, xml).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await fx.t.db.select().from(compReports)).toEqual(before);
  });

  it('previews the report as a PDF with the reports machinery, the legend naming the top sources', async () => {
    const res = await preview('r.admin', report(MONTHLY, SOURCES));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Complimentary Report');
    expect(text).toContain('Monthly energy and carbon summary');
    expect(text).toContain('Emissions by source');
    // Twelve months to October 2026, by hand: electricity 5100 kWh x 0.11 = 561 kg, water 100 m3 x 0.3 = 30 kg.
    expect(text).toMatch(/Electricity\s+561/);
    expect(text).toMatch(/Water supply\s+30/);
    expect((await preview('r.admin', report('<page class="Nope"/>'))).statusCode).toBe(400);
  });

  it("refuses another organisation's administrator and a read-only user, who learn nothing and change nothing", async () => {
    const before = await fx.t.db.select().from(compReports);
    for (const who of ['r.outsider', 'r.observer']) {
      for (const path of [
        '/comp-reports/all-pages',
        '/comp-reports/pages',
        '/comp-reports/pages/SiteLeague/parameters',
      ]) {
        const res = await get(who, path);
        expect(res.statusCode, `${who} ${path}`).toBe(403);
        expect(res.body).not.toContain('MonthlySummary');
      }
      expect((await put(who, report(SOURCES))).statusCode).toBe(403);
      expect((await preview(who, report(SOURCES))).statusCode).toBe(403);
    }
    expect(await fx.t.db.select().from(compReports)).toEqual(before);
  });
});
