import type { DbOrTx } from '@verdant/db/client';
import { intArray } from '@verdant/db/sql-arrays';
import { type SQL, sql } from 'drizzle-orm';
import type { ReportContext } from '../report-definition';
import type { CellFlag, Column, Row, TableBlock } from '../report-document';

/**
 * Meter data, half-hourly (docs/decisions/reports.md, Meter data half-hourly): each half-hour register of the
 * asset's data sources, one row per day of the period up to yesterday, the 48 half hours across on the
 * organisation's standard-time clock (as they are stored and as the half-hour pages show them) and the day's
 * total. A day with no readings is a blank row marked missing, a missing half hour a blank cell, an estimated
 * or substituted one marked estimated; days to come are not listed. Rows are read a batch at a time while the
 * file is written.
 */

type DayRow = {
  meter_id: number;
  register: number;
  day: string;
  meter: string;
  site: string;
  channel: string;
  kwh: (number | null)[] | null;
  quality: string | null;
  day_kwh: number | null;
};

const BATCH = 500;
const HALF_HOURS = Array.from({ length: 48 }, (_, i) => {
  const minutes = i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
const round3 = (n: number) => Math.round(n * 1000) / 1000;

function query(s: { organisationId: number; meterIds: number[]; from: string; till: string }, after: SQL) {
  return sql`
    select r.meter_id, r.register, d.day::date::text as day, m.local_name as meter, st.name as site,
      coalesce(r.label, r.direction || ' ' || r.quantity) as channel, h.kwh, h.quality, h.day_kwh
    from half_hour_registers r
    join meters m on m.organisation_id = r.organisation_id and m.id = r.meter_id
    join sites st on st.organisation_id = m.organisation_id and st.id = m.site_id
    cross join generate_series(${s.from}::date, ${s.till}::date, interval '1 day') d(day)
    left join half_hour_days h on h.meter_id = r.meter_id and h.register = r.register
      and h.read_date = d.day::date and h.organisation_id = r.organisation_id
    where r.organisation_id = ${s.organisationId}
      and r.meter_id = any(${intArray(s.meterIds)}) and ${after}
    order by r.meter_id, r.register, d.day
    limit ${BATCH}`;
}

async function* dayRows(
  db: DbOrTx,
  s: { organisationId: number; meterIds: number[]; from: string; till: string },
): AsyncIterable<Row> {
  if (s.meterIds.length === 0 || s.till < s.from) return;
  let after = sql`true`;
  for (;;) {
    const { rows } = await db.execute<DayRow>(query(s, after));
    for (const r of rows) {
      const cells: Row['cells'] = { meter: r.meter, site: r.site, channel: r.channel, day: r.day };
      const flags: Partial<Record<string, CellFlag>> = {};
      HALF_HOURS.forEach((h, i) => {
        const v = r.kwh?.[i];
        cells[h] = v === null || v === undefined ? null : round3(v);
        if (v === null || v === undefined) flags[h] = 'missing';
        else if (r.quality && r.quality[i] !== 'A' && r.quality[i] !== ' ') flags[h] = 'estimated';
      });
      cells.total = r.day_kwh === null ? null : round3(r.day_kwh);
      if (r.kwh === null) flags.total = 'missing';
      // A day with every half hour missing says so once, not 48 times.
      yield { cells, flags: r.kwh === null ? { total: 'missing' } : flags };
    }
    const last = rows[rows.length - 1];
    if (!last || rows.length < BATCH) return;
    after = sql`(r.meter_id, r.register, d.day) > (${last.meter_id}, ${last.register}, ${last.day}::date)`;
  }
}

/** The half-hourly table of the meter data report, for the period up to yesterday. */
export function halfHourTable(ctx: ReportContext, from: string, till: string): TableBlock {
  const yesterday = new Date(Date.parse(`${ctx.org.today}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  const columns: Column[] = [
    { key: 'meter', label: 'Data source', width: 2 },
    { key: 'site', label: 'Site', width: 1.6 },
    { key: 'channel', label: 'Register' },
    { key: 'day', label: 'Date', format: 'date' },
    ...HALF_HOURS.map((h) => ({ key: h, label: h, format: 'number' as const, decimals: 3 })),
    { key: 'total', label: 'Day', unit: 'kWh', format: 'number', decimals: 3 },
  ];
  return {
    kind: 'table',
    title: 'Half-hourly readings (kWh or kVArh, standard time)',
    sheet: 'Half-hourly',
    primary: true,
    columns,
    rows: dayRows(ctx.db, {
      organisationId: ctx.org.id,
      meterIds: ctx.meters.map((m) => m.id),
      from,
      till: till < yesterday ? till : yesterday,
    }),
    empty: 'None of these data sources has half-hourly readings.',
    note: 'Half hours on the organisation’s standard-time clock (00:00 is the half hour starting at midnight standard time, all year).',
  };
}

/** Whether any of the meters has a half-hour register (the report says so rather than write an empty file). */
export async function hasHalfHours(db: DbOrTx, organisationId: number, meterIds: number[]) {
  if (meterIds.length === 0) return false;
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from half_hour_registers
    where organisation_id = ${organisationId} and meter_id = any(${intArray(meterIds)})`);
  return (rows[0]?.n ?? 0) > 0;
}
