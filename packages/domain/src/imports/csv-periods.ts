import { fill } from '../messages';
import { type CsvRecord, csvRecords } from './csv-records';
import { loose, parseNumber } from './csv-text';
import { IMPORT_MSG, ImportFileError } from './import-messages';
import { parseFileDate } from './local-time';
import { parsePortfolioManager, portfolioManagerColumns } from './portfolio-manager';
import type { ImportEvent, ImportFormat, PeriodRow } from './types';

export type PeriodFormat = Extract<ImportFormat, 'csv-invoices' | 'csv-consumption' | 'portfolio-manager'>;
type Field =
  | 'meter'
  | 'from'
  | 'till'
  | 'quantity'
  | 'unit'
  | 'cost'
  | 'estimated'
  | 'invoiceNumber'
  | 'invoiceDate'
  | 'demand';

/** Header names each field answers to, compared loosely (ENERGY STAR Portfolio Manager's names included). */
const NAMES: Record<Field, string[]> = {
  meter: [
    'meter name',
    'data source',
    'meter',
    'local name',
    'icp',
    'nmi',
    'meter number',
    'portfolio manager meter id',
  ],
  from: ['start date', 'from', 'date from', 'period start', 'start'],
  till: ['end date', 'till', 'to', 'date till', 'period end', 'end'],
  quantity: ['usage quantity', 'consumption', 'quantity', 'usage', 'units', 'used'],
  unit: ['usage units', 'unit', 'units of measure', 'uom'],
  cost: ['cost $', 'cost', 'cost excl gst', 'cost before tax', 'amount', 'charges'],
  estimated: ['estimation', 'estimated', 'estimate', 'read type'],
  invoiceNumber: ['invoice number', 'invoice no', 'invoice', 'bill number'],
  invoiceDate: ['invoice date', 'bill date'],
  demand: ['demand kw', 'demand'],
};

/** The column of each field in a header row (-1 when absent). */
function columnsOf(headers: readonly string[]): Record<Field, number> {
  const names = headers.map(loose);
  const taken = new Set<number>();
  const out = {} as Record<Field, number>;
  for (const field of Object.keys(NAMES) as Field[]) {
    let index = -1;
    for (const name of NAMES[field]) {
      index = names.findIndex((h, i) => h === name && !taken.has(i));
      if (index >= 0) break;
    }
    if (index >= 0) taken.add(index);
    out[field] = index;
  }
  return out;
}

/**
 * Which CSV a header row is: Portfolio Manager's Meter Entries (Start Date, End Date, Usage/Quantity, Usage
 * Units), invoices (an invoice number and a period), consumption records (a period and a quantity), else
 * readings (whose columns the upload dialog maps).
 */
export function detectCsvFormat(
  headers: readonly string[],
): Extract<ImportFormat, 'csv-readings'> | PeriodFormat {
  if (portfolioManagerColumns(headers)) return 'portfolio-manager';
  const c = columnsOf(headers);
  const period = c.meter >= 0 && c.from >= 0 && c.till >= 0 && c.quantity >= 0;
  if (period && c.invoiceNumber >= 0) return 'csv-invoices';
  if (period) return 'csv-consumption';
  return 'csv-readings';
}

const REQUIRED: Record<PeriodFormat, Field[]> = {
  'csv-invoices': ['meter', 'from', 'till', 'quantity', 'cost', 'invoiceNumber'],
  'csv-consumption': ['meter', 'from', 'till', 'quantity'],
  'portfolio-manager': ['meter', 'from', 'till', 'quantity', 'unit'],
};
const LABEL: Record<Field, string> = {
  meter: 'data source',
  from: 'start date',
  till: 'end date',
  quantity: 'quantity',
  unit: 'unit',
  cost: 'cost',
  estimated: 'estimation',
  invoiceNumber: 'invoice number',
  invoiceDate: 'invoice date',
  demand: 'demand',
};
const FORMAT_NAME: Record<PeriodFormat, string> = {
  'csv-invoices': 'an invoice CSV',
  'csv-consumption': 'a consumption-record CSV',
  'portfolio-manager': "Portfolio Manager's Meter Entries",
};

const isYes = (text: string) => /^(y|yes|true|1|e|est|estimate|estimated)$/.test(loose(text));

