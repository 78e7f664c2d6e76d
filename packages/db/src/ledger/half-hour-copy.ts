/**
 * A load's days as rows of COPY's binary format (PostgreSQL's COPY, "Binary Format"; docs/decisions/half-hour.md,
 * Days sent in COPY's binary format): each half hour goes as the four bytes of its `real`, so neither side turns
 * 48 numbers a day into text and back. The rows are the ones the text lines were, value for value.
 */

/** One meter's register on one standard-time day: 48 half hours, null where a half hour is missing. */
export interface HalfHourDay {
  meterId: number;
  register: number;
  date: string;
  kwh: readonly (number | null)[];
  kw?: readonly (number | null)[] | null;
  pf?: readonly (number | null)[] | null;
  /**
   * One character per half hour (A, D, E, S, F or V; a space where the half hour is missing); null or absent
   * when every present half hour is actual.
   */
  quality?: string | null;
  /**
   * The half hours a file gave only part of: { "<half hour>": [minutes given as a 30-bit mask, their quality] }
   * (imports' parts of a half hour, already merged with what is stored); absent or null when none is partial.
   */
  parts?: Record<string, [number, string]> | null;
}

/** The file header: the signature, no flags, no header extension. */
export const COPY_HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
/** The file trailer: a field count of -1. */
export const COPY_TRAILER = Buffer.from([0xff, 0xff]);

const FLOAT4_OID = 700;
/** PostgreSQL's dates count days from 2000-01-01. */
const PG_EPOCH_DAY = Date.UTC(2000, 0, 1) / 86_400_000;
const FLOAT4_MAX = 3.4028234663852886e38;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const SPACE = 32;
/** The flag's character codes: A actual, D derived, E estimated, S substituted, F final substituted, V variable. */
const [A, D, E, S, F, V] = [...'ADESFV'].map((c) => c.charCodeAt(0));

/**
 * A day's total, its half hours present, those not actual (E, S, F or V: D, derived, is the meter's own total
 * shared out) and whether any is flagged other than actual (the day then stores its quality, as the merge's
 * `storedQuality`). Its quality, when given, must be 48 of A, D, E, S, F, V or space; absent, every present half
 * hour is actual. One pass over the characters: it runs for every day of every load.
 */
function dayFigures(d: HalfHourDay) {
  const q = d.quality;
  if (q != null && q.length !== 48) throw new Error('quality must be 48 of A, D, E, S, F, V or space');
  let total = 0;
  let present = 0;
  let estimated = 0;
  let flagged = false;
  for (let i = 0; i < 48; i++) {
    let estimate = false;
    if (q != null) {
      const c = q.charCodeAt(i);
      if (c === E || c === S || c === F || c === V) {
        estimate = true;
        flagged = true;
      } else if (c === D) flagged = true;
      else if (c !== A && c !== SPACE) throw new Error('quality must be 48 of A, D, E, S, F, V or space');
    }
    const v = d.kwh[i];
    if (v === null || v === undefined) continue;
    total += v;
    present += 1;
    if (estimate) estimated += 1;
  }
  return { total, present, estimated, flagged };
}

/** The day's quality as staged: always 48 characters, 'A' for a present half hour the day left unflagged. */
function stagedQuality(day: HalfHourDay): string {
  if (day.quality != null) return day.quality;
  let q = '';
  for (let i = 0; i < 48; i++) q += day.kwh[i] == null ? ' ' : 'A';
  return q;
}

/** PostgreSQL's day numbers of the dates seen (a load's days share a few hundred dates). */
const dayNumbers = new Map<string, number>();

/** A 'yyyy-MM-dd' date as PostgreSQL's binary date (checked before a row is begun, so no row is left half). */
function pgDate(text: string): number {
  const known = dayNumbers.get(text);
  if (known !== undefined) return known;
  const m = DATE.exec(text);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  // Date.UTC rolls 30 February over into March; PostgreSQL refuses it.
  if (!m || Number.isNaN(ms) || new Date(ms).getUTCDate() !== Number(m[3]))
    throw new Error(`date must be a real yyyy-MM-dd: ${text}`);
  const day = ms / 86_400_000 - PG_EPOCH_DAY;
  if (dayNumbers.size >= 20_000) dayNumbers.clear();
  dayNumbers.set(text, day);
  return day;
}

/**
 * Rows gathered in COPY's binary format; `take` hands over what is gathered and starts afresh. Numbers are written
 * through a DataView (big-endian by default): several times cheaper than Buffer's `writeInt32BE` and kin.
 */
