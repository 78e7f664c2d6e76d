import { localDayBounds } from '../time-zone';
import { eiepBatches, eiepDirection, eiepQuality } from './eiep';
import {
  type CsvRecord,
  dayFirstDate,
  decimal,
  eventsOf,
  shownDate,
  type TextSource,
  wholeNumber,
} from './records';
import type { IntervalReading } from './types';

/**
 * EIEP3, the Electricity Authority's half-hour metering information file (HDR file type ICPHH). DET records:
 * DET, ICP, data stream identifier, reading type, date (dd/MM/yyyy), trading period, active energy (kWh),
 * reactive energy (kVArh), apparent energy (kVAh, not read), flow direction (X or I), data stream type.
 * Trading periods are half hours counted from local midnight in New Zealand: 48 a day, 46 on the day daylight
 * time starts and 50 on the day it ends.
 */

export const NEW_ZEALAND = 'Pacific/Auckland';
const HALF_HOUR_MS = 1_800_000;

const FORMAT = { name: 'EIEP3', fileTypes: ['ICPHH'] } as const;

function read(record: CsvRecord, divisor: number): IntervalReading[] | string {
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
  const active = decimal(activeField);
  if (active === null)
    return (activeField ?? '').trim() === ''
      ? 'the active energy is missing'
      : `active energy '${activeField}' is not a number`;
  const reactive = (reactiveField ?? '').trim() === '' ? null : decimal(reactiveField);
  if (reactive === null && (reactiveField ?? '').trim() !== '')
    return `reactive energy '${reactiveField}' is not a number`;
  const base = {
    line,
    meterKey: icp,
    register: (streamField ?? '').trim() || null,
    direction,
    startUtcMs: startMs + (period - 1) * HALF_HOUR_MS,
    minutes: 30,
    quality,
  };
  const readings: IntervalReading[] = [{ ...base, quantity: 'kWh', value: active / divisor }];
  if (reactive !== null) readings.push({ ...base, quantity: 'kVArh', value: reactive / divisor });
  return readings;
}

/**
 * Reads an EIEP3 file as event arrays: each DET row as its active energy reading (and its reactive energy
 * reading when the row has one), each bad row refused with its line and reason. Throws ImportFileError when the
 * file is not EIEP3 or its header's count of detail records does not match (a truncated file).
 */
export const parseEiep3Batches = (source: TextSource) =>
  eiepBatches(source, FORMAT, (record, header) => {
    const readings = read(record, header.divisor);
    return typeof readings === 'string'
      ? readings
      : readings.map((reading) => ({ kind: 'reading', reading }));
  });

/** EIEP3's events one by one. */
export const parseEiep3 = (source: TextSource) => eventsOf(parseEiep3Batches(source));
