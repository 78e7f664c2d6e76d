import type { ImportEvent, IntervalReading, ReadingQuality } from './types';

/** NAESB ESPI's codes as Green Button files use them, and one IntervalReading as an import event. */

const KWH_PER_THERM = 29.307_107_017_2; // 100,000 BTU (IT) = 105.505585262 MJ
const UNIT_NAMES: Record<string, string> = {
  '38': 'W',
  '42': 'm3',
  '61': 'VA',
  '63': 'VAr',
  '65': 'power factor',
  '71': 'VAh',
  '119': 'ft3',
};
/** ESPI unit codes the import takes: Wh and VArh (electricity), therms (gas), to kWh or kVArh. */
const UNITS: Record<string, { quantity: IntervalReading['quantity']; perUnit: number }> = {
  '72': { quantity: 'kWh', perUnit: 0.001 },
  '73': { quantity: 'kVArh', perUnit: 0.001 },
  '169': { quantity: 'kWh', perUnit: KWH_PER_THERM },
};
/**
 * ESPI QualityOfReading codes as NEM12's flags: valid, raw, validated, verified and revenue quality are actual;
 * manually edited and derived substituted; estimated, questionable, projected, normalised and other estimated;
 * mixed variable.
 */
export const QUALITY_CODES: Record<string, ReadingQuality> = {
  '0': 'A',
  '14': 'A',
  '17': 'A',
  '18': 'A',
  '19': 'A',
  '7': 'S',
  '11': 'S',
  '8': 'E',
  '9': 'E',
  '10': 'E',
  '12': 'E',
  '15': 'E',
  '16': 'E',
  '13': 'V',
};
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A reading of whole minutes that divide an hour (5, 10, 15, 20, 30 or 60...) is interval data. */
const isInterval = (minutes: number) => Number.isInteger(minutes) && minutes >= 1 && 60 % minutes === 0;

/** The date an instant is midnight of under one of the offsets (ms), or null when it is midnight under none. */
function midnightDate(instantMs: number, offsets: number[]): string | null {
  const offset = offsets.find((o) => (instantMs + o) % DAY_MS === 0);
  return offset === undefined ? null : new Date(instantMs + offset).toISOString().slice(0, 10);
}

export interface ReadingTypeInfo {
  line: number;
  uom: string;
  power: number;
  flow: string;
}

/** An IntervalReading's text as the file gives it. */
export interface RawReading {
  line: number;
  start: string;
  duration: string;
  value: string;
  quality: string;
}

/** A ReadingType's fields (uom, powerOfTenMultiplier, ...) as what the import needs, or why it cannot take them. */
export function readReadingType(f: Record<string, string>, line: number): ReadingTypeInfo | string {
  const uom = f.uom ?? '';
  if (!UNITS[uom])
    return uom === '42' || uom === '119'
      ? `gas in ${UNIT_NAMES[uom]} cannot be read as kWh without its calorific value, which the file does not give (therms can)`
      : `unit code '${uom}'${UNIT_NAMES[uom] ? ` (${UNIT_NAMES[uom]})` : ''} is not energy in Wh, VArh or therms`;
  const power =
    f.powerOfTenMultiplier === undefined || f.powerOfTenMultiplier === ''
      ? 0
      : Number(f.powerOfTenMultiplier);
  if (!Number.isInteger(power) || Math.abs(power) > 12)
    return `powerOfTenMultiplier '${f.powerOfTenMultiplier}' is not a whole number`;
  const accumulation = f.accumulationBehaviour ?? '';
  if (['1', '2', '3'].includes(accumulation))
    return 'its readings are register totals (bulk or cumulative), not interval use';
  if (['6', '12'].includes(accumulation)) return 'its readings are instantaneous values, not interval use';
  const flow = f.flowDirection ?? '';
  if (!['', '0', '1', '4', '19'].includes(flow))
    return `flowDirection '${flow}' is neither forward (1) nor reverse (19)`;
  return { line, uom, power, flow };
}

/** The quantity and factor of a ReadingType's unit (one the import takes: readReadingType checked it). */
export const unitOf = (type: ReadingTypeInfo) => UNITS[type.uom] as (typeof UNITS)[string];

/** A value as the file writes it, in kWh or kVArh by its ReadingType's power of ten and unit. */
export function scaledValue(raw: number, type: ReadingTypeInfo): number {
  const { perUnit } = unitOf(type);
  const scaled = type.power >= 0 ? raw * 10 ** type.power : raw / 10 ** -type.power;
  return perUnit === 0.001 ? scaled / 1000 : scaled * perUnit;
}

/**
 * An IntervalReading as a reading (whole minutes dividing an hour, 5 to 60) or, from a local midnight to a later
 * one, a consumption period of whole days (a day of 23 or 25 hours where daylight saving changes, a billing
 * period of weeks); or the reason it is refused. `dayOffsets(instant)` gives the offsets from UTC (ms) of the
 * file's own clock that may be in force at an instant: a start and an end that fall on midnight under one of
 * them bound whole local days.
 */
export function convertReading(
  r: RawReading,
  type: ReadingTypeInfo,
  meterKey: string,
  register: string | null,
  dayOffsets: (instantMs: number) => number[],
): ImportEvent | string {
  const start = /^\d+$/.test(r.start) ? Number(r.start) : null;
  const duration = /^\d+$/.test(r.duration) ? Number(r.duration) : null;
  if (start === null || duration === null || duration === 0)
    return `timePeriod start '${r.start}' and duration '${r.duration}' are not whole seconds`;
  if (!/^[+-]?\d+(\.\d+)?$/.test(r.value)) return `value '${r.value}' is not a number`;
  const quality = QUALITY_CODES[r.quality];
  if (!quality) return `ReadingQuality '${r.quality}' is not an ESPI quality code`;
  const unit = unitOf(type);
  const value = scaledValue(Number(r.value), type);
  const startMs = start * 1000;
  const endMs = startMs + duration * 1000;
  const minutes = duration / 60;
  const direction = type.flow === '19' ? 'export' : 'import';
  if (isInterval(minutes) && startMs % MINUTE_MS === 0) {
    const { quantity } = unit;
    const reading = {
      line: r.line,
      meterKey,
      register,
      direction,
      quantity,
      startUtcMs: startMs,
      minutes,
      value,
      quality,
    } as const;
    return { kind: 'reading', reading };
  }
  const hours = Math.round((duration / 3600) * 100) / 100;
  if (duration < 82_800)
    return `an interval of ${Math.round(minutes * 100) / 100} minutes is neither 5 to 60 minutes nor whole days`;
  const from = midnightDate(startMs, dayOffsets(startMs));
  const next = midnightDate(endMs, dayOffsets(endMs));
  if (from === null || next === null || next <= from)
    return `a reading of ${hours} hours does not run from one local midnight to another, so it is neither interval data nor whole days`;
  if (unit.quantity !== 'kWh' || direction !== 'import')
    return `a reading of whole days of ${direction === 'export' ? 'exported energy' : 'reactive energy'} is not a consumption record`;
  const till = new Date(Date.parse(`${next}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  const estimated = quality !== 'A';
  return {
    kind: 'period',
    row: {
      line: r.line,
      meterKey,
      register,
      from,
      till,
      quantity: value,
      unit: 'kWh',
      cost: null,
      estimated,
    },
  };
}
