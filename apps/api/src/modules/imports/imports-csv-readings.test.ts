import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, csv, day, digest, ids, load, MAPPING, t, upload, useFixture } from './imports-csv.fixture';

/*
 * Data loads of CSV readings (docs/decisions/imports.md): by ICP and by meter number, loaded again, in quarter
 * hours and the data source's own unit, refused row by row, and files that cannot be read. The world is
 * ./imports-csv.fixture.ts.
 */

useFixture();

describe('data loads of CSV readings', () => {
  it('loads readings by ICP and by meter number, folds them on the standard-time clock, recomputes the ledger', async () => {
    // 2 July 2026 in New Zealand is standard time: a local day is one stored day.
    const rows = [
      ...day('0000011111AA111', '2026-07-02', (hh) => (hh === 10 ? '2' : '1')),
      ...day('SB-2', '2026-07-02', () => 0.5),
    ];
    rows[3] = rows[3]?.replace(',A,', ',E,') ?? '';
    const job = await load('july.csv', csv(rows), { mapping: JSON.stringify(MAPPING) });
    expect(job).toMatchObject({
      status: 'finished',
      format: 'csv-readings',
      readings: 96,
      days: 2,
      meters: 2,
      refusedRows: 0,
      error: null,
      progress: 100,
      hasReport: false,
      uploadedBy: expect.any(String),
    });
    const stored = await t.db.execute<{
      day_kwh: number;
      quality: string | null;
      estimated_readings: number;
    }>(
      sql`select day_kwh, quality, estimated_readings from half_hour_days
        where meter_id = ${ids.smart} and read_date = '2026-07-02'`,
    );
    expect(stored.rows[0]).toMatchObject({ day_kwh: 49, estimated_readings: 1 });
    expect(stored.rows[0]?.quality?.[3]).toBe('E');
    const fact = await t.db.execute<{ quantity_std: number }>(
      sql`select quantity_std from monthly_facts where meter_id = ${ids.smart} and month = '2026-07-01'`,
    );
    expect(fact.rows[0]?.quantity_std).toBeCloseTo(49);
    const audited = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'import half-hour data' and asset_id = ${ids.smart}`,
    );
    expect(audited.rows[0]?.n).toBe(1);
  });

  it('changes nothing when the same file is loaded again', async () => {
    const rows = day('0000011111AA111', '2026-07-03', () => 1);
    await load('again.csv', csv(rows), { mapping: JSON.stringify(MAPPING) });
    const before = await digest();
    const again = await load('again (copy).csv', csv(rows), { mapping: JSON.stringify(MAPPING) });
    expect(again).toMatchObject({ status: 'finished', readings: 0, days: 0 });
    expect(again.error).toMatch(/^This file was already imported on \d\d\/\d\d\/\d{4}; nothing changed\.$/);
    expect(await digest()).toBe(before);
  });

  it("sums 15-minute intervals into half hours and converts the data source's own unit", async () => {
    const rows = ['M,Time,Value', 'Smart MWh,2026-07-04 00:00,0.001', 'Smart MWh,2026-07-04 00:15,0.002'];
    const job = await load('quarter.csv', `${rows.join('\n')}\n`, {
      mapping: JSON.stringify({
        meter: 'M',
        timestamp: 'Time',
        value: 'Value',
        intervalMinutes: 15,
        valueUnit: 'meter',
      }),
    });
    expect(job).toMatchObject({ status: 'finished', readings: 2, days: 1 });
    const stored = await t.db.execute<{ kwh: (number | null)[] }>(
      sql`select kwh from half_hour_days where meter_id = ${ids.mwh} and read_date = '2026-07-04'`,
    );
    expect(stored.rows[0]?.kwh[0]).toBeCloseTo(3);
  });

  it('refuses the whole file and names each bad row with its line and reason in the error report', async () => {
    const before = await digest();
    const good = day('0000011111AA111', '2026-08-01', () => 1);
    const rows = [
      ...good.slice(0, 5),
      'Nobody,2026-08-01 02:30,1,A,import',
      '0000099999ZZ999,2026-08-01 02:30,1,A,import',
      '0000011111AA111,2026-12-01 00:00,1,A,import',
      '0000011111AA111,2026-08-01 03:00,-1,A,import',
      'SB-2,2026-08-01 03:00,-1,A,import',
      '0000011111AA111,2026-08-01 03:30,1,A,export',
      'Office supply,2026-08-01 03:30,1,A,import',
      'Barred smart,2026-08-01 03:30,1,A,import',
      '0000011111AA111,2026-08-01 04:00,lots,A,import',
      '0000011111AA111,2024-08-01 04:00,1,A,import',
      ...good.slice(9),
      '0000011111AA111,2026-08-01',
    ];
    const job = await load('bad rows.csv', csv(rows), { mapping: JSON.stringify(MAPPING) });
    expect(job).toMatchObject({ status: 'failed', refusedRows: 11, hasReport: true, days: 0 });
    expect(job.error).toBe(
      '11 rows were refused, so nothing was imported: 2 data sources named in the file are not in this organisation. Create these data sources, or map them to data sources you have, then load the file again. Other rows were refused for other reasons: see the error report.',
    );
    expect(await digest()).toBe(before);
    const report = await t.app.inject({
      url: `/api/jobs/${job.uuid}/error-report`,
      headers: auth('l.editor'),
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.headers['content-disposition']).toContain('bad%20rows%20-%20error%20report.csv');
    expect(report.body.trim().split('\n')).toEqual([
      'Line,Reason',
      '7,"""Nobody"" is not a data source of this organisation"',
      '8,"""0000099999ZZ999"" is not a data source of this organisation"',
      '9,The reading at 2026-12-01 00:00 is in the future',
      '10,Negative consumption (-1) and data source Smart A has no export',
      '11,Negative reading (-1) on an import register: export belongs on an export register of Smart B',
      '12,An export reading and data source Smart A has no export',
      '13,Data source Office supply does not record half-hour data',
      '14,You may not change data source Barred smart',
      '15,"The value ""lots"" is not a number"',
      '16,Data source Smart A is not open on 2024-08-01',
      '56,Has 2 columns where the header has 5: the row is incomplete',
    ]);
  });

  it('ends with a clear error for a file cut short, a file in no known format, or a binary file', async () => {
    const cut = await load('cut.csv', 'ICP,Start,kWh\n0000011111AA111,"2026-08-01 00:00,1\n', {
      mapping: JSON.stringify({ meter: 'ICP', timestamp: 'Start', value: 'kWh' }),
    });
    expect(cut.status).toBe('failed');
    expect(cut.error).toMatch(/^The file could not be read as CSV readings: Quote Not Closed/);
    const prose = await load('notes.txt', 'Dear customer,\nthank you for your business.\n');
    expect(prose).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('The file is not in a format the import knows'),
    });
    const unmapped = await load('unmapped.csv', 'Meter,When,Amount\nSmart A,2026-08-01 00:00,1\n');
    expect(unmapped).toMatchObject({
      status: 'failed',
      error: 'Map the columns of this CSV file before it is imported.',
    });
    const binary = await upload('l.editor', 'data.csv', Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj'));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toBe(
      'The file is not a text file (CSV, NEM12, EIEP or XML) or a zip archive of them.',
    );
  });
});
