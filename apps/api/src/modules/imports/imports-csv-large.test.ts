import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auth, digest, ids, load, t, useFixture } from './imports-csv.fixture';

/*
 * Data loads of CSV readings on the day daylight saving ends, across half hours, and a file of a million rows
 * (docs/decisions/imports.md). The world is ./imports-csv.fixture.ts.
 */

useFixture();

describe('data loads: changeover days and large files', () => {
  it('lands the 50 periods of the day daylight saving ends on 48 standard-time half hours of two days', async () => {
    const rows = Array.from({ length: 50 }, (_, p) => `Smart A,05/04/2026,${p + 1},${p + 1}`);
    const job = await load('changeover.csv', `Meter,Date,Period,kWh\n${rows.join('\n')}\n`, {
      mapping: JSON.stringify({ meter: 'Meter', date: 'Date', period: 'Period', value: 'kWh' }),
    });
    expect(job).toMatchObject({ status: 'finished', readings: 50, days: 2 });
    const stored = await t.db.execute<{ read_date: string; kwh: (number | null)[] }>(
      sql`select read_date, kwh from half_hour_days where meter_id = ${ids.smart}
        and read_date in ('2026-04-04', '2026-04-05') order by read_date`,
    );
    // Local midnight in daylight time is 23:00 standard time the day before: periods 1 and 2 land there.
    expect(stored.rows[0]?.kwh.slice(46)).toEqual([1, 2]);
    expect(stored.rows[1]?.kwh).toEqual(Array.from({ length: 48 }, (_, i) => i + 3));
  });

  it('shares a quarter hour that straddles two half hours by time, each half hour then an estimate', async () => {
    const job = await load('straddle.csv', 'M,Time,Value\nSmart A,2026-07-05 00:20,1.5\n', {
      mapping: JSON.stringify({ meter: 'M', timestamp: 'Time', value: 'Value', intervalMinutes: 15 }),
    });
    expect(job).toMatchObject({ status: 'finished', readings: 1, days: 1 });
    const stored = await t.db.execute<{ kwh: (number | null)[]; quality: string }>(
      sql`select kwh, quality from half_hour_days where meter_id = ${ids.smart} and read_date = '2026-07-05'`,
    );
    expect(stored.rows[0]?.kwh.slice(0, 3)).toEqual([1, 0.5, null]);
    expect(stored.rows[0]?.quality.slice(0, 3)).toBe('EE ');
  });

  it('reads a CSV of 1,000,000 rows of which 3 are wrong and names exactly those 3', async () => {
    const ROWS = 1_000_000;
    const bad = new Map([
      [123_456, (row: string) => row.replace(/,[\d.]+$/, ',n/a')],
      [500_000, (row: string) => row.replace(/^Bulk \d+/, 'Bulk 99')],
      [999_999, (row: string) => row.replace(/^(Bulk \d+),[^,]+/, '$1,2027-01-01 00:00')],
    ]);
    let i = 0;
    const start = Date.parse('2025-11-01T00:00:00Z');
    const file = Readable.from(
      (function* () {
        yield 'Meter,Time,kWh\n';
        while (i < ROWS) {
          const lines: string[] = [];
          for (let n = 0; n < 10_000 && i < ROWS; n++, i++) {
            // 10 meters, 5-minute readings in UTC: each meter's 100,000 readings are 347 days.
            const at = new Date(start + Math.floor(i / 10) * 300_000).toISOString();
            const row = `Bulk ${(i % 10) + 1},${at.slice(0, 16)}Z,0.1`;
            lines.push(bad.get(i)?.(row) ?? row);
          }
          yield `${lines.join('\n')}\n`;
        }
      })(),
    );
    const before = await digest();
    const job = await load('million.csv', file, {
      mapping: JSON.stringify({ meter: 'Meter', timestamp: 'Time', value: 'kWh', intervalMinutes: 5 }),
    });
    expect(job).toMatchObject({ status: 'failed', refusedRows: 3, linesRead: ROWS + 1 });
    const report = await t.app.inject({
      url: `/api/jobs/${job.uuid}/error-report`,
      headers: auth('l.editor'),
    });
    expect(report.body.trim().split('\n')).toEqual([
      'Line,Reason',
      '123458,"The value ""n/a"" is not a number"',
      '500002,"""Bulk 99"" is not a data source of this organisation"',
      '1000001,The reading at 2027-01-01 00:00 is in the future',
    ]);
    expect(await digest()).toBe(before);
  }, 300_000);
});
