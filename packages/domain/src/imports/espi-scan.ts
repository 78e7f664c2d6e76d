import type { RawReading } from './espi';

/**
 * A fast path past the XML parser for Green Button's bulk: an IntervalReading element written in its usual
 * shape (cost, one ReadingQuality, timePeriod of duration and start, value; whitespace and comments between
 * them; no attributes, entities or CDATA) is read with one regular expression, and the XML parser never sees it.
 * Any other shape goes to the XML parser as before. saxes, the fastest streaming XML parser measured on ESPI
 * files (docs/performance.md, Green Button's reader), tokenises about 100 MB/s; most of a file is these
 * elements.
 */

const WS = '[ \\t\\r\\n]*';
const patterns = new Map<string, { body: RegExp; close: string }>();

/** The patterns of an element prefix ('' or 'espi:'). */
function patternsOf(prefix: string) {
  let found = patterns.get(prefix);
  if (!found) {
    const p = prefix.replace(/[.]/g, '\\.');
    const el = (name: string, inner: string) => `<${p}${name}>${WS}${inner}${WS}</${p}${name}>`;
    found = {
      body: new RegExp(
        `^${WS}(?:${el('cost', '-?\\d+')}${WS})?(?:${el('ReadingQuality', el('quality', '(\\d+)'))}${WS})?${el(
          'timePeriod',
          `${el('duration', '(\\d+)')}${WS}${el('start', '(\\d+)')}`,
        )}${WS}${el('value', '([+-]?\\d+(?:\\.\\d+)?)')}${WS}$`,
      ),
      close: `</${prefix}IntervalReading>`,
    };
    patterns.set(prefix, found);
  }
  return found;
}

/** An entity or character reference, CDATA, a processing instruction, a comment (the one allowed), a doctype. */
const SPECIAL = /&|<!--|<!|<\?/;

const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[\w.-]/;
/**
 * Where the next IntervalReading start tag (any prefix: `<IntervalReading>`, `<espi:IntervalReading>`) begins
 * in `text` from `from`, with its prefix; found by `indexOf` of its name, then its '<' and prefix looked for
 * before it (a regular expression over every '<' of the file cost more than the rest of the scan).
 */
export function nextIntervalReading(text: string, from: number): { at: number; prefix: string } | null {
  for (let name = text.indexOf('IntervalReading>', from); name >= 0; ) {
    let at = name - 1;
    if (text.charCodeAt(at) === 58) {
      // ':' ends a prefix: a name of [A-Za-z_][\w.-]* after the '<'.
      let k = at - 1;
      while (k >= 0 && NAME_CHAR.test(text.charAt(k))) k--;
      at = k < at - 1 && NAME_START.test(text.charAt(k + 1)) ? k : -1;
    }
    if (at >= from && text.charCodeAt(at) === 60) return { at, prefix: text.slice(at + 1, name) };
    name = text.indexOf('IntervalReading>', name + 1);
  }
  return null;
}

/** Whether text[from..to) is XML whitespace only. */
export function spaceOnly(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return false;
  }
  return true;
}

/** Lines a text spans past its first, counted as XML counts line ends (CRLF, LF or CR alone). */
export function lineBreaks(text: string, from = 0, to = text.length): number {
  let n = 0;
  const cr = text.indexOf('\r', from);
  if (cr >= 0 && cr < to) {
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n += 1;
    }
    return n;
  }
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}

/**
 * The IntervalReading element at `at` (its start tag's prefix `prefix`): its end (past the end tag) and the
 * reading, when it has the usual shape; `end` -1 when its end tag is not in `text` yet; `reading` null when the
 * XML parser must read it.
 */
export function readIntervalReading(
  text: string,
  at: number,
  prefix: string,
  line: number,
): { end: number; reading: RawReading | null } {
  const { close, body } = patternsOf(prefix);
  const start = at + prefix.length + 17; // '<' 'IntervalReading>'
  const closeAt = text.indexOf(close, start);
  if (closeAt < 0) return { end: -1, reading: null };
  const end = closeAt + close.length;
  let inner = text.slice(start, closeAt);
  const odd = SPECIAL.exec(inner);
  if (odd && odd[0] !== '<!--') return { end, reading: null };
  if (odd) {
    inner = inner.replace(/<!--(?:[^-]|-(?!-))*-->/g, '');
    if (SPECIAL.test(inner) || inner.includes('-->')) return { end, reading: null };
  }
  const m = body.exec(inner);
  if (!m) return { end, reading: null };
  return {
    end,
    reading: {
      line,
      start: m[3] as string,
      duration: m[2] as string,
      value: m[4] as string,
      quality: m[1] ?? '0',
    },
  };
}

/**
 * Line ends of a text counted range by range in order (as `lineBreaks`: CRLF, LF or CR alone), each line end
 * looked for once: an element's range on a long line no longer searches on to the line's end. Ranges go
 * forward; a CRLF split between two ranges counts in the range holding its LF.
 */
export class LineEnds {
  private nextLf = -1;
  private nextCr = -1;
  constructor(private readonly text: string) {}

  between(from: number, to: number): number {
    const { text } = this;
    if (this.nextLf < from) this.nextLf = text.indexOf('\n', from);
    if (this.nextLf < 0) this.nextLf = Number.POSITIVE_INFINITY;
    if (this.nextCr < from) this.nextCr = text.indexOf('\r', from);
    if (this.nextCr < 0) this.nextCr = Number.POSITIVE_INFINITY;
    let n = 0;
    while (this.nextLf < to) {
      n += 1;
      this.nextLf = text.indexOf('\n', this.nextLf + 1);
      if (this.nextLf < 0) this.nextLf = Number.POSITIVE_INFINITY;
    }
    // A CR alone is a line end; one before an LF is the CRLF's, counted with the LF.
    while (this.nextCr < to) {
      if (text.charCodeAt(this.nextCr + 1) !== 10) n += 1;
      this.nextCr = text.indexOf('\r', this.nextCr + 1);
      if (this.nextCr < 0) this.nextCr = Number.POSITIVE_INFINITY;
    }
    return n;
  }
}
