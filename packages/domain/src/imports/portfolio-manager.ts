import { fill } from '../messages';
import type { CsvRecord } from './csv-records';
import { loose, parseNumber } from './csv-text';
import { IMPORT_MSG, ImportFileError } from './import-messages';
import { parseFileDate } from './local-time';
import type { ImportEvent, PeriodRow } from './types';

/**
 * ENERGY STAR Portfolio Manager's bills as its users have them (docs/decisions/imports.md, Portfolio Manager): the
 * "Meter Entries" export (downloaded as XLSX, or saved by Excel as CSV with title rows above the header) and the
 * "Add Bills to Meters" upload template. Both name a meter by its Portfolio Manager Meter ID (unique) and its
 * Meter Name (not unique); a bill by its Start Date and End Date, or a bulk delivery by its Delivery Date.
 */

/** What the data source's identifier that remembers a Portfolio Manager meter is called. */
export const PM_METER_ID_LABEL = 'Portfolio Manager Meter ID';

/** Title rows (portfolio name, date, property count, merged group captions) a header may sit below. */
const HEADER_SEARCH_ROWS = 30;

type Field =
  | 'meterId'
  | 'meterName'
  | 'meterType'
  | 'property'
  | 'from'
  | 'till'
  | 'delivery'
  | 'quantity'
  | 'unit'
  | 'cost'
  | 'estimated'
  | 'demand';

const NAMES: Record<Field, string[]> = {
  meterId: ['portfolio manager meter id', 'meter id', 'pm meter id'],
  meterName: ['meter name'],
  meterType: ['meter type'],
  property: ['property name'],
  from: ['start date'],
  till: ['end date'],
  delivery: ['delivery date'],
  quantity: ['usage quantity', 'quantity', 'usage'],
  unit: ['usage units', 'units', 'unit of measure'],
  cost: ['cost $', 'cost'],
  estimated: ['estimation', 'estimation yes no', 'estimated value', 'estimated'],
  demand: ['demand kw', 'demand'],
};

export type PortfolioManagerColumns = Record<Field, number>;

/** The columns of a Portfolio Manager header row, or null when the row is not one. */
export function portfolioManagerColumns(fields: readonly string[]): PortfolioManagerColumns | null {
  const names = fields.map(loose);
  const out = {} as PortfolioManagerColumns;
  for (const field of Object.keys(NAMES) as Field[]) {
    out[field] = -1;
    for (const name of NAMES[field]) {
      const index = names.indexOf(name);
      if (index >= 0) {
        out[field] = index;
        break;
      }
    }
  }
  const dated = (out.from >= 0 && out.till >= 0) || out.delivery >= 0;
  // Portfolio Manager's own column names, so that another layout with a meter name and dates is not read as one
  // (its dates are month first).
  const signed =
    out.meterId >= 0 || (names[out.quantity] === 'usage quantity' && names[out.unit] === 'usage units');
  return dated && signed && out.quantity >= 0 && !names.includes('invoice number') ? out : null;
}

/** Portfolio Manager writes "Not Available" in a cell it has no value for. */
const cell = (fields: readonly string[], index: number) => {
  const value = index < 0 ? '' : (fields[index] ?? '').trim();
  return loose(value) === 'not available' ? '' : value;
};

const isYes = (text: string) => /^(y|yes|true|1|estimated?)$/.test(loose(text));

interface Bill extends PeriodRow {
  /** The End Date as the file writes it (the day the next bill starts, when bills share their boundaries). */
  end: string;
  meterName: string;
  /** The meter's own identity in the file: its Meter ID, else its name. */
  identity: string;
}

