import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { load, snapshot, useFixture, zipOf } from './imports-portfolio-manager.fixture';

useFixture();

describe('workbooks as people make them', () => {
  async function workbook(quantity: ExcelJS.CellValue) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Meter Entries');
    sheet.getCell('A1').value = 'My Portfolio: formulas';
    sheet.mergeCells('A1:E1');
    sheet.getRow(3).values = [
      'Portfolio Manager Meter ID',
      'Meter Name',
      'Start Date',
      'End Date',
      'Usage/Quantity',
      'Usage Units',
    ];
    sheet.getRow(4).values = [
      '880-1',
      'Library gas',
      new Date(Date.UTC(2018, 0, 1)),
      new Date(Date.UTC(2018, 0, 31)),
      { formula: '2*5', result: 10 },
      'therms',
    ];
    sheet.getRow(5).values = [
      null,
      'Library gas',
      new Date(Date.UTC(2018, 1, 1)),
      new Date(Date.UTC(2018, 1, 28)),
      quantity,
      'therms',
    ];
    // The Meter ID written once over both bills' rows.
    sheet.mergeCells('A4:A5');
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('reads a formula by the value saved with it, never evaluating it, and refuses one saved without a value', async () => {
    const before = await snapshot();
    const unsaved = await load(
      'formulas.xlsx',
      await workbook({ formula: 'E4*2' } as ExcelJS.CellFormulaValue),
    );
    expect(unsaved).toMatchObject({ status: 'failed', refusedRows: 1 });
    expect(unsaved.refusals?.reasons).toEqual([
      {
        reason:
          'Cell E5 holds a formula with no saved value: open the file in Excel, save it and upload it again',
        rows: 1,
        firstLine: 5,
      },
    ]);
    expect(await snapshot()).toEqual(before);
    const error = await load('errors.xlsx', await workbook({ error: '#DIV/0!' } as ExcelJS.CellErrorValue));
    expect(error.refusals?.reasons[0]?.reason).toBe('Cell E5 holds the error #DIV/0!');
    // A saved value that is not what the formula would give is read as saved: the formula is never run.
    const saved = await load('saved.xlsx', await workbook({ formula: 'E4*2', result: 7 }));
    expect(saved, saved.error ?? '').toMatchObject({ status: 'finished', records: 2 });
    const added = (await snapshot()).filter((r) => r.from.startsWith('2018'));
    expect(added).toEqual([
      { meter: 'Library gas', from: '2018-01-01', till: '2018-01-31', units: '10.0000' },
      { meter: 'Library gas', from: '2018-02-01', till: '2018-02-28', units: '7.0000' },
    ]);
  });

  it('refuses a workbook that unpacks to far more than its size, before reading it, and changes nothing', async () => {
    const before = await snapshot();
    const bomb = zipOf({
      '[Content_Types].xml': Buffer.from('<Types/>'),
      'xl/worksheets/sheet1.xml': Buffer.alloc(40 * 1024 * 1024, 32),
    });
    expect(bomb.length).toBeLessThan(100 * 1024);
    const job = await load('bomb.xlsx', bomb);
    expect(job).toMatchObject({
      status: 'failed',
      error:
        'The workbook unpacks to more than 200 MB, or to more than 200 times its own size: save its sheet as CSV and upload that.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('reads a CSV Excel saved in Windows-1252, its euro sign and all', async () => {
    const header =
      'Portfolio Manager Meter ID,Meter Name,Start Date,End Date,Usage/Quantity,Usage Units,Cost ($)';
    const text = `${header}\r\n990-9,Caf\u00e9 \u20ac gas,3/1/2019,3/31/2019,5,therms,12\r\n`;
    const bytes = Buffer.from(text.replace('\u20ac', '\u0080'), 'latin1');
    expect(bytes.includes(0x80)).toBe(true);
    const job = await load('cafe.csv', bytes);
    expect(job.refusals?.unknownMeters[0]).toMatchObject({ key: '990-9', context: 'Caf\u00e9 \u20ac gas' });
  });

  it('refuses a UTF-8 file that stops being UTF-8 past its first bytes, naming where, and changes nothing', async () => {
    const before = await snapshot();
    const header =
      'Portfolio Manager Meter ID,Meter Name,Start Date,End Date,Usage/Quantity,Usage Units,Cost ($)';
    const row = '880-1,Library gas,1/1/2010,1/31/2010,5,therms,12\n';
    const bytes = Buffer.concat([
      Buffer.from(`${header}\n${row.repeat(2000)}`),
      Buffer.from([0x80]),
      Buffer.from(row),
    ]);
    const job = await load('mixed.csv', bytes);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(
      /^The file starts as UTF-8 text but is not UTF-8 near byte [\d,]+: save it as "CSV UTF-8" and upload it again\.$/,
    );
    expect(await snapshot()).toEqual(before);
  });
});
