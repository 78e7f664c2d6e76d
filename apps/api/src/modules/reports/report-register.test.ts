import { createInvoice } from '@verdant/db/input-factories';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportOrganisation, rows } from './report-fixture';

/*
 * The invoice register's lines, bill-audit exceptions and missing or overlapping bills, and half-hourly meter
 * data, against the organisation worked by hand (report-fixture.ts, today 21/11/2026) with, added here: two
 * lines and an alert on Depot supply's October invoice, a second Office water bill from 20/10 to 05/11, and two
 * days of half hours on Depot supply.
 */
let fx: Awaited<ReturnType<typeof reportOrganisation>>;

beforeAll(async () => {
  fx = await reportOrganisation();
  const db = fx.t.db;
  const o = fx.org.id;
  const depot = fx.ids.m1 ?? 0;
  await db.execute(`
    insert into invoice_line_items (organisation_id, invoice_id, category, charge_type, description, rate, units, total, sort_order)
    select ${o}, i.id, v.category, v.charge_type, v.description, v.rate, v.units, v.total, v.sort_order
    from invoices i join invoice_meters x on x.invoice_id = i.id and x.meter_id = ${depot},
      (values ('charge', 'Energy', '=SUM(A1)', 18.0, 3000.0, 540.00, 1), ('charge', 'Daily', 'Fixed', 258.0, 31.0, 80.00, 2))
        as v(category, charge_type, description, rate, units, total, sort_order)
    where i.date_till = '2026-10-31'`);
  await db.execute(`
    insert into meter_alerts (organisation_id, meter_id, message, alert_date, status, invoice_id, audit)
    select ${o}, ${depot}, 'Unit rate 20.0 c/kWh is 25 % above the contracted rate', '2026-10-31', 'pending', i.id, 'contracted-rate'
    from invoices i join invoice_meters x on x.invoice_id = i.id and x.meter_id = ${depot} where i.date_till = '2026-10-31'`);
  const water = await db.execute<{ id: number }>(`select id from meters where local_name = 'Office water'`);
  await createInvoice(
    db,
    { id: water.rows[0]?.id ?? 0, organisationId: o },
    { from: '2026-10-20', till: '2026-11-05', consumption: 40, cost: 90, invoiceNumber: 'W-2' },
  );
  await db.execute(`insert into half_hour_registers (organisation_id, meter_id, register, direction, quantity, label)
    values (${o}, ${depot}, 0, 'import', 'kWh', 'E1')`);
  const full = `'{${Array.from({ length: 48 }, () => 0.5).join(',')}}'`;
  const gappy = `'{${Array.from({ length: 48 }, (_, i) => (i === 3 ? 'NULL' : 0.25)).join(',')}}'`;
  const quality = `'${'A'.repeat(5)}E${'A'.repeat(42)}'`.replace(/^'(.{3})./, "'$1 ");
  await db.execute(`insert into half_hour_days (organisation_id, meter_id, register, read_date, kwh, day_kwh, readings, quality, estimated_readings)
    values (${o}, ${depot}, 0, '2026-11-01', ${full}, 24, 48, null, 0),
      (${o}, ${depot}, 0, '2026-11-02', ${gappy}, 11.75, 47, ${quality}, 1)`);
});
afterAll(() => fx?.t.close());

const xlsx = async (payload: object) => {
  const res = await fx.run('r.admin', { output: 'xlsx', ...payload });
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = (name: string) =>
    (book.getWorksheet(name)?.getSheetValues() ?? [])
      .slice(1)
      .map((r) => (Array.isArray(r) ? r.slice(1) : []));
  return { book, sheet };
};

describe('the invoice register', () => {
  it("writes the invoices' lines, neutralised, their bill-audit exceptions and the bills missing or overlapping", async () => {
    const { book, sheet } = await xlsx({ id: 5, start: '2026-10-01', end: '2026-10-31' });
    const lines = sheet('Lines');
    // Headers and totals bold, money with its format, text plain: the styles each column shares.
    const register = book.getWorksheet('Invoice register');
    expect(register?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(register?.getRow(2).getCell(10).numFmt).toMatch(/0\.00/);
    expect(register?.getRow(2).getCell(1).font?.bold).toBeFalsy();
    const total = register?.getRow(register.rowCount);
    expect(String(total?.getCell(1).value)).toMatch(/^Total of \d+ invoices$/);
    expect([total?.getCell(1).font?.bold, total?.getCell(10).numFmt]).toEqual([
      true,
      expect.stringMatching(/0\.00/),
    ]);
    expect(lines[0]?.slice(0, 9)).toEqual([
      'Invoice number',
      'Till',
      'Category',
      'Charge type',
      'Description',
      'Time of use',
      'Rate (c/unit)',
      'Units',
      'Total excluding GST ($)',
    ]);
    expect(lines.slice(1).map((r) => [r[2], r[3], r[4], r[8]])).toEqual([
      ['charge', 'Energy', "'=SUM(A1)", 540],
      ['charge', 'Daily', 'Fixed', 80],
    ]);
    const exceptions = sheet('Bill-audit exceptions');
    expect(exceptions.slice(1).map((r) => [r[2], r[3], r[5]])).toEqual([
      ['Depot supply', 'contracted-rate', 'Unreviewed'],
    ]);
    /*
     * October 2026: Depot supply and Office supply are billed 1-31; Office water 1-31 and again 20/10-05/11, so
     * 20/10-31/10 (12 days) are billed twice; Office annex was billed once (October 2025) and has no bill this
     * period (31 days missing).
     */
    const coverage = sheet('Missing or overlapping');
    expect(coverage.slice(1, 3).map((r) => r.slice(0, 6))).toEqual([
      ['Office annex', 'Office', 'Missing', '2026-10-01', '2026-10-31', 31],
      ['Office water', 'Office', 'Overlapping', '2026-10-20', '2026-10-31', 12],
    ]);
    expect(coverage[2]?.[6]).toContain('W-2');
  });
});

describe('half-hourly meter data', () => {
  /*
   * Depot supply's register E1 from 01/11 to yesterday (20/11): 01/11 48 x 0.5 = 24 kWh; 02/11 0.25 a half
   * hour but 01:30 missing (47 x 0.25 = 11.75) and 02:30 estimated; the other 18 days have no readings.
   */
  it('writes each day of each register across, blank and marked where missing or estimated', async () => {
    const res = await fx.run('r.admin', {
      id: 3,
      asset: { type: 'site', id: fx.ids.depot },
      start: '2026-11-01',
      end: '2026-11-30',
      settings: { interval: 'half-hour' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...body] = rows(res.body);
    expect(header?.slice(0, 6)).toEqual(['Data source', 'Site', 'Register', 'Date', '00:00', '00:30']);
    expect(header?.slice(-2)).toEqual(['Day (kWh)', 'Notes']);
    expect(body).toHaveLength(20);
    expect(body[0]?.slice(0, 5)).toEqual(['Depot supply', 'Depot', 'E1', '2026-11-01', '0.5']);
    expect(body[0]?.at(-2)).toBe('24');
    expect(body[1]?.[4 + 3]).toBe('');
    expect(body[1]?.at(-2)).toBe('11.75');
    expect(body[1]?.at(-1)).toBe('01:30 missing; 02:30 estimated');
    expect(body[2]?.at(-1)).toBe('Day missing');
    expect(body[19]?.[3]).toBe('2026-11-20');
  });
});
