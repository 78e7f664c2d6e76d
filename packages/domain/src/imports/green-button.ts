import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { DEFAULT_TIME_ZONE, offsetMinutes } from '../time-zone';
import { ImportFileError } from './errors';
import { PROGRESS_EVERY, type TextSource } from './records';
import type { ImportEvent, IntervalReading, ReadingQuality } from './types';

/**
 * Green Button (NAESB ESPI) data: an Atom feed whose entries hold a UsagePoint (the meter; its title names it),
 * MeterReadings (a UsagePoint's channels, linked to their ReadingType), ReadingTypes (unit, power of ten,
 * interval length, flow direction) and IntervalBlocks of IntervalReadings (timePeriod start in UTC epoch
 * seconds and duration, value, ReadingQuality). Entries are tied together by their Atom links
 * (.../UsagePoint/1/MeterReading/1/IntervalBlock/...); where a file has no links, by order.
 */

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
/** ESPI QualityOfReading codes as NEM12's flags. */
const QUALITY: Record<string, ReadingQuality> = {
  '0': 'A',
  '14': 'A',
  '17': 'A',
  '18': 'A',
  '19': 'A', // valid, raw, validated, verified, revenue quality
  '7': 'S',
  '11': 'S', // manually edited, derived
  '8': 'E',
  '9': 'E',
  '10': 'E',
  '12': 'E',
  '15': 'E',
  '16': 'E', // estimated, questionable, projected, normalised, other
  '13': 'V', // mixed
};
const INTERVALS = new Set([5, 15, 30, 60]);

interface ReadingTypeInfo {
  line: number;
  uom: string;
  power: number;
  flow: string;
  accumulation: string;
}

interface RawReading {
  line: number;
  start: string;
  duration: string;
  value: string;
  quality: string;
}

