import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKeptPdf } from '../../testing/kept-pdf';
import { reportOrganisation, rows, rowsOfCo2e } from './report-fixture';

let fx: Awaited<ReturnType<typeof reportOrganisation>>;
beforeAll(async () => {
  fx = await reportOrganisation();
});
afterAll(() => fx?.t.close());

const run = (who: string, payload: object) => fx.run(who, payload);

/* The GHG inventory, meter data and the site league table against the organisation worked by hand (report-fixture.ts). */

describe('the GHG inventory', () => {
  /*
   * Calendar 2025 holds only October's facts: electricity 2480 + 2500 + 900 = 5880 kWh gives scope 2
   * 588 kg and scope 3 58.8 kg; water 90 m3 gives scope 3 27 kg. Total location-based 673.8 kg, as the
   * dashboard's emissions of October 2025. By site: Depot 2480 x 0.11 = 272.8; Office 3400 x 0.11 + 27 = 401.
   */
  it('adds up a reporting year by scope and activity as worked by hand, and says it is incomplete', async () => {
    const res = await run('r.admin', { id: 2, start: '2025-06-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('ghg-inventory-2025-01.csv');
    const [header, ...body] = rowsOfCo2e(res.body);
    expect(header?.slice(0, 6)).toEqual([
      'Activity',
      'Scope 1 (kg CO2e)',
      'Scope 2 location-based (kg CO2e)',
      'Scope 2 market-based (kg CO2e)',
      'Scope 3 (kg CO2e)',
      'Total location-based (kg CO2e)',
    ]);
    const pick = (r: string[] | undefined) => [r?.[0], r?.[1], r?.[2], r?.[4], r?.[5]];
    expect(body.map(pick)).toEqual([
      ['Electricity', '0', '588', '58.8', '646.8'],
      ['Water supply', '0', '0', '27', '27'],
      ['Total', '0', '588', '85.8', '673.8'],
    ]);
    const pdf = await run('r.admin', { id: 2, start: '2025-06-01', output: 'pdf' });
    const text = readKeptPdf('reports', 'ghg-inventory', pdf.rawPayload, { pages: 'first' });
    expect(text).toContain('GHG inventory, 2025');
    expect(text).toMatch(/Depot\s+0\s+248\s+\S+\s+25\s+273/);
    expect(text).toContain('Incomplete: emissions covers');
  });
});

describe('meter data', () => {
  it("writes each meter's own months across, blank for a month not lived and marked where missing", async () => {
    const res = await run('r.admin', { id: 3, start: '2026-10-01', end: '2026-12-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(rows(res.body)).toEqual([
      ['Data source', 'Site', 'Data type', 'Unit', 'Oct 2026', 'Nov 2026', 'Dec 2026', 'Notes'],
      ['Depot supply', 'Depot', 'Electricity', 'kWh', '3100', '', '', 'Nov 2026 missing'],
      ['Office annex', 'Office', 'Electricity', 'kWh', '', '', '', 'Oct 2026 missing; Nov 2026 missing'],
      ['Office supply', 'Office', 'Electricity', 'kWh', '2000', '', '', 'Nov 2026 missing'],
      ['Office water', 'Office', 'Water supply', 'm3', '100', '', '', 'Nov 2026 missing'],
    ]);
    const cost = await run('r.admin', {
      id: 3,
      output: 'npg.csv',
      asset: { type: 'site', id: fx.ids.depot },
      start: '2026-10-01',
      end: '2026-10-01',
      settings: { measure: 'cost' },
    });
    expect(rows(cost.body)).toEqual([
      ['Data source', 'Site', 'Data type', 'Unit', 'Measure', 'Unit', 'Value', 'Notes'],
      ['Depot supply', 'Depot', 'Electricity', '$', 'Oct 2026', '', '620', ''],
    ]);
  });
});

describe('the site league table', () => {
  /*
   * October 2026: Office 2000 kWh / 50 m2 = 40.0 kWh/m2, 250 kg / 50 = 5.00 kg/m2, 2000 / 4 FTE = 500;
   * Depot 3100 / 100 = 31.0 kWh/m2, 341 / 100 = 3.41 kg/m2, no staff figure.
   */
  it('ranks the sites by energy per m2 as worked by hand', async () => {
    const res = await run('r.admin', { id: 4, start: '2026-10-01', end: '2026-10-01' });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...body] = rowsOfCo2e(res.body);
    expect(header?.[5]).toBe('Energy per m² (kWh/m²)');
    expect(body).toEqual([
      ['1', 'Office', '2000', '250', '50', '40', '5', '4', '500', ''],
      ['2', 'Depot', '3100', '341', '100', '31', '3.41', '', '', ''],
    ]);
  });
});

describe('the invoice register', () => {
  /*
   * Billing periods ending in October 2026: Depot supply $620.00, Office supply $400.00, Office water
   * $250.00; $1,270.00 excluding GST, as the monthly summary's cost. The narrowed observer, who may not see
   * Office supply, sees the other two.
   */
  it('lists the invoices of a period with a total in cents, and only those the caller may see', async () => {
    const res = await run('r.admin', { id: 5, start: '2026-10-01', end: '2026-10-31' });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...body] = rows(res.body);
    const at = (name: string) => header?.indexOf(name) ?? -1;
    expect(header).toContain('Cost excluding GST ($)');
    const cost = at('Cost excluding GST ($)');
    const tax = at('GST ($)');
    const total = at('Total including GST ($)');
    expect(body.map((r) => [r[at('Data sources')], r[cost]])).toEqual([
      ['Depot supply', '620'],
      ['Office supply', '400'],
      ['Office water', '250'],
      ['', '1270'],
    ]);
    const last = body.at(-1) ?? [];
    expect(last[0]).toBe('Total of 3 invoices');
    expect(Number(last[total])).toBeCloseTo(Number(last[cost]) + Number(last[tax]), 2);
    const narrowed = rows((await run('r.narrowed', { id: 5, start: '2026-10-01', end: '2026-10-31' })).body);
    expect(narrowed.slice(1).map((r) => r[0])).toHaveLength(3);
    expect(narrowed.at(-1)?.[0]).toBe('Total of 2 invoices');
  });
});