function readRow(
  format: PeriodFormat,
  c: Record<Field, number>,
  line: number,
  fields: string[],
): PeriodRow | string {
  const get = (f: Field) => (c[f] < 0 ? '' : (fields[c[f]] ?? ''));
  for (const f of REQUIRED[format])
    if (f !== 'cost' && !get(f)) return fill(IMPORT_MSG.required, { field: LABEL[f] });
  // Portfolio Manager writes United States dates (month first); our own layouts write day first.
  const dayFirst = format !== 'portfolio-manager';
  const from = parseFileDate(get('from'), dayFirst);
  if (!from) return fill(IMPORT_MSG.dateNotValid, { value: get('from') });
  const till = parseFileDate(get('till'), dayFirst);
  if (!till) return fill(IMPORT_MSG.dateNotValid, { value: get('till') });
  if (from > till) return fill(IMPORT_MSG.periodOrder, { from, till });
  const quantity = parseNumber(get('quantity'));
  if (quantity === null) return fill(IMPORT_MSG.valueNotNumber, { value: get('quantity') });
  const costText = get('cost');
  const cost = costText === '' ? null : parseNumber(costText);
  if (costText !== '' && cost === null) return fill(IMPORT_MSG.valueNotNumber, { value: costText });
  if (format === 'csv-invoices' && cost === null) return fill(IMPORT_MSG.required, { field: 'cost' });
  const invoiceDateText = get('invoiceDate');
  const invoiceDate = invoiceDateText ? parseFileDate(invoiceDateText, dayFirst) : null;
  if (invoiceDateText && !invoiceDate) return fill(IMPORT_MSG.dateNotValid, { value: invoiceDateText });
  const demandText = get('demand');
  const demand = demandText ? parseNumber(demandText) : null;
  if (demandText && demand === null) return fill(IMPORT_MSG.valueNotNumber, { value: demandText });
  return {
    line,
    meterKey: get('meter'),
    from,
    till,
    quantity,
    unit: get('unit') || null,
    cost: cost === null ? null : cost.toFixed(2),
    estimated: isYes(get('estimated')),
    invoiceNumber: get('invoiceNumber') || null,
    invoiceDate,
    demandKw: demand,
  };
}

/**
 * Invoice and consumption-record CSVs, one row per invoice or record, and Portfolio Manager's Meter Entries
 * (docs/decisions/imports.md, CSV formats): each row a period row or a refused row with its reason. The job
 * makes invoices or consumption records of them through the services' own rules.
 */
export function parsePeriodCsv(
  text: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  format: PeriodFormat,
): AsyncGenerator<ImportEvent> {
  return parsePeriodRecords(csvRecords(text, FORMAT_NAME[format]), format);
}

/** The same from a sheet's records (a CSV's, or an XLSX sheet's from its header row on). */
export async function* parsePeriodRecords(
  records: AsyncIterable<CsvRecord> | Iterable<CsvRecord>,
  format: PeriodFormat,
): AsyncGenerator<ImportEvent> {
  if (format === 'portfolio-manager') {
    yield* parsePortfolioManager(records);
    return;
  }
  let columns: Record<Field, number> | null = null;
  let width = 0;
  let rows = 0;
  for await (const { line, fields, problem } of records) {
    if (!columns) {
      columns = columnsOf(fields);
      width = fields.length;
      const c = columns;
      if (REQUIRED[format].some((f) => c[f] < 0))
        throw new ImportFileError(fill(IMPORT_MSG.formatMismatch, { format: FORMAT_NAME[format] }));
      continue;
    }
    rows += 1;
    if (rows % 10_000 === 0) yield { kind: 'progress', lines: line };
    if (problem) {
      yield { kind: 'refused', row: { line, reason: problem } };
      continue;
    }
    if (fields.length !== width) {
      const reason = fill(IMPORT_MSG.columnCount, { found: fields.length, expected: width });
      yield { kind: 'refused', row: { line, reason } };
      continue;
    }
    const row = readRow(format, columns, line, fields);
    if (typeof row === 'string') yield { kind: 'refused', row: { line, reason: row } };
    else yield { kind: 'period', row };
  }
  if (rows === 0) throw new ImportFileError(IMPORT_MSG.noRows);
}
