import { describe, expect, it } from 'vitest';
import { detectCsvFormat, type PeriodFormat, parsePeriodCsv } from './csv-periods';
import { ImportFileError } from './import-messages';
import type { ImportEvent } from './types';

async function run(text: string, format: PeriodFormat) {
  const events: ImportEvent[] = [];
  for await (const e of parsePeriodCsv([text], format)) if (e.kind !== 'progress') events.push(e);
  return events;
}

const PM_HEADER =
  'Portfolio Manager ID,Property Name,Portfolio Manager Meter ID,Meter Name,Meter Type,Start Date,End Date,Usage/Quantity,Usage Units,Cost ($),Estimation?,Demand (kW)';

describe('invoice and consumption CSVs', () => {
  it('tells the layouts apart by their headers', () => {
    expect(detectCsvFormat(PM_HEADER.split(','))).toBe('portfolio-manager');
    expect(detectCsvFormat(['Meter', 'Invoice Number', 'From', 'Till', 'Consumption', 'Cost'])).toBe(
      'csv-invoices',
    );
    expect(detectCsvFormat(['Data Source', 'Date From', 'Date Till', 'Units'])).toBe('csv-consumption');
    expect(detectCsvFormat(['ICP', 'Timestamp', 'kWh'])).toBe('csv-readings');
  });

  it("reads Portfolio Manager's Meter Entries: United States dates, usage units, cost, estimation, demand", async () => {
    const events = await run(
      `${PM_HEADER}\n123,HQ,456,Main meter,Electric,01/01/2026,01/31/2026,"12,345.6",kWh (thousand Watt-hours),"$1,500.5",Yes,42\n123,HQ,456,Main meter,Electric,02/01/2026,02/28/2026,100,kWh (thousand Watt-hours),,No,\n`,
      'portfolio-manager',
    );
    expect(events).toEqual([
      {
        kind: 'period',
        row: {
          line: 2,
          meterKey: '456',
          altKey: 'Main meter',
          keyLabel: 'Portfolio Manager Meter ID',
          context: 'Main meter, Electric, HQ',
          from: '2026-01-01',
          till: '2026-01-31',
          quantity: 12345.6,
          unit: 'kWh (thousand Watt-hours)',
          cost: '1500.50',
          estimated: true,
          invoiceNumber: null,
          invoiceDate: null,
          demandKw: 42,
        },
      },
      {
        kind: 'period',
        row: expect.objectContaining({
          line: 3,
          from: '2026-02-01',
          cost: null,
          estimated: false,
          demandKw: null,
        }),
      },
    ]);
  });

  it('reads invoices day first and names each refused row', async () => {
    const events = await run(
      'Meter,Invoice Number,Invoice Date,From,Till,Consumption,Cost\nM1,INV-1,05/02/2026,01/01/2026,31/01/2026,100,20.5\nM1,INV-2,,01/03/2026,01/02/2026,100,20\nM1,INV-3,,01/03/2026,31/03/2026,x,20\nM1,,,01/04/2026,30/04/2026,1,2\nM1,INV-5,,01/05/2026,31/05/2026,1,\n',
      'csv-invoices',
    );
    expect(events[0]).toMatchObject({
      kind: 'period',
      row: {
        invoiceNumber: 'INV-1',
        invoiceDate: '2026-02-05',
        from: '2026-01-01',
        till: '2026-01-31',
        cost: '20.50',
      },
    });
    expect(events.slice(1)).toEqual([
      {
        kind: 'refused',
        row: { line: 3, reason: 'The start date 2026-03-01 is after the end date 2026-02-01' },
      },
      { kind: 'refused', row: { line: 4, reason: 'The value "x" is not a number' } },
      { kind: 'refused', row: { line: 5, reason: 'The invoice number is empty' } },
      { kind: 'refused', row: { line: 6, reason: 'The cost is empty' } },
    ]);
  });

  it('ends with a file error when the header is not the layout', async () => {
    await expect(run('ICP,Timestamp,kWh\nM1,2026-01-01 00:00,1\n', 'csv-consumption')).rejects.toBeInstanceOf(
      ImportFileError,
    );
  });
});
