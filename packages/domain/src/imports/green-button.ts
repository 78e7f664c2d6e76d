import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { DEFAULT_TIME_ZONE, offsetMinutes } from '../time-zone';
import { convertReading, type RawReading, type ReadingTypeInfo, readReadingType } from './espi';
import { type Entry, runEvent, type Scanned, takePlain } from './espi-runs';
import { LineEnds, nextIntervalReading, readIntervalReading, spaceOnly } from './espi-scan';
import { ImportFileError } from './import-messages';
import { BATCH, eventsOf, PROGRESS_EVERY, type TextSource } from './records';
import type { ImportEvent } from './types';

/**
 * Green Button (NAESB ESPI) data: an Atom feed whose entries hold a UsagePoint (the meter; its title names it),
 * MeterReadings (a UsagePoint's channels, linked to their ReadingType), ReadingTypes (unit, power of ten,
 * interval length, flow direction) and IntervalBlocks of IntervalReadings (timePeriod start in UTC epoch
 * seconds and duration, value, ReadingQuality). Entries are tied together by their Atom links
 * (.../UsagePoint/1/MeterReading/1/IntervalBlock/...); where a file has no links, by order.
 */

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const keyOf = (href: string, pattern: RegExp) => pattern.exec(href)?.[1] ?? null;
const USAGE_POINT = /(UsagePoint\/[^/]+)/;
const METER_READING = /(UsagePoint\/[^/]+\/MeterReading\/[^/]+)/;
const READING_TYPE = /(ReadingType\/[^/]+)\/?$/;

/**
 * Reads a Green Button file as event arrays; `timeZone` (the organisation's) dates whole days in a file that
 * does not say its own zone.
 */
