import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { andAmong, intArray } from '../sql-arrays';
import { serially } from './read-model';

/**
 * Day figures for the graph builder's Day period: the ledger keeps months, so a day comes from the half-hour
 * readings themselves (the import kWh registers, as the ledger counts them), read per day from half_hour_days.
 * With `totals`, only meters whose month counts in consumption totals (the monthly facts' flag) are added,
 * so a check meter or a submeter is not counted twice; one meter's own series passes totals false.
 */
export interface DayQuery {
  organisationId: number;
  /** The meters of the series (already narrowed to the ones the caller sees). */
  meterIds: readonly number[];
  /** 'yyyy-MM-dd', inclusive. */
  from: string;
  till: string;
  totals: boolean;
}

export interface DaySums {
  day: string;
  kwh: number;
  /** Meters with readings that day. */
  meters: number;
  /** A half hour is missing on one of them. */
  short: boolean;
  /** A half hour is estimated or substituted on one of them. */
  estimated: boolean;
}

/** Runs several day queries in one statement; answers each one's days in order, with the meters that have any. */
export async function sumHalfHourDays(
  db: DbOrTx,
  queries: readonly DayQuery[],
): Promise<{ days: DaySums[]; meters: number }[]> {
  if (queries.length === 0) return [];
  const parts = queries.map(
    (q, i) => sql`
    select ${i}::int as query_index, to_jsonb(s) as row from (
      select d.read_date::text as day, sum(d.day_kwh)::float8 as kwh, count(distinct d.meter_id)::int as meters,
        bool_or(d.readings < 48) as short, bool_or(d.estimated_readings > 0) as estimated
      from half_hour_days d
      join half_hour_registers r on r.organisation_id = d.organisation_id and r.meter_id = d.meter_id
        and r.register = d.register and r.direction = 'import' and r.quantity = 'kWh'
      ${
        q.totals
          ? sql`join monthly_facts f on f.meter_id = d.meter_id and f.organisation_id = d.organisation_id
        and f.month = date_trunc('month', d.read_date)::date and f.counts_consumption`
          : sql``
      }
      where d.organisation_id = ${q.organisationId}
        and d.meter_id = any(${intArray(q.meterIds)})
        and d.read_date between ${q.from} and ${q.till}
      group by d.read_date
    ) s
    union all
    select ${i}::int, jsonb_build_object('meters', count(distinct d.meter_id)::int)
    from half_hour_days d
    where d.organisation_id = ${q.organisationId}
      and d.meter_id = any(${intArray(q.meterIds)})
      and d.read_date between ${q.from} and ${q.till}`,
  );
  const rows = await serially<{ query_index: number; row: DaySums | { meters: number } }>(
    db,
    sql.join(parts, sql` union all `),
  );
  const out = queries.map(() => ({ days: [] as DaySums[], meters: 0 }));
  for (const r of rows) {
    const target = out[r.query_index];
    if (!target) continue;
    if ('day' in r.row) target.days.push(r.row);
    else target.meters = r.row.meters;
  }
  return out;
}

/** Whether any of the meters has half-hour readings (the Day period is offered only then). */
export async function hasHalfHourData(
  db: DbOrTx,
  organisationId: number,
  meterIds: readonly number[] | null,
): Promise<boolean> {
  const only = andAmong('r.meter_id', meterIds);
  const rows = await db.execute<{ any: boolean }>(sql`
    select exists (
      select 1 from half_hour_registers r
      where r.organisation_id = ${organisationId} ${only}
        and exists (select 1 from half_hour_days d where d.organisation_id = r.organisation_id
          and d.meter_id = r.meter_id and d.register = r.register)
    ) as any`);
  return rows.rows[0]?.any === true;
}
