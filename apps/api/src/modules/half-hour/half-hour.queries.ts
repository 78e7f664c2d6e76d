import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

export type RegisterRow = {
  register: number;
  direction: 'import' | 'export';
  quantity: 'kWh' | 'kVArh';
  /** The channel the register's files named it by, or null. */
  name: string | null;
};

export async function registersOf(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<RegisterRow>(sql`
    select register, direction, quantity, label as name from half_hour_registers
    where organisation_id = ${organisationId} and meter_id = ${meterId} order by register`);
  return rows.rows;
}

/** The months that have data, per register: the year and month of each stored (standard-time) day. */
export async function monthsWithData(db: DbOrTx, organisationId: number, meterId: number) {
  const rows = await db.execute<{ register: number; year: number; month: number }>(sql`
    select register, extract(year from read_date)::int as year, extract(month from read_date)::int as month
    from half_hour_days where organisation_id = ${organisationId} and meter_id = ${meterId}
    group by 1, 2, 3 order by 1, 2 desc, 3`);
  return rows.rows;
}

export type DayRow = {
  date: string;
  kwh: (number | null)[];
  kw: (number | null)[] | null;
  pf: (number | null)[] | null;
  quality: string | null;
};

/** One register's stored days from `from` to `till` (standard-time dates), in order: a month reads ~32 rows. */
export async function storedDays(
  db: DbOrTx,
  organisationId: number,
  meterId: number,
  register: number,
  from: string,
  till: string,
) {
  // The arrays as JSON: pg reads them with JSON.parse, which costs half of its parser of an array's text, the
  // same numbers (docs/performance.md, The half-hour month's answer).
  const rows = await db.execute<DayRow>(sql`
    select read_date::text as date, to_json(kwh) as kwh, to_json(kw) as kw, to_json(pf) as pf, quality
    from half_hour_days
    where meter_id = ${meterId} and register = ${register} and read_date between ${from} and ${till}
      and organisation_id = ${organisationId}
    order by read_date`);
  return rows.rows;
}
