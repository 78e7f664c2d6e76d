import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKeptPdf } from '../../testing/kept-pdf';
import { reportOrganisation, rows, rowsOfCo2e } from './report-fixture';

let fx: Awaited<ReturnType<typeof reportOrganisation>>;
beforeAll(async () => {
  fx = await reportOrganisation();
});
afterAll(() => fx?.t.close());

const get = (who: string, url: string) => fx.get(who, url);
const run = (who: string, payload: object) => fx.run(who, payload);
/** An error answer without its request id. */
const answer = (res: { json: () => { requestId?: string } }) => ({ ...res.json(), requestId: undefined });

/* The catalogue, the monthly summary against the organisation worked by hand (report-fixture.ts), bad input, rights. */

describe('the catalogue', () => {
  it('lists the reports with their types, outputs, levels, tags and settings', async () => {
    const list = (await get('r.observer', `/organisations/${fx.org.id}/reporting/reports`)).json();
    expect(list[0]).toMatchObject({
      id: 1,
      name: 'Monthly energy and carbon summary',
      type: 'Monthly',
      output: ['pdf', 'xlsx', 'csv'],
      target: expect.arrayContaining(['organisation', 'site', 'site-group']),
      additionalSettings: [expect.objectContaining({ name: 'movers', className: 'number', defaultValue: 5 })],
    });
    expect((await get('r.observer', `/organisations/${fx.org.id}/reporting/tags`)).json()).toContain(
      'Carbon',
    );
  });

  it('gives the Create Report modal the last complete month and the sliding periods', async () => {
    const data = (
      await get('r.observer', `/organisations/${fx.org.id}/reporting/reports/1/creation-data`)
    ).json();
    expect(data).toMatchObject({
      lastCompleteMonth: '2026-10-01',
      defaults: { start: '2026-10-01', end: '2026-10-31' },
      relativePeriods: [{ value: 'last-full-month', label: 'Last full month' }],
    });
    const missing = await get(
      'r.observer',
      `/organisations/${fx.org.id}/reporting/reports/999/creation-data`,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('That report was not found');
  });

  it('offers the assets of a level the caller may see', async () => {
    const url = `/organisations/${fx.org.id}/reporting/reports/1/available-assets?level=site`;
    expect((await get('r.admin', url)).json().map((a: { name: string }) => a.name)).toEqual([
      'Depot',
      'Office',
    ]);
    const meters = `/organisations/${fx.org.id}/reporting/reports/1/available-assets?level=organisation`;
    expect((await get('r.narrowed', meters)).json()).toEqual([
      { type: 'organisation', id: null, name: 'Report Org' },
    ]);
  });
});

describe('the monthly summary', () => {
  it('adds up October 2026 by data type as worked by hand, and as the dashboard does', async () => {
    const res = await run('r.observer', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="monthly-energy-and-carbon-summary-2026-10.csv"',
    );
    const [header, ...body] = rowsOfCo2e(res.body);
    expect(header).toEqual([
      'Data type',
      'Quantity',
      'Unit',
      'Cost ($)',
      'Emissions (kg CO2e)',
      'Quantity on a year earlier',
      'Notes',
    ]);
    expect(body).toEqual([
      ['Electricity', '5100', 'kWh', '1020', '561', '-13.27', ''],
      ['Water supply', '100', 'm3', '250', '30', '11.11', ''],
    ]);
    const cost = body.reduce((n, r) => n + Number(r[3]), 0);
    const dashboard = (await get('r.observer', '/dashboard/monthly-savings-cost')).json();
    expect(cost).toBe(dashboard.cons1);
  });

  it('narrows to the meters the caller may see, and refuses an asset they cannot see as not found', async () => {
    const body = rows((await run('r.narrowed', {})).body);
    expect(body[1]?.slice(0, 2)).toEqual(['Electricity', '3100']);
    const hidden = await run('r.narrowed', { asset: { type: 'meter', id: fx.ids.m2 } });
    const absent = await run('r.narrowed', { asset: { type: 'meter', id: 2_000_000 } });
    expect(hidden.statusCode).toBe(404);
    expect(answer(hidden)).toEqual(answer(absent));
  });

  it('writes a PDF with the figures, the chart and a provenance page', async () => {
    const res = await run('r.admin', { output: 'pdf', asset: { type: 'organisation' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // Pictures to look at: every page, the provenance page among them.
    const text = readKeptPdf('reports', 'monthly-summary', res.rawPayload, { pages: 'all' });
    expect(text).toContain('Monthly energy and carbon summary, Oct 2026');
    expect(text).toContain('5,100 kWh');
    expect(text).toContain('$1,270.00');
    expect(text).toContain('591 kg CO2e');
    expect(text).toContain('Where these figures come from');
    expect(text).toMatch(/62 days with data of 93 days open \(66\.6 %\)/);
    expect(text).toMatch(/Page 1 of \d/);
    expect(text).toContain('Test factors 2026 (factors entered by hand, no edition)');
  });

  it('writes an XLSX with a Provenance sheet and the same fingerprint for the same inputs', async () => {
    const a = await run('r.admin', { output: 'xlsx' });
    const b = await run('r.admin', { output: 'csv' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['x-report-fingerprint']).toMatch(/^[0-9a-f]{64}$/);
    expect(a.headers['x-report-fingerprint']).toBe(b.headers['x-report-fingerprint']);
    expect(a.rawPayload.includes(Buffer.from('xl/worksheets/sheet'))).toBe(true);
  });

  it("says 'No data found for that period.' in the file for a month without data", async () => {
    const res = await run('r.admin', { start: '2024-01-01' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('No data found for that period.');
  });
});

describe('bad input changes nothing and says what is wrong', () => {
  it.each([
    [{ id: 999 }, 404, 'That report was not found'],
    [{ output: 'pipe' }, 400, 'This report is not offered as pipe'],
    [{ asset: { type: 'vehicle', id: 1 } }, 400, 'This report does not run for a vehicle'],
    [{ asset: { type: 'site', id: null } }, 400, 'Choose an asset'],
    [{ start: '1626-10-01' }, 400, 'Choose a period from 2000 on'],
    [{ start: '2426-10-01' }, 400, 'The period has not started yet'],
    [{ start: null }, 400, 'Choose the period of the report'],
    [{ settings: { movers: 99 } }, 400, "The setting 'Top movers' cannot be 99"],
    [{ id: 3, start: '2000-01-01', end: '2399-12-01' }, 400, 'Choose a period of at most 10 years'],
    [{ id: 3, start: '2026-10-01', end: '2026-01-01' }, 400, 'The period cannot end before it starts'],
    [
      { id: 3, end: '2026-10-01', settings: { measure: 'volts' } },
      400,
      "The setting 'Figure' cannot be volts",
    ],
  ])('%j', async (payload, status, message) => {
    const res = await run('r.admin', payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
  });
});

describe('another organisation learns nothing', () => {
  it("refuses another organisation's administrator the catalogue calls of this one", async () => {
    for (const url of [
      `/organisations/${fx.org.id}/reporting/reports`,
      `/organisations/${fx.org.id}/reporting/tags`,
      `/organisations/${fx.org.id}/reporting/reports/1/creation-data`,
      `/organisations/${fx.org.id}/reporting/reports/1/available-assets?level=site`,
    ]) {
      expect((await get('r.outsider', url)).statusCode, url).toBe(403);
    }
  });

  it('answers a site of this organisation to an outsider exactly as a site that does not exist', async () => {
    const ours = await run('r.outsider', { asset: { type: 'site', id: fx.ids.depot } });
    const none = await run('r.outsider', { asset: { type: 'site', id: 2_000_000 } });
    expect(ours.statusCode).toBe(404);
    expect(answer(ours)).toEqual(answer(none));
    const mine = await run('r.outsider', { asset: { type: 'site', id: fx.ids.theirs } });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain('No data found for that period.');
  });
});
