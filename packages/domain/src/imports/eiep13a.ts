import { instantsOfLocalTime } from '../time-zone';
import { eiepBatches, eiepDirection, eiepQuality } from './eiep';
import { NEW_ZEALAND } from './eiep3';
import { type CsvRecord, dayFirstDate, decimal, eventsOf, type TextSource } from './records';
import type { ImportEvent, IntervalReading } from './types';

/**
 * EIEP13A, the consumption file a New Zealand retailer sends a customer who asks for their own data (HDR file
 * type ICPCONS). DET records: DET, ICP, response code, NZDT adjustment, (metering installation), metering
 * component serial number, energy flow direction, register content code, period of availability, read period
 * start and end (dd/MM/yyyy HH:mm:ss, local time), read status (RD actual, ES estimated), active energy (kWh),
 * reactive energy (kVArh). Fields from the serial number on are found from the read period start, so files with
 * or without the metering installation field read the same.
 *
 * Times are local: the NZDT adjustment says whether a row's times are daylight (NZDT) or standard (NZST) time.
 * Where it is blank, the hour repeated when daylight time ends is read in file order: the first row for a time
 * is daylight time, the second standard time.
 */

const FORMAT = { name: 'EIEP13A', fileTypes: ['ICPCONS', 'ICPCONSA', 'EIEP13A'] } as const;
const DATE_TIME = /^\s*(\d{1,2}\/\d{1,2}\/\d{4})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/;
const INTERVALS = new Set([5, 15, 30, 60]);
const NZST = 12 * 60;
const NZDT = 13 * 60;

interface WallTime {
  date: string;
  minutes: number;
}

/** A read period's local date and minute: the start rounded down to the minute, the end up (23:59:59 is 24:00). */
function wallTime(text: string, roundUp: boolean): WallTime | null {
  const m = DATE_TIME.exec(text);
  const date = m ? dayFirstDate(m[1]) : null;
  if (!m || !date) return null;
  const [hours, minutes, seconds] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hours > 24 || minutes > 59 || seconds > 59) return null;
  return { date, minutes: hours * 60 + minutes + (roundUp && seconds > 0 ? 1 : 0) };
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function offsetOf(adjustment: string): number | null | undefined {
  const code = adjustment.trim().toUpperCase();
  if (code === '') return null;
  if (code === 'NZDT' || code === 'Y' || code === 'D') return NZDT;
  if (code === 'NZST' || code === 'N' || code === 'S') return NZST;
  return undefined;
}

export class Eiep13aReader {
  /** Keys of repeated-hour start times already read, so their second row is read as standard time. */
  private readonly repeated = new Set<string>();

  read(record: CsvRecord): ImportEvent[] | string {
    const { line, fields } = record;
    const icp = (fields[1] ?? '').trim();
    if (icp === '') return 'the ICP is missing';
    const at = fields.findIndex((f, i) => i >= 4 && DATE_TIME.test(f));
    if (at < 0) return 'no read period start date and time (dd/MM/yyyy HH:mm:ss) in the row';
    const offset = offsetOf(fields[3] ?? '');
    if (offset === undefined) return `NZDT adjustment '${fields[3]}' is not NZDT, NZST or blank`;
    const start = wallTime(fields[at] ?? '', false);
    if (!start) return `read period start '${fields[at]}' is not a real date and time`;
    const end = wallTime(fields[at + 1] ?? '', true);
    if (!end) return `read period end '${fields[at + 1] ?? ''}' is not a date and time (dd/MM/yyyy HH:mm:ss)`;
    const direction = eiepDirection(fields[at - 3]);
    if (!direction) return `energy flow direction '${fields[at - 3]}' is not X (extraction) or I (injection)`;
    const quality = eiepQuality(fields[at + 2]);
    if (!quality) return `read status '${fields[at + 2] ?? ''}' is not RD (actual) or ES (estimated)`;
    const active = decimal(fields[at + 3]);
    if (active === null) return `active energy '${fields[at + 3] ?? ''}' is not a number`;
    const reactiveText = (fields[at + 4] ?? '').trim();
    const reactive = reactiveText === '' ? null : decimal(reactiveText);
    if (reactiveText !== '' && reactive === null) return `reactive energy '${reactiveText}' is not a number`;
    const register = [fields[at - 4], fields[at - 2]]
      .map((f) => (f ?? '').trim())
      .filter(Boolean)
      .join(' ');

    const endWall = end.minutes >= 1440 ? { date: nextDay(end.date), minutes: end.minutes - 1440 } : end;
    if (start.minutes === 0 && endWall.minutes === 0 && endWall.date > start.date) {
      if (direction === 'export') return 'exported energy (I) over whole days is not a consumption record';
      const till = new Date(Date.parse(`${endWall.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const estimated = quality !== 'A';
      const row = {
        line,
        meterKey: icp,
        from: start.date,
        till,
        quantity: active,
        unit: 'kWh',
        cost: null,
        estimated,
      };
      return [{ kind: 'period', row }];
    }
    const key = `${icp}|${register}|${direction}|${start.date}|${start.minutes}`;
    const startMs = this.instant(start, offset, key);
    if (startMs === null)
      return `${fields[at]?.trim()} does not exist in New Zealand: daylight time starts then`;
    const endMs = this.instant(end, offset, null, startMs);
    const minutes = endMs === null ? 0 : (endMs - startMs) / 60_000;
    if (!INTERVALS.has(minutes))
      return `read period ${fields[at]?.trim()} to ${fields[at + 1]?.trim()} is neither 5, 15, 30 or 60 minutes nor whole days`;
    const base = {
      line,
      meterKey: icp,
      register: register || null,
      direction,
      startUtcMs: startMs,
      minutes,
      quality,
    };
    const readings: IntervalReading[] = [{ ...base, quantity: 'kWh', value: active }];
    if (reactive !== null) readings.push({ ...base, quantity: 'kVArh', value: reactive });
    return readings.map((reading) => ({ kind: 'reading', reading }));
  }

  /** The UTC instant of a wall time: by the row's offset, else New Zealand's clock (the repeated hour by order). */
  private instant(wall: WallTime, offset: number | null, key: string | null, after?: number): number | null {
    if (offset !== null) return Date.parse(`${wall.date}T00:00:00Z`) + (wall.minutes - offset) * 60_000;
    const candidates = instantsOfLocalTime(NEW_ZEALAND, wall.date, wall.minutes);
    if (after !== undefined) return candidates.find((c) => c > after) ?? null;
    if (candidates.length < 2 || key === null) return candidates[0] ?? null;
    if (!this.repeated.has(key)) {
      this.repeated.add(key);
      return candidates[0] as number;
    }
    return candidates[1] as number;
  }
}

/**
 * Reads an EIEP13A file as event arrays: half-hour (or 5 to 60 minute) rows as readings, rows over whole days (a
 * non-half-hourly meter's reads) as consumption periods, bad rows refused with their line and reason. Throws
 * ImportFileError when the file is not EIEP13A or its header's count of detail records does not match.
 */
export function parseEiep13aBatches(source: TextSource) {
  const reader = new Eiep13aReader();
  return eiepBatches(source, FORMAT, (record, header) => {
    const events = reader.read(record);
    if (typeof events === 'string' || header.divisor === 1) return events;
    for (const event of events) {
      if (event.kind === 'reading') event.reading.value /= header.divisor;
      if (event.kind === 'period') event.row.quantity /= header.divisor;
    }
    return events;
  });
}

/** EIEP13A's events one by one. */
export const parseEiep13a = (source: TextSource) => eventsOf(parseEiep13aBatches(source));
