import { localDayBounds } from '../time-zone';
import { eiepBatches, eiepDirection, eiepQuality, optionalField, reactiveRegister } from './eiep';
import {
  type CsvRecord,
  dayFirstDate,
  decimal,
  eventsOf,
  shownDate,
  type TextSource,
  wholeNumber,
} from './records';
import type { ImportEvent, IntervalReading } from './types';

/**
 * EIEP3, the Electricity Authority's half-hour metering information file (HDR file type ICPHH, versions 10 and
 * 11). HDR: HDR, ICPHH, version, sender, sender on behalf of, recipient, report run date, report run time,
 * unique identifier, number of detail records, report month, utility type, file status. DET records: DET, ICP,
 * data stream identifier, reading type, date (dd/MM/yyyy), trading period, active energy (kWh), reactive energy
 * (kVArh), apparent energy (kVAh, not read), flow direction (X or I), data stream type. Optional columns come
 * empty or as the literal `null`. Trading periods are half hours counted from local midnight in New Zealand: 48
 * a day, 46 on the day daylight time starts and 50 on the day it ends.
 *
 * Some participants write each period twice, once in kWh and once in Wh (the same figure times 1,000, next to
 * each other in the file): such a pair is one reading, in kWh, not a reading given twice.
 */

export const NEW_ZEALAND = 'Pacific/Auckland';
const HALF_HOUR_MS = 1_800_000;

const FORMAT = { name: 'EIEP3', fileTypes: ['ICPHH'], countField: 9 } as const;

/** A row read, with what tells its kWh/Wh twin: its channel and period, and its active energy as written. */
interface Row {
  key: string;
  active: string;
  readings: IntervalReading[];
}

function read(record: CsvRecord, divisor: number): Row | string {
  const { line, fields } = record;
  const [, icpField, streamField, typeField, dateField, periodField, activeField, reactiveField] = fields;
  const icp = (icpField ?? '').trim();
  if (icp === '') return 'the ICP is missing';
  const date = dayFirstDate(dateField);
  if (!date) return `date '${dateField ?? ''}' is not a real date (dd/MM/yyyy)`;
  const { startMs, endMs } = localDayBounds(NEW_ZEALAND, date);
  const periods = Math.round((endMs - startMs) / HALF_HOUR_MS);
  const period = wholeNumber(periodField);
  if (period === null || period < 1 || period > periods)
    return `trading period '${periodField ?? ''}' is not 1 to ${periods} on ${shownDate(date)}${periods === 48 ? '' : ` (daylight time ${periods === 46 ? 'starts' : 'ends'} that day)`}`;
  const quality = eiepQuality(typeField);
  if (!quality) return `reading type '${typeField ?? ''}' is not actual (F, RD) or estimated (E, ES)`;
  const direction = eiepDirection(fields[9]);
  if (!direction) return `flow direction '${fields[9] ?? ''}' is not X (extraction) or I (injection)`;
  const activeText = optionalField(activeField);
  const active = decimal(activeText);
  if (active === null)
    return activeText === ''
      ? 'the active energy is missing'
      : `active energy '${activeText}' is not a number`;
  const reactiveText = optionalField(reactiveField);
  const reactive = reactiveText === '' ? null : decimal(reactiveText);
  if (reactive === null && reactiveText !== '') return `reactive energy '${reactiveText}' is not a number`;
  const register = optionalField(streamField) || null;
  const base = {
    line,
    meterKey: icp,
    register,
    direction,
    startUtcMs: startMs + (period - 1) * HALF_HOUR_MS,
    minutes: 30,
    quality,
  };
  const readings: IntervalReading[] = [{ ...base, quantity: 'kWh', value: active / divisor }];
  if (reactive !== null)
    readings.push({
      ...base,
      register: reactiveRegister(base.register),
      quantity: 'kVArh',
      value: reactive / divisor,
    });
  return { key: `${icp}|${register}|${date}|${period}|${direction}`, active: activeText, readings };
}

const decimals = (text: string) => text.split('.')[1]?.length ?? 0;

/**
 * Whether two rows of one period are the same figure in kWh and in Wh: the larger is the smaller times 1,000,
 * to the precision the smaller is written with. Answers the kWh row, or null when they are not such a pair.
 */
function kwhOfPair(a: Row, b: Row): Row | null {
  const [x, y] = [Number(a.active), Number(b.active)];
  const [small, big] = Math.abs(x) <= Math.abs(y) ? [a, b] : [b, a];
  const tolerance = 0.5 * 10 ** -decimals(small.active) + 1e-9;
  return Math.abs(Number(big.active) / 1000 - Number(small.active)) <= tolerance ? small : null;
}

const asEvents = (row: Row): ImportEvent[] => row.readings.map((reading) => ({ kind: 'reading', reading }));

/**
 * Reads an EIEP3 file as event arrays: each DET row as its active energy reading (and its reactive energy
 * reading when the row has one), a kWh row and its Wh twin as one, each bad row refused with its line and
 * reason. Throws ImportFileError when the file is not EIEP3 or its header's count of detail records does not
 * match (a truncated file).
 */
export function parseEiep3Batches(source: TextSource) {
  // A row is held until the next one shows whether it is its twin.
  let held: Row | null = null;
  const release = () => {
    const events = held ? asEvents(held) : [];
    held = null;
    return events;
  };
  return eiepBatches(
    source,
    FORMAT,
    (record, header) => {
      const row = read(record, header.divisor);
      if (typeof row === 'string')
        return [...release(), { kind: 'refused', row: { line: record.line, reason: row } }];
      const previous: Row | null = held;
      if (previous && previous.key === row.key) {
        const kwh = kwhOfPair(previous, row);
        if (kwh) {
          held = null;
          return asEvents(kwh);
        }
      }
      const events = release();
      held = row;
      return events;
    },
    release,
  );
}

/** EIEP3's events one by one. */
export const parseEiep3 = (source: TextSource) => eventsOf(parseEiep3Batches(source));