export class CopyRows {
  private buf: Buffer = Buffer.allocUnsafe(64 * 1024);
  private view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.length);
  private at = 0;
  /** Why the row being written cannot be sent, found while writing it. */
  private refused: string | null = null;
  /** Rows gathered since the writer began (`take` hands over bytes, not the count). */
  count = 0;

  get bytes(): number {
    return this.at;
  }

  take(): Buffer {
    const out = this.buf.subarray(0, this.at);
    this.use(Buffer.allocUnsafe(Math.max(64 * 1024, this.buf.length)));
    this.at = 0;
    return out;
  }

  private use(buf: Buffer) {
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.length);
  }

  private room(n: number) {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.use(next);
  }

  private start(fields: number) {
    // A day row's largest: three arrays of 48 (412 bytes each with their length), its quality; parts grow it.
    this.room(1400);
    this.view.setInt16(this.at, fields);
    this.at += 2;
  }

  private int4(v: number) {
    this.view.setInt32(this.at, 4);
    this.view.setInt32(this.at + 4, v);
    this.at += 8;
  }

  private int2(v: number) {
    this.view.setInt32(this.at, 2);
    this.view.setInt16(this.at + 4, v);
    this.at += 6;
  }

  private float8(v: number) {
    this.view.setInt32(this.at, 8);
    this.view.setFloat64(this.at + 4, v);
    this.at += 12;
  }

  /** ASCII text (a quality, a JSON of parts); null as COPY's null. `jsonb` adds its version byte. */
  private text(s: string | null, jsonb = false) {
    if (s === null) {
      this.view.setInt32(this.at, -1);
      this.at += 4;
      return;
    }
    const head = jsonb ? 1 : 0;
    this.room(4 + head + Buffer.byteLength(s));
    const at = this.at + 4;
    if (jsonb) this.buf[at] = 1;
    const n = this.buf.write(s, at + head, 'utf8');
    this.view.setInt32(this.at, n + head);
    this.at = at + head + n;
  }

  /** 48 half hours as a one-dimensional `real[]`; absent values (the whole array or a half hour) as nulls. */
  private float4s(values: readonly (number | null)[] | null | undefined) {
    const view = this.view;
    const lengthAt = this.at;
    const flagsAt = lengthAt + 8;
    view.setInt32(lengthAt + 4, 1);
    view.setInt32(lengthAt + 12, FLOAT4_OID);
    view.setInt32(lengthAt + 16, 48);
    view.setInt32(lengthAt + 20, 1);
    let at = lengthAt + 24;
    let nulls = 0;
    for (let i = 0; i < 48; i++) {
      const v = values ? values[i] : null;
      if (v === null || v === undefined) {
        nulls = 1;
        view.setInt32(at, -1);
        at += 4;
        continue;
      }
      // As PostgreSQL refuses the text of a number past a real's range (`end` takes the row back).
      if (!(Math.abs(v) <= FLOAT4_MAX) && Number.isFinite(v))
        this.refused ??= `${v} is out of range for type real`;
      view.setInt32(at, 4);
      view.setFloat32(at + 4, v);
      at += 8;
    }
    view.setInt32(flagsAt, nulls);
    view.setInt32(lengthAt, at - lengthAt - 4);
    this.at = at;
  }

  /** A day's three arrays: kWh, kW and power factor. */
  private halfHours(d: HalfHourDay) {
    this.float4s(d.kwh);
    this.float4s(d.kw);
    this.float4s(d.pf);
  }

  /** Ends the row begun at `begin`: counted, or taken back whole and refused with the reason found. */
  private end(begin: number) {
    const refused = this.refused;
    if (refused === null) {
      this.count += 1;
      return;
    }
    this.refused = null;
    this.at = begin;
    throw new Error(refused);
  }

  /**
   * A new day as a row of the COPY into `half_hour_days` (half-hour-direct.ts, `DIRECT_COPY`): the row the merge
   * would insert.
   */
  day(organisationId: number, d: HalfHourDay) {
    const date = pgDate(d.date);
    const { total, present, estimated, flagged } = dayFigures(d);
    const begin = this.at;
    this.start(11);
    this.int4(organisationId);
    this.int4(d.meterId);
    this.int2(d.register);
    this.int4(date);
    this.halfHours(d);
    this.float8(total);
    this.int2(present);
    this.text(flagged ? (d.quality as string) : null);
    this.int2(estimated);
    this.end(begin);
  }

  /** A day as a row of the staging COPY (`STAGE_COPY`). */
  stage(d: HalfHourDay) {
    const date = pgDate(d.date);
    const { total, present, estimated } = dayFigures(d);
    const quality = stagedQuality(d);
    const begin = this.at;
    this.start(11);
    this.int4(d.meterId);
    this.int2(d.register);
    this.int4(date);
    this.halfHours(d);
    this.text(quality);
    this.float8(total);
    this.int2(present);
    this.int2(estimated);
    this.text(d.parts ? JSON.stringify(d.parts) : null, true);
    this.end(begin);
  }
}
