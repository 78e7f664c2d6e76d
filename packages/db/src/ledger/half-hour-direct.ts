import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { COPY_HEADER, COPY_TRAILER, CopyRows } from './half-hour-copy';
import { type HalfHourDay, STAGE_COPY } from './half-hour-ingest';

/**
 * A load's days written where they belong (docs/decisions/half-hour.md, New days straight into the day table):
 * a day of a register that holds no day on or around its date goes straight into `half_hour_days` by COPY; a
 * day that may meet a stored one goes to the staging table, merged afterwards (`mergeStage`). One COPY is open
 * on the connection at a time, in COPY's binary format (half-hour-copy.ts): rows gather per target and go in
 * batches, the COPY switching target when the other's batch is full, so a file of new days keeps one COPY open
 * from start to end.
 */

/** The first and last stored day of a register, as yyyy-MM-dd. */
export interface StoredSpan {
  first: string;
  last: string;
}

/**
 * The stored span of every register of the organisation that holds days, by `meterId|register` (two index
 * probes a register: the day table's key leads with meter and register).
 */
export async function storedSpans(
  client: pg.ClientBase,
  organisationId: number,
): Promise<Map<string, StoredSpan>> {
  const rows = await client.query<{ meter_id: number; register: number; first: string; last: string }>(
    `select meter_id, register, first::text, last::text from (
       select r.meter_id, r.register,
         (select min(d.read_date) from half_hour_days d where d.organisation_id = $1 and d.meter_id = r.meter_id
           and d.register = r.register) as first,
         (select max(d.read_date) from half_hour_days d where d.organisation_id = $1 and d.meter_id = r.meter_id
           and d.register = r.register) as last
       from half_hour_registers r where r.organisation_id = $1) s
     where first is not null`,
    [organisationId],
  );
  return new Map(rows.rows.map((r) => [`${r.meter_id}|${r.register}`, { first: r.first, last: r.last }]));
}

const DIRECT_COPY =
  'copy half_hour_days (organisation_id, meter_id, register, read_date, kwh, kw, pf, day_kwh, readings, quality, estimated_readings) from stdin (format binary)';

/** Bytes of rows gathered for a target before they are sent. */
const BATCH_BYTES = 512 * 1024;
/** Bytes sent ahead of PostgreSQL before the writer waits for it. */
const IN_FLIGHT_BYTES = 8 * 1024 * 1024;

/** A meter's days written straight into the day table: its first and last date, and how many. */
export interface DirectSpan {
  from: string;
  till: string;
  days: number;
}

export interface DayWriter {
  /** Sends days to their target (waits only when PostgreSQL is behind or the COPY switches target). */
  write(days: readonly HalfHourDay[]): Promise<void>;
  /** The days written straight into the day table, by meter (the staged ones are read from the stage). */
  readonly direct: Map<number, DirectSpan>;
  /** Sends what is gathered and ends the COPY; the connection takes other statements again after this. */
  end(): Promise<{ direct: number; staged: number }>;
}

export interface DayWriterOptions {
  organisationId: number;
  /**
   * When new days may go straight into the day table: the stored spans of the organisation's registers
   * (`storedSpans`, read before the load), which tell a new day from a stored one. Null: every day is staged.
   */
  direct: Map<string, StoredSpan> | null;
}

type Target = 'direct' | 'stage';

/**
 * The day table's register key, checked at the end of a load's read rather than day by day
 * (docs/decisions/half-hour.md, A load's register key checked after its read): a register the file names is saved
 * after the read, while the COPY carries its days. `checkRegisterKey` checks every day written since, once the
 * registers are saved; both last only as long as the load's transaction.
 */
export async function deferRegisterKey(client: pg.ClientBase): Promise<void> {
  await client.query('set constraints half_hour_days_register_fk deferred');
}

export async function checkRegisterKey(client: pg.ClientBase): Promise<void> {
  await client.query('set constraints half_hour_days_register_fk immediate');
}

/**
 * Opens the writer of a load's days on its connection (a temporary staging table made by `createStage`). A day
 * goes straight into the day table before its register is saved: the caller defers the register key first
 * (`deferRegisterKey`).
 */
export function openDayWriter(client: pg.ClientBase, o: DayWriterOptions): DayWriter {
  const rows: Record<Target, CopyRows> = { direct: new CopyRows(), stage: new CopyRows() };
  const direct = new Map<number, DirectSpan>();
  let open: { target: Target; stream: ReturnType<typeof copyFrom>; failure: Error | null } | null = null;
  let ended: Promise<{ direct: number; staged: number }> | null = null;

  const isNew = (d: HalfHourDay) => {
    if (!o.direct || d.parts) return false;
    const span = o.direct.get(`${d.meterId}|${d.register}`);
    return !span || d.date < span.first || d.date > span.last;
  };

  async function close() {
    if (!open) return;
    const current = open;
    open = null;
    if (!current.failure) {
      current.stream.end(COPY_TRAILER);
      await finished(current.stream).catch((error: Error) => {
        current.failure ??= error;
      });
    }
    if (current.failure) throw current.failure;
  }

  async function send(target: Target) {
    if (!rows[target].bytes) return;
    const chunk = rows[target].take();
    if (open?.target !== target) {
      await close();
      const stream = client.query(
        copyFrom(target === 'direct' ? DIRECT_COPY : STAGE_COPY, { highWaterMark: IN_FLIGHT_BYTES }),
      );
      const current = { target, stream, failure: null as Error | null };
      stream.on('error', (error: Error) => {
        current.failure = error;
      });
      open = current;
      stream.write(COPY_HEADER);
    }
    const current = open as NonNullable<typeof open>;
    if (current.failure) throw current.failure;
    if (!current.stream.write(chunk))
      await new Promise<void>((resolve) => {
        const go = () => {
          current.stream.off('drain', go);
          current.stream.off('error', go);
          resolve();
        };
        current.stream.on('drain', go);
        current.stream.on('error', go);
      });
    if (current.failure) throw current.failure;
  }

  return {
    direct,
    async write(days) {
      if (ended) throw new Error('the day writer has ended');
      for (const d of days) {
        if (isNew(d)) {
          rows.direct.day(o.organisationId, d);
          const span = direct.get(d.meterId);
          if (!span) direct.set(d.meterId, { from: d.date, till: d.date, days: 1 });
          else {
            if (d.date < span.from) span.from = d.date;
            if (d.date > span.till) span.till = d.date;
            span.days += 1;
          }
        } else {
          rows.stage.stage(d);
        }
      }
      // The open target's lines first, so a file of one kind never switches.
      const first: Target = open?.target ?? 'direct';
      const second: Target = first === 'direct' ? 'stage' : 'direct';
      if (rows[first].bytes >= BATCH_BYTES) await send(first);
      if (rows[second].bytes >= BATCH_BYTES) await send(second);
    },
    end() {
      ended ??= (async () => {
        const first: Target = open?.target ?? 'direct';
        await send(first);
        await send(first === 'direct' ? 'stage' : 'direct');
        await close();
        return { direct: rows.direct.count, staged: rows.stage.count };
      })();
      return ended;
    },
  };
}