interface Entry {
  line: number;
  links: { rel: string; href: string }[];
  title: string;
  resource: string | null;
  fields: Record<string, string>;
  readings: RawReading[];
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const keyOf = (href: string, pattern: RegExp) => pattern.exec(href)?.[1] ?? null;
const USAGE_POINT = /(UsagePoint\/[^/]+)/;
const METER_READING = /(UsagePoint\/[^/]+\/MeterReading\/[^/]+)/;
const READING_TYPE = /(ReadingType\/[^/]+)\/?$/;

/** Reads a Green Button file; `timeZone` places readings of whole days on dates (the organisation's zone). */
export async function* parseGreenButton(
  source: TextSource,
  { timeZone = DEFAULT_TIME_ZONE }: { timeZone?: string } = {},
): AsyncGenerator<ImportEvent> {
  const usagePoints = new Map<string, { title: string }>();
  const meterReadings = new Map<string, { usagePoint: string | null; readingType: string | null }>();
  const readingTypes = new Map<string, ReadingTypeInfo | string>();
  const last: { usagePoint: string | null; meterReading: string | null; readingType: string | null } = {
    usagePoint: null,
    meterReading: null,
    readingType: null,
  };
  const pending: { meterReading: string | null; entry: Entry }[] = [];
  const refusedTypes = new Set<string>();
  const localOffsets: number[] = [];
  let out: ImportEvent[] = [];
  let root: string | null = null;
  let seen = false;
  const stack: string[] = [];
  let text = '';
  let entry: Entry | null = null;
  let reading: RawReading | null = null;
  let lastProgress = 0;

  const parser = new SaxesParser({ position: true, xmlns: false });
  parser.on('error', (error) => {
    throw new ImportFileError(
      `The XML is not well formed at line ${parser.line}: ${error.message.replace(/^(.*?:)?\d+:\d+: /, '')}`,
      parser.line,
    );
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    text = '';
    if (!root) {
      root = name;
      if (name !== 'feed' && name !== 'entry')
        throw new ImportFileError(
          `This is not a Green Button (ESPI Atom) file: its root element is <${tag.name}>`,
          parser.line,
        );
    }
    const parent = stack[stack.length - 1];
    stack.push(name);
    if (name === 'entry')
      entry = { line: parser.line, links: [], title: '', resource: null, fields: {}, readings: [] };
    if (!entry) return;
    if (name === 'link' && parent === 'entry')
      entry.links.push({ rel: String(tag.attributes.rel ?? ''), href: String(tag.attributes.href ?? '') });
    else if (parent === 'content' && !entry.resource) entry.resource = name;
    else if (name === 'IntervalReading')
      reading = { line: parser.line, start: '', duration: '', value: '', quality: '0' };
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', () => {
    const name = stack.pop() as string;
    const parent = stack[stack.length - 1];
    const value = text.trim();
    text = '';
    if (!entry) return;
    if (name === 'title' && parent === 'entry') entry.title = value;
    else if (reading && parent === 'timePeriod' && (name === 'start' || name === 'duration'))
      reading[name] = value;
    else if (reading && name === 'value' && parent === 'IntervalReading') reading.value = value;
    else if (reading && name === 'quality' && parent === 'ReadingQuality') reading.quality = value;
    else if (name === 'IntervalReading' && reading) {
      entry.readings.push(reading);
      reading = null;
    } else if (parent === entry.resource) entry.fields[name] = value;
    else if (name === 'entry') {
      finishEntry(entry);
      entry = null;
    }
  });

  const link = (e: Entry, rel: string, pattern: RegExp) => {
    for (const l of e.links) if (l.rel === rel) return keyOf(l.href, pattern);
    return null;
  };

  function finishEntry(e: Entry) {
    const self = link(e, 'self', /(.*)/) ?? '';
    switch (e.resource) {
      case 'UsagePoint': {
        const key = keyOf(self, USAGE_POINT) ?? `UsagePoint/#${usagePoints.size + 1}`;
        usagePoints.set(key, { title: e.title });
        last.usagePoint = key;
        seen = true;
        break;
      }
      case 'MeterReading': {
        const key =
          keyOf(self, METER_READING) ?? `${last.usagePoint}/MeterReading/#${meterReadings.size + 1}`;
        const readingType = link(e, 'related', READING_TYPE);
        meterReadings.set(key, { usagePoint: keyOf(key, USAGE_POINT) ?? last.usagePoint, readingType });
        last.meterReading = key;
        break;
      }
      case 'ReadingType': {
        const key = keyOf(self, READING_TYPE) ?? `ReadingType/#${readingTypes.size + 1}`;
        readingTypes.set(key, readReadingType(e));
        last.readingType = key;
        break;
      }
      case 'LocalTimeParameters': {
        const tz = Number(e.fields.tzOffset);
        const dst = Number(e.fields.dstOffset ?? 0);
        if (Number.isFinite(tz)) localOffsets.push(tz * 1000, (tz + (Number.isFinite(dst) ? dst : 0)) * 1000);
        break;
      }
      case 'IntervalBlock': {
        seen = true;
        const key = link(e, 'self', METER_READING) ?? link(e, 'up', METER_READING) ?? last.meterReading;
        if (!emitBlock(key, e)) pending.push({ meterReading: key, entry: e });
        break;
      }
    }
  }

  function readReadingType(e: Entry): ReadingTypeInfo | string {
    const f = e.fields;
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
    return { line: e.line, uom, power, flow, accumulation };
  }

  /** Emits a block's readings when its meter reading, reading type and usage point are known. */
  function emitBlock(meterReadingKey: string | null, e: Entry, final = false): boolean {
    const mr = meterReadingKey ? meterReadings.get(meterReadingKey) : undefined;
    const typeKey = mr ? (mr.readingType ?? last.readingType) : null;
    const type = typeKey ? readingTypes.get(typeKey) : undefined;
    const upKey = mr?.usagePoint ?? null;
    const up = upKey ? usagePoints.get(upKey) : undefined;
    if (!mr || !type || !up) {
      if (!final) return false;
      const missing = !mr ? 'MeterReading' : !type ? 'ReadingType' : 'UsagePoint';
      for (const r of e.readings)
        out.push(refuse(r.line, `the IntervalBlock's ${missing} is not in the file`));
      return true;
    }
    if (typeof type === 'string') {
      if (!refusedTypes.has(typeKey as string)) {
        refusedTypes.add(typeKey as string);
        out.push(refuse(e.line, `ReadingType ${typeKey}: ${type}; its interval data is not read`));
      }
      return true;
    }
    const meterKey = up.title || (upKey as string);
    const register = (meterReadingKey ?? '').split('/').pop()?.replace(/^#/, '') || null;
    for (const r of e.readings) out.push(convert(r, type, meterKey, register));
    return true;
  }

  function convert(
    r: RawReading,
    type: ReadingTypeInfo,
    meterKey: string,
    register: string | null,
  ): ImportEvent {
    const start = /^\d+$/.test(r.start) ? Number(r.start) : null;
    const duration = /^\d+$/.test(r.duration) ? Number(r.duration) : null;
    if (start === null || duration === null || duration === 0)
      return refuse(
        r.line,
        `timePeriod start '${r.start}' and duration '${r.duration}' are not whole seconds`,
      );
    if (!/^[+-]?\d+(\.\d+)?$/.test(r.value)) return refuse(r.line, `value '${r.value}' is not a number`);
    const quality = QUALITY[r.quality];
    if (!quality) return refuse(r.line, `ReadingQuality '${r.quality}' is not an ESPI quality code`);
    const unit = UNITS[type.uom] as (typeof UNITS)[string];
    const raw = Number(r.value);
    const scaled = type.power >= 0 ? raw * 10 ** type.power : raw / 10 ** -type.power;
    const value = unit.perUnit === 0.001 ? scaled / 1000 : scaled * unit.perUnit;
    const startMs = start * 1000;
    const minutes = duration / 60;
    const direction = type.flow === '19' ? 'export' : 'import';
    if (INTERVALS.has(minutes) && startMs % 60_000 === 0) {
      const reading = {
        line: r.line,
        meterKey,
        register,
        direction,
        quantity: unit.quantity,
        startUtcMs: startMs,
        minutes,
        value,
        quality,
      } as const;
      return { kind: 'reading', reading };
    }
    if (duration % 86_400 === 0 && unit.quantity === 'kWh' && direction === 'import') {
      const offsets = [offsetMinutes(timeZone, new Date(startMs)) * 60_000, ...localOffsets];
      const offset = offsets.find((o) => (startMs + o) % 86_400_000 === 0);
      if (offset === undefined)
        return refuse(r.line, 'a reading of whole days does not start at local midnight');
      const from = new Date(startMs + offset).toISOString().slice(0, 10);
      const till = new Date(startMs + offset + duration * 1000 - 86_400_000).toISOString().slice(0, 10);
      const estimated = quality !== 'A';
      return {
        kind: 'period',
        row: { line: r.line, meterKey, from, till, quantity: value, unit: 'kWh', cost: null, estimated },
      };
    }
    return refuse(
      r.line,
      `an interval of ${Math.round(minutes * 100) / 100} minutes is neither 5, 15, 30 or 60 minutes nor whole days`,
    );
  }

  const decoder = new TextDecoder('utf-8');
  let first = true;
  for await (const chunk of source) {
    let piece = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && piece.charCodeAt(0) === 0xfeff) piece = piece.slice(1);
    if (piece) first = false;
    parser.write(piece);
    if (out.length) {
      yield* out;
      out = [];
    }
    if (Math.floor(parser.line / PROGRESS_EVERY) > Math.floor(lastProgress / PROGRESS_EVERY)) {
      lastProgress = parser.line;
      yield { kind: 'progress', lines: parser.line };
    }
  }
  parser.write(decoder.decode());
  if (!root) throw new ImportFileError('The file is empty');
  try {
    parser.close();
  } catch (error) {
    if (stack.length && error instanceof ImportFileError)
      throw new ImportFileError(
        `The file ends inside <${stack[stack.length - 1]}>: it may have been cut short`,
        parser.line,
      );
    throw error;
  }
  if (!seen)
    throw new ImportFileError(
      'The file has no UsagePoint or IntervalBlock: it is not Green Button usage data',
    );
  for (const p of pending) emitBlock(p.meterReading, p.entry, true);
  yield* out;
  yield { kind: 'progress', lines: parser.line };
}

function refuse(line: number, reason: string): ImportEvent {
  return { kind: 'refused', row: { line, reason } };
}