const nextDay = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function readBill(c: PortfolioManagerColumns, line: number, fields: readonly string[]): Bill | string {
  const get = (f: Field) => cell(fields, c[f]);
  const meterId = get('meterId');
  const meterName = get('meterName');
  if (!meterId && !meterName) return IMPORT_MSG.noMeter;
  let from: string | null;
  let end: string | null;
  if (get('from') || get('till') || !get('delivery')) {
    if (!get('from')) return fill(IMPORT_MSG.required, { field: 'start date' });
    if (!get('till')) return fill(IMPORT_MSG.required, { field: 'end date' });
    from = parseFileDate(get('from'), false);
    if (!from) return fill(IMPORT_MSG.dateNotValid, { value: get('from') });
    end = parseFileDate(get('till'), false);
    if (!end) return fill(IMPORT_MSG.dateNotValid, { value: get('till') });
    if (from > end) return fill(IMPORT_MSG.periodOrder, { from, till: end });
  } else {
    from = parseFileDate(get('delivery'), false);
    if (!from) return fill(IMPORT_MSG.dateNotValid, { value: get('delivery') });
    end = from;
  }
  const quantityText = get('quantity');
  if (!quantityText) return fill(IMPORT_MSG.required, { field: 'quantity' });
  const quantity = parseNumber(quantityText);
  if (quantity === null) return fill(IMPORT_MSG.valueNotNumber, { value: quantityText });
  const costText = get('cost');
  const cost = costText === '' ? null : parseNumber(costText);
  if (costText !== '' && cost === null) return fill(IMPORT_MSG.valueNotNumber, { value: costText });
  const demandText = get('demand');
  const demand = demandText ? parseNumber(demandText) : null;
  if (demandText && demand === null) return fill(IMPORT_MSG.valueNotNumber, { value: demandText });
  const context = [meterName, get('meterType'), get('property')].filter(Boolean).join(', ');
  return {
    line,
    meterKey: meterId || meterName,
    from,
    till: end,
    end,
    quantity,
    unit: get('unit') || null,
    cost: cost === null ? null : cost.toFixed(2),
    estimated: isYes(get('estimated')),
    invoiceNumber: null,
    invoiceDate: null,
    demandKw: demand,
    meterName,
    identity: meterId ? `id:${meterId}` : `name:${loose(meterName)}`,
    keyLabel: meterId ? PM_METER_ID_LABEL : null,
    context: context || null,
    altKey: null,
  };
}

/**
 * End dates as Portfolio Manager means them: where a meter's bills share their boundaries (a bill ends on the day
 * the next starts), each of its bills ends the day before its End Date, so that day is counted once; a meter whose
 * bills do not (each starts the day after the last ended) keeps its End Dates. The sink also reads an End Date as
 * exclusive where a bill already stored for the meter starts on it.
 */
export function placeBills<T extends { from: string; end: string; till: string }>(bills: T[]): T[] {
  const sorted = [...bills].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const starts = new Set(sorted.map((b) => b.from));
  const shared = sorted.some((b) => b.end > b.from && starts.has(b.end));
  for (const bill of sorted) bill.till = shared && bill.end > bill.from ? nextDay(bill.end, -1) : bill.end;
  return sorted;
}

/**
 * A Portfolio Manager sheet (its records, a CSV's or an XLSX sheet's rows): title rows skipped until the header, a
 * "Not Available" cell read as empty, each bill a period row or a refused row. The bills are read whole before
 * any is passed on (an export of thousands of bills is a few megabytes), so that each meter's End Dates are read
 * against its next bill and a Meter Name is offered for matching only when no other meter of the file shares it.
 */
export async function* parsePortfolioManager(
  records: AsyncIterable<CsvRecord> | Iterable<CsvRecord>,
): AsyncGenerator<ImportEvent> {
  let columns: PortfolioManagerColumns | null = null;
  let seen = 0;
  const bills = new Map<string, Bill[]>();
  const names = new Map<string, Set<string>>();
  for await (const { line, fields, problem } of records) {
    if (!columns) {
      columns = portfolioManagerColumns(fields);
      if (!columns && ++seen >= HEADER_SEARCH_ROWS)
        throw new ImportFileError(
          fill(IMPORT_MSG.formatMismatch, { format: "Portfolio Manager's Meter Entries" }),
        );
      continue;
    }
    if (fields.every((f) => loose(f) === '')) continue;
    if (seen % 10_000 === 0) yield { kind: 'progress', lines: line };
    seen += 1;
    const bill = problem ?? readBill(columns, line, fields);
    if (typeof bill === 'string') {
      yield { kind: 'refused', row: { line, reason: bill } };
      continue;
    }
    const list = bills.get(bill.identity) ?? [];
    list.push(bill);
    bills.set(bill.identity, list);
    if (bill.meterName) {
      const name = loose(bill.meterName);
      names.set(name, (names.get(name) ?? new Set()).add(bill.identity));
    }
  }
  if (!columns)
    throw new ImportFileError(
      fill(IMPORT_MSG.formatMismatch, { format: "Portfolio Manager's Meter Entries" }),
    );
  if (bills.size === 0 && seen === 0) throw new ImportFileError(IMPORT_MSG.noRows);
  for (const list of bills.values()) {
    for (const bill of placeBills(list)) {
      const { end: _end, meterName, identity: _identity, ...row } = bill;
      const unique = meterName !== '' && names.get(loose(meterName))?.size === 1;
      yield {
        kind: 'period',
        row: {
          ...row,
          altKey: row.meterKey !== meterName && unique ? meterName : null,
          ...(row.till !== bill.end ? { fileEnd: bill.end } : {}),
        },
      };
    }
  }
}

/** What a name a data file gives a data source is remembered under when a user maps it (an NMI, an ICP, a name). */
export const FILE_NAME_LABEL = 'Name in data files';

/** The identifier labels the import matches files' names against. */
export const IMPORT_IDENTIFIER_LABELS = [PM_METER_ID_LABEL, FILE_NAME_LABEL] as const;
