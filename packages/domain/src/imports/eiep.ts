import { ImportFileError } from './import-messages';
import { BATCH, type CsvRecord, csvRecords, PROGRESS_EVERY, type TextSource, wholeNumber } from './records';
import type { ImportEvent, ReadingQuality } from './types';

/**
 * What the New Zealand Electricity Authority's EIEP files share: a header record first (HDR, the file type,
 * the protocol version, sender, sender on behalf of, recipient, then fields of each protocol, among them the
 * number of detail records), then DET detail records. A file whose DET count differs from its header's was cut
 * short or added to, and is refused whole. Optional fields left empty are written empty or as the literal
 * `null` (as participants' systems export them); both read as empty.
 */

export interface EiepHeader {
  line: number;
  fileType: string;
  /** Divides the file's energy figures into kWh: 1, or 1,000 when the header states Wh. */
  divisor: number;
}

export interface EiepFormat {
  /** The name used in messages (EIEP3). */
  name: string;
  /** The HDR file types that mean this format (ICPHH). */
  fileTypes: readonly string[];
  /** The 0-based HDR field holding the number of detail records (EIEP3: 9, after the run time; EIEP13A: 8). */
  countField: number;
}

/** An optional field as text: trimmed, and empty where the file writes the literal `null`. */
export const optionalField = (text: string | undefined) => {
  const value = (text ?? '').trim();
  return value.toLowerCase() === 'null' ? '' : value;
};

const KNOWN_TYPES: Record<string, string> = {
  ICPHH: 'EIEP3 (half-hourly metering data)',
  ICPCONS: 'EIEP13A (consumer consumption data)',
  ICPHHVOL: 'EIEP1 (billing volumes)',
};

/** Reads one DET record: its events, or the reason it is refused. */
export type DetailReader = (record: CsvRecord, header: EiepHeader) => ImportEvent[] | string;

/** The events a reader still holds once the last record is read. */
export type DetailEnd = () => ImportEvent[];

/**
 * An EIEP file's events in arrays: each DET record read by `readDetail`, other records refused, a progress
 * event now and then. Throws ImportFileError when the file does not start with this format's header, has a
 * second header, or holds a number of DET records other than its header states.
 */
export async function* eiepBatches(
  source: TextSource,
  format: EiepFormat,
  readDetail: DetailReader,
  end: DetailEnd = () => [],
): AsyncGenerator<ImportEvent[]> {
  let out: ImportEvent[] = [];
  let header: EiepHeader | null = null;
  let expected: number | null = null;
  let details = 0;
  let lastLine = 0;
  for await (const record of csvRecords(source)) {
    if (out.length >= BATCH) {
      yield out;
      out = [];
    }
    const { line, fields } = record;
    const type = (fields[0] ?? '').trim().toUpperCase();
    if (Math.floor(line / PROGRESS_EVERY) > Math.floor(lastLine / PROGRESS_EVERY))
      out.push({ kind: 'progress', lines: line });
    lastLine = line;
    if (!header) {
      const fileType = (fields[1] ?? '').trim().toUpperCase();
      if (type !== 'HDR')
        throw new ImportFileError(
          `The file does not start with an ${format.name} header (an HDR record)`,
          line,
        );
      if (!format.fileTypes.includes(fileType)) {
        const known = KNOWN_TYPES[fileType];
        throw new ImportFileError(
          known
            ? `This is an ${known} file, not ${format.name}`
            : `The header's file type '${fields[1] ?? ''}' is not ${format.name} (${format.fileTypes[0]})`,
          line,
        );
      }
      const count = optionalField(fields[format.countField]);
      expected = count === '' ? null : wholeNumber(count);
      if (count !== '' && expected === null)
        throw new ImportFileError(`The header's number of detail records '${count}' is not a number`, line);
      // The published layouts state energy in kWh; a header field reading Wh says the figures are in Wh.
      const wh = fields.some((f) => f.trim().toUpperCase() === 'WH');
      header = { line, fileType, divisor: wh ? 1000 : 1 };
      continue;
    }
    if (type === 'HDR')
      throw new ImportFileError(`A second header at line ${line}: one file, one header`, line);
    if (type !== 'DET') {
      out.push({
        kind: 'refused',
        row: { line, reason: `'${fields[0] ?? ''}' is not a detail record (DET)` },
      });
      continue;
    }
    details += 1;
    const events = readDetail(record, header);
    if (typeof events === 'string') out.push({ kind: 'refused', row: { line, reason: events } });
    else for (const event of events) out.push(event);
  }
  if (!header) throw new ImportFileError('The file is empty');
  for (const event of end()) out.push(event);
  if (expected !== null && details !== expected)
    throw new ImportFileError(
      `The header states ${expected} detail records but the file has ${details}: it may have been cut short`,
      lastLine,
    );
  out.push({ kind: 'progress', lines: lastLine });
  yield out;
}

/** The read status or reading type of a row: actual (RD, A, F final) or estimated (ES, E). */
export function eiepQuality(text: string | undefined): ReadingQuality | null {
  const code = (text ?? '').trim().toUpperCase();
  if (code === 'RD' || code === 'A' || code === 'F' || code === 'AC') return 'A';
  if (code === 'ES' || code === 'E' || code === 'EST') return 'E';
  return null;
}

/** Energy flow direction: X (extracted from the network, what the site uses) or I (injected, what it exports). */
export function eiepDirection(text: string | undefined): 'import' | 'export' | null {
  const code = optionalField(text).toUpperCase();
  if (code === 'X' || code === '') return 'import';
  if (code === 'I') return 'export';
  return null;
}

/**
 * The register of a row's reactive energy: the row's channel with 'kVArh' after it, since a register (and its
 * name) is one kind of energy and the row's channel names its active energy.
 */
export const reactiveRegister = (register: string | null) => (register ? `${register} kVArh` : 'kVArh');
