import { describe, expect, it } from 'vitest';
import type { CsvRecord } from './csv-records';
import { detectFormat } from './detect';
import { parsePortfolioManager, placeBills } from './portfolio-manager';
import type { ImportEvent } from './types';
import { unitCandidates } from './unit-names';

const records = (rows: string[][]): CsvRecord[] => rows.map((fields, i) => ({ line: i + 1, fields }));
async function run(rows: string[][] | CsvRecord[]) {
  const input =
    typeof (rows[0] as CsvRecord | undefined)?.line === 'number'
      ? (rows as CsvRecord[])
      : records(rows as string[][]);
  const out: ImportEvent[] = [];
  for await (const e of parsePortfolioManager(input)) if (e.kind !== 'progress') out.push(e);
  return out;
}

const ENTRIES = [
  'Property Name',
  'Portfolio Manager ID',
  'Portfolio Manager Meter ID',
  'Meter Name',
  'Meter Type',
  'Meter Consumption ID',
  'Start Date',
  'End Date',
  'Delivery Date',
  'Usage/Quantity',
  'Usage Units',
  'Cost ($)',
  'Estimation?',
  'Demand (kW)',
];

describe("Portfolio Manager's Meter Entries", () => {
  it('skips the title rows above the header and reads "Not Available" as empty', async () => {
    const events = await run([
      ['My Portfolio: Test'],
      ['06/06/2019 04:28 PM EDT'],
      ['Total Properties: 1'],
      [],
      ['', '', '', '', '', '', '', '', '', 'Additional Information', 'Additional Information'],
      ENTRIES,
      [
        'HQ',
        '1',
        '9-0',
        'Main',
        'Electric - Grid',
        '77',
        '1/1/2016',
        '1/31/2016',
        'Not Available',
        '10',
        'kBtu (thousand Btu)',
        'Not Available',
        'No',
        'Not Available',
      ],
    ]);
    expect(events).toEqual([
      {
        kind: 'period',
        row: expect.objectContaining({
          line: 7,
          meterKey: '9-0',
          altKey: 'Main',
          keyLabel: 'Portfolio Manager Meter ID',
          context: 'Main, Electric - Grid, HQ',
          from: '2016-01-01',
          till: '2016-01-31',
          quantity: 10,
          unit: 'kBtu (thousand Btu)',
          cost: null,
          demandKw: null,
        }),
      },
    ]);
  });

  it('reads an End Date the next bill starts on as the day before, never counting the day twice', async () => {
    const bill = (id: string, from: string, till: string) => [
      'HQ',
      '1',
      id,
      'Meter',
      'Natural Gas',
      '',
      from,
      till,
      '',
      '1',
      'therms',
      '',
      'No',
      '',
    ];
    const events = await run([
      ENTRIES,
      bill('1', '2016-02-01', '2016-03-01'),
      bill('1', '2016-01-01', '2016-02-01'),
      bill('2', '2016-01-01', '2016-01-31'),
      bill('2', '2016-02-01', '2016-02-29'),
    ]);
    const periods = events.map((e) =>
      e.kind === 'period' ? [e.row.meterKey, e.row.from, e.row.till, e.row.fileEnd] : e,
    );
    expect(periods).toEqual([
      ['1', '2016-01-01', '2016-01-31', '2016-02-01'],
      ['1', '2016-02-01', '2016-02-29', '2016-03-01'],
      ['2', '2016-01-01', '2016-01-31', undefined],
      ['2', '2016-02-01', '2016-02-29', undefined],
    ]);
  });

  it('offers a Meter Name for matching only when no other meter of the file has it', async () => {
    const bill = (id: string, name: string) => [
      'HQ',
      '1',
      id,
      name,
      'Electric - Grid',
      '',
      '1/1/2016',
      '1/31/2016',
      '',
      '1',
      'kWh (thousand Watt-hours)',
      '',
      'No',
      '',
    ];
    const events = await run([
      ENTRIES,
      bill('1', 'Electric Grid Meter'),
      bill('2', 'Electric Grid Meter'),
      bill('3', 'Chiller'),
    ]);
    expect(events.map((e) => (e.kind === 'period' ? e.row.altKey : e))).toEqual([null, null, 'Chiller']);
  });

  it('reads a bulk delivery by its Delivery Date, and names the rows it refuses', async () => {
    const row = (
      from: string,
      till: string,
      delivery: string,
      quantity: string,
      problem?: string,
    ): CsvRecord => ({
      line: 0,
      fields: [
        'HQ',
        '1',
        '5',
        'Tank',
        'Propane',
        '',
        from,
        till,
        delivery,
        quantity,
        'Gallons (US)',
        '',
        'No',
        '',
      ],
      ...(problem ? { problem } : {}),
    });
    const rows = [
      { line: 1, fields: ENTRIES },
      { ...row('Not Available', 'Not Available', '3/4/2017', '500'), line: 2 },
      { ...row('', '', '', '5'), line: 3 },
      { ...row('1/1/2017', '13/1/2017', '', '5'), line: 4 },
      { ...row('1/1/2017', '1/2/2017', '', 'lots'), line: 5 },
      { ...row('1/1/2017', '1/2/2017', '', '5', 'Cell J6 holds the error #DIV/0!'), line: 6 },
    ];
    const events = await run(rows);
    expect(events).toEqual([
      { kind: 'refused', row: { line: 3, reason: 'The start date is empty' } },
      { kind: 'refused', row: { line: 4, reason: 'The date "13/1/2017" is not a date' } },
      { kind: 'refused', row: { line: 5, reason: 'The value "lots" is not a number' } },
      { kind: 'refused', row: { line: 6, reason: 'Cell J6 holds the error #DIV/0!' } },
      {
        kind: 'period',
        row: expect.objectContaining({ line: 2, from: '2017-03-04', till: '2017-03-04', quantity: 500 }),
      },
    ]);
  });

  it('reads the Add Bills to Meters template: Meter IDs, dates and quantities without a units column', async () => {
    const events = await run([
      [
        'Portfolio Manager Property ID',
        'Portfolio Manager Meter ID',
        'Meter Name',
        'Start Date',
        'End Date',
        'Quantity',
        'Cost ($)',
        'Estimation',
      ],
      ['1', '42', 'Boiler gas', '01/01/2020', '01/31/2020', '1,234', '99.5', 'Yes'],
    ]);
    expect(events).toEqual([
      {
        kind: 'period',
        row: expect.objectContaining({
          meterKey: '42',
          unit: null,
          quantity: 1234,
          cost: '99.50',
          estimated: true,
        }),
      },
    ]);
  });

  it('is told by its columns, after title rows too, and another layout with a meter name and dates is not it', () => {
    expect(
      detectFormat(`Report,,\n,,\n${ENTRIES.join(',')}\nHQ,1,9,M,E,,1/1/2016,1/31/2016,,1,kWh,,No,\n`),
    ).toBe('portfolio-manager');
    expect(detectFormat('Meter Name,Start Date,End Date,Quantity,Units\nA,1/2/2020,28/2/2020,1,kWh\n')).toBe(
      'csv-consumption',
    );
  });
});

describe('placing bills', () => {
  it('leaves a one-day bill and bills that do not meet as they are', () => {
    const bills = [
      { from: '2020-01-01', end: '2020-01-01', till: '' },
      { from: '2020-01-02', end: '2020-01-31', till: '' },
    ];
    expect(placeBills(bills).map((b) => b.till)).toEqual(['2020-01-01', '2020-01-31']);
  });
});

describe("Portfolio Manager's unit names", () => {
  it('offers the catalogue names a label may stand for, as written first', () => {
    expect(unitCandidates('kBtu (thousand Btu)')).toEqual(['kbtu thousand btu', 'kbtu', 'thousand btu']);
    expect(unitCandidates('MBtu/MMBtu (million Btu)')).toContain('mbtu');
    expect(unitCandidates('cm (cubic meters)')).toEqual(['cm cubic meters', 'cm', 'cubic meters', 'm3']);
    expect(unitCandidates('Liters')).toEqual(['liters', 'litres']);
    expect(unitCandidates('kGal (thousand gallons) (US)')).toContain('kgal thousand us gallons');
  });
});