export async function* parseGreenButtonBatches(
  source: TextSource,
  { timeZone = DEFAULT_TIME_ZONE }: { timeZone?: string } = {},
): AsyncGenerator<ImportEvent[]> {
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
  /**
   * The offsets of the file's own clock that may be in force at an instant, which decide its days: its
   * LocalTimeParameters (standard, and standard plus daylight saving); a file without them is read in UTC (the
   * clock of its timestamps), then in the organisation's zone.
   */
  const dayOffsets = (instantMs: number) =>
    localOffsets.length > 0 ? localOffsets : [0, offsetMinutes(timeZone, new Date(instantMs)) * 60_000];
  let out: ImportEvent[] = [];
  let root: string | null = null;
  let seen = false;
  const stack: string[] = [];
  let text = '';
  let entry: Entry | null = null;
  let reading: RawReading | null = null;
  let lastProgress = 0;
  /** Characters written to the XML parser; its position after the last start or end tag; lines read past it. */
  let fed = 0;
  let tagEnd = -1;
  let skippedLines = 0;
  /** Whether everything written to the XML parser since its last tag is whitespace. */
  let spaceSinceTag = false;

  const parser = new SaxesParser({ position: true, xmlns: false });
  const line = () => parser.line + skippedLines;
  parser.on('error', (error) => {
    throw new ImportFileError(
      `The XML is not well formed at line ${line()}: ${error.message.replace(/^(.*?:)?\d+:\d+: /, '')}`,
      line(),
    );
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    tagEnd = parser.position;
    const name = localName(tag.name);
    text = '';
    if (!root) {
      root = name;
      if (name !== 'feed' && name !== 'entry')
        throw new ImportFileError(
          `This is not a Green Button (ESPI Atom) file: its root element is <${tag.name}>`,
          line(),
        );
    }
    const parent = stack[stack.length - 1];
    stack.push(name);
    if (name === 'entry')
      entry = { line: line(), links: [], title: '', resource: null, fields: {}, readings: [] };
    if (!entry) return;
    if (name === 'link' && parent === 'entry')
      entry.links.push({ rel: String(tag.attributes.rel ?? ''), href: String(tag.attributes.href ?? '') });
    else if (parent === 'content' && !entry.resource) entry.resource = name;
    else if (name === 'IntervalReading')
      reading = { line: line(), start: '', duration: '', value: '', quality: '0' };
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', () => {
    tagEnd = parser.position;
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
        readingTypes.set(key, readReadingType(e.fields, e.line));
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
        for (const line of 'raws' in r ? r.lines : [r.line])
          out.push(refuse(line, `the IntervalBlock's ${missing} is not in the file`));
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
    for (const r of e.readings) {
      if ('raws' in r) {
        out.push(runEvent(r, type, meterKey, register));
        continue;
      }
      const event = convertReading(r, type, meterKey, register, dayOffsets);
      out.push(typeof event === 'string' ? refuse(r.line, event) : event);
    }
    return true;
  }

  function feed(text: string, from: number, to: number) {
    if (to <= from) return;
    const before = fed;
    parser.write(from === 0 && to === text.length ? text : text.slice(from, to));
    fed += to - from;
    spaceSinceTag =
      tagEnd > before
        ? spaceOnly(text, from + tagEnd - before, to)
        : spaceSinceTag && spaceOnly(text, from, to);
  }

  /**
   * Writes a piece of the file to the XML parser, but reads an IntervalReading of the usual shape itself
   * (espi-scan.ts) where the parser stands between tags inside an IntervalBlock; answers the end of the piece
   * that must wait for the next (a tag or such an element cut by the piece's end).
   */
  const scanned: Scanned = { start: 0, duration: 0, raw: 0, quality: 0 };
  function take(text: string, final: boolean): string {
    let from = 0;
    const lineEnds = new LineEnds(text);
    for (let found = nextIntervalReading(text, 0); found; found = nextIntervalReading(text, found.at + 1)) {
      feed(text, from, found.at);
      from = found.at;
      if (!entry || reading || stack[stack.length - 1] !== 'IntervalBlock' || !spaceSinceTag) continue;
      // A plain reading joins its block's run; another of the usual shape is read here; the rest by saxes.
      const items = (entry as Entry).readings;
      let end = takePlain(text, found.at, found.prefix, items, line(), scanned);
      if (end === 0) {
        const read = readIntervalReading(text, found.at, found.prefix, line());
        if (read.end < 0) {
          if (!final && text.length - found.at < 65_536) return text.slice(found.at);
          break;
        }
        if (!read.reading) continue;
        items.push(read.reading);
        end = read.end;
      }
      skippedLines += lineEnds.between(found.at, end);
      from = end;
      spaceSinceTag = true;
    }
    const lt = text.lastIndexOf('<');
    if (!final && lt >= from && text.length - lt < 65_536 && text.indexOf('>', lt) < 0) {
      feed(text, from, lt);
      return text.slice(lt);
    }
    feed(text, from, text.length);
    return '';
  }

  const decoder = new TextDecoder('utf-8');
  let first = true;
  let carry = '';
  for await (const chunk of source) {
    let piece = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && piece.charCodeAt(0) === 0xfeff) piece = piece.slice(1);
    if (piece) first = false;
    carry = take(carry + piece, false);
    if (Math.floor(line() / PROGRESS_EVERY) > Math.floor(lastProgress / PROGRESS_EVERY)) {
      lastProgress = line();
      out.push({ kind: 'progress', lines: lastProgress });
    }
    if (out.length >= BATCH) {
      yield out;
      out = [];
    }
  }
  take(carry + decoder.decode(), true);
  if (!root) throw new ImportFileError('The file is empty');
  // The file's lines, before closing the parser starts its count again.
  const lines = line();
  try {
    parser.close();
  } catch (error) {
    if (stack.length && error instanceof ImportFileError)
      throw new ImportFileError(
        `The file ends inside <${stack[stack.length - 1]}>: it may have been cut short`,
        line(),
      );
    throw error;
  }
  if (!seen)
    throw new ImportFileError(
      'The file has no UsagePoint or IntervalBlock: it is not Green Button usage data',
    );
  for (const p of pending) emitBlock(p.meterReading, p.entry, true);
  out.push({ kind: 'progress', lines });
  yield out;
}

/** Green Button's events one by one. */
export const parseGreenButton = (source: TextSource, options: { timeZone?: string } = {}) =>
  eventsOf(parseGreenButtonBatches(source, options));

function refuse(line: number, reason: string): ImportEvent {
  return { kind: 'refused', row: { line, reason } };
}
