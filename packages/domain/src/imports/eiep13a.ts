import { instantsOfLocalTime } from '../time-zone';
import { eiepBatches, eiepDirection, eiepQuality, optionalField, reactiveRegister } from './eiep';
import { NEW_ZEALAND } from './eiep3';
import { type CsvRecord, dayFirstDate, decimal, eventsOf, type TextSource } from './records';
import type { ImportEvent, IntervalReading } from './types';

/**
 * EIEP13A, the consumption file a New Zealand retailer sends a customer (or their agent) who asks for their own
 * data (HDR file type ICPCONS), as the Electricity Authority publishes it. HDR: HDR, ICPCONS, version, sender,
 * sender on behalf of, recipient, report run date, request identifier, number of detail records, data period
 * start, data period end (there is no run time). DET: DET, consumer authorisation code, ICP, response code,
 * NZDT adjustment, metering component serial number, energy flow direction, register content code, period of
 * availability, read period start and end (dd/MM/yyyy HH:mm:ss, local time), read status (RD actual, ES
 * estimated), unit quantity active energy (kWh), unit quantity reactive energy (kVArh). A response code other
 * than 000 is the retailer refusing the request, and the row carries no consumption.
 *
 * Times are local: the NZDT adjustment says whether a row's times are daylight (NZDT) or standard (NZST) time.
 * Where it is blank, the hour repeated when daylight time ends is read in file order: the first row for a time
 * is daylight time, the second standard time.
 */

const FORMAT = { name: 'EIEP13A', fileTypes: ['ICPCONS', 'ICPCONSA', 'EIEP13A'], countField: 8 } as const;
const FIELD = {
  icp: 2,
  response: 3,
  nzdt: 4,
  serial: 5,
  flow: 6,
  register: 7,
  start: 9,
  end: 10,
  status: 11,
  active: 12,
  reactive: 13,
} as const;
const RESPONSES: Record<string, string> = {
  '001': 'no ICP or address and customer match',
  '002': 'no ICP match',
  '003': 'no customer match',
  '004': 'no authority',
};
const DATE_TIME = /^\s*(\d{1,2}\/\d{1,2}\/\d{4})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/;
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
    const field = (name: keyof typeof FIELD) => optionalField(fields[FIELD[name]]);
    const icp = field('icp');
    if (icp === '') return 'the ICP is missing';
    const response = field('response');
    if (response !== '' && response !== '000' && response !== '0')
      return `the retailer refused the request (response code ${response}${RESPONSES[response] ? `: ${RESPONSES[response]}` : ''}); the row has no consumption`;
    const offset = offsetOf(field('nzdt'));
    if (offset === undefined) return `NZDT adjustment '${field('nzdt')}' is not NZDT, NZST or blank`;
    const start = wallTime(field('start'), false);
    if (!start) return `read period start '${field('start')}' is not a date and time (dd/MM/yyyy HH:mm:ss)`;
    const end = wallTime(field('end'), true);
    if (!end) return `read period end '${field('end')}' is not a date and time (dd/MM/yyyy HH:mm:ss)`;
    const direction = eiepDirection(field('flow'));
    if (!direction) return `energy flow direction '${field('flow')}' is not X (extraction) or I (injection)`;
    const quality = eiepQuality(field('status'));
    if (!quality) return `read status '${field('status')}' is not RD (actual) or ES (estimated)`;
    const active = decimal(field('active'));
    if (active === null) return `active energy '${field('active')}' is not a number`;
    const reactiveText = field('reactive');
    const reactive = reactiveText === '' ? null : decimal(reactiveText);
    if (reactiveText !== '' && reactive === null) return `reactive energy '${reactiveText}' is not a number`;
    const register = [field('serial'), field('register')].filter(Boolean).join(' ');

    const endWall = end.minutes >= 1440 ? { date: nextDay(end.date), minutes: end.minutes - 1440 } : end;
    if (start.minutes === 0 && endWall.minutes === 0 && endWall.date > start.date) {
      if (direction === 'export') return 'exported energy (I) over whole days is not a consumption record';
      const till = new Date(Date.parse(`${endWall.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      const estimated = quality !== 'A';
      const row = {
        line,
        meterKey: icp,
        register: register || null,
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
    if (startMs === null) return `${field('start')} does not exist in New Zealand: daylight time starts then`;
    const endMs = this.instant(end, offset, null, startMs);
    const minutes = endMs === null ? 0 : (endMs - startMs) / 60_000;
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60 || 60 % minutes !== 0)
      return `read period ${field('start')} to ${field('end')} is neither 5 to 60 minutes nor whole days`;
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
    if (reactive !== null)
      readings.push({
        ...base,
        register: reactiveRegister(base.register),
        quantity: 'kVArh',
        value: reactive,
      });
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
