import type { Measure } from '@verdant/contracts/dashboard';
import type { DbOrTx } from '@verdant/db/client';
import { type SQL, sql } from 'drizzle-orm';

/** The fact column (or expression) a measure sums. Consumption only adds up energy (kWh) data types. */
export function measureOf(measure: Measure | 'co2'): { value: SQL; energyOnly: boolean } {
  switch (measure) {
    case 'cons':
      return { value: sql`f.quantity_std`, energyOnly: true };
    case 'cost':
      return { value: sql`f.cost`, energyOnly: false };
    default:
      return { value: sql`(f.co2e_scope1 + f.co2e_scope2 + f.co2e_scope3)`, energyOnly: false };
  }
}

const meterFilter = (visible: number[] | null) =>
  visible === null ? sql`` : sql`and f.meter_id = any(${`{${visible.join(',')}}`}::int[])`;
const energyFilter = (energyOnly: boolean) =>
  energyOnly
    ? sql`and exists (select 1 from data_types d where d.id = m.energy_id and d.type_id = 1)`
    : sql``;

/** The month (1-12) an organisation's reporting year ends with. */
export async function reportingYearEnd(db: DbOrTx, organisationId: number): Promise<number> {
  const rows = await db.execute<{ year_end: number }>(
    sql`select reporting_year_end as year_end from organisations where id = ${organisationId}`,
  );
  return rows.rows[0]?.year_end ?? 12;
}

/**
 * Monthly totals of a measure for an organisation between two months (inclusive, 'yyyy-MM-01'). When no
 * advanced right narrows the view they come from the organisation rollup (a few rows per month); otherwise
 * from the visible meters' facts.
 */
export async function monthlyTotals(
  db: DbOrTx,
  organisationId: number,
  measure: Measure,
  from: string,
  till: string,
  visible: number[] | null,
) {
  if (visible === null) {
    const value = { cons: sql`r.quantity_std`, cost: sql`r.cost`, co2e: sql`r.co2e` }[measure];
    const rows = await db.execute<{ month: string; total: string; incomplete: boolean }>(sql`
      select r.month, sum(${value})::float8 as total, sum(r.incomplete_meters) > 0 as incomplete
      from organisation_month_facts r
      ${measure === 'cons' ? sql`join data_types d on d.id = r.energy_id and d.type_id = 1` : sql``}
      where r.organisation_id = ${organisationId} and r.month between ${from} and ${till}
      group by r.month`);
    return new Map(rows.rows.map((r) => [r.month, { total: Number(r.total), incomplete: r.incomplete }]));
  }
  const { value, energyOnly } = measureOf(measure);
  const rows = await db.execute<{ month: string; total: string; incomplete: boolean }>(sql`
    select f.month, sum(${value})::float8 as total,
      bool_or(f.days_covered < extract(day from (f.month + interval '1 month' - interval '1 day'))) as incomplete
    from monthly_facts f join meters m on m.organisation_id = f.organisation_id and m.id = f.meter_id
    where f.organisation_id = ${organisationId} and f.month between ${from} and ${till} and f.counts_in_totals
      ${meterFilter(visible)} ${energyFilter(energyOnly)}
    group by f.month`);
  return new Map(rows.rows.map((r) => [r.month, { total: Number(r.total), incomplete: r.incomplete }]));
}

/**
 * Per meter, consumption in two months (standard units), for meters with figures in both: a meter whose
 * invoice has not arrived yet is not a -100% decrease.
 */
export async function meterChanges(
  db: DbOrTx,
  organisationId: number,
  recent: string,
  earlier: string,
  visible: number[] | null,
) {
  const rows = await db.execute<{
    id: number;
    name: string;
    site: string;
    recent: number;
    earlier: number;
  }>(sql`
    select m.id, m.local_name as name, s.name as site,
      sum(f.quantity_std) filter (where f.month = ${recent})::float8 as recent,
      sum(f.quantity_std) filter (where f.month = ${earlier})::float8 as earlier
    from monthly_facts f
    join meters m on m.organisation_id = f.organisation_id and m.id = f.meter_id and m.deleted_at is null
    join sites s on s.id = m.site_id
    where f.organisation_id = ${organisationId} and f.month in (${recent}, ${earlier}) ${meterFilter(visible)}
    group by m.id, m.local_name, s.name
    having sum(f.quantity_std) filter (where f.month = ${earlier}) > 0
      and count(*) filter (where f.month = ${recent}) > 0`);
  return rows.rows;
}

/** Per asset, a measure in one month: by meter, or by site. */
export async function assetTotals(
  db: DbOrTx,
  organisationId: number,
  by: 'meter' | 'site',
  measure: Measure | 'co2',
  month: string,
  visible: number[] | null,
) {
  const { value, energyOnly } = measureOf(measure);
  const key = by === 'meter' ? sql`f.meter_id` : sql`m.site_id`;
  // A meter's own consumption is in its data type's unit; a site adds up only energy (kWh) meters.
  const rows = await db.execute<{ id: number; total: number }>(sql`
    select ${key} as id, sum(${value})::float8 as total
    from monthly_facts f join meters m on m.organisation_id = f.organisation_id and m.id = f.meter_id
    where f.organisation_id = ${organisationId} and f.month = ${month} ${meterFilter(visible)}
      ${by === 'site' ? sql`and f.counts_in_totals` : sql``} ${energyFilter(energyOnly && by === 'site')}
    group by ${key}`);
  return rows.rows;
}

/** Assets whose facts wait for a background recompute: meters, or the sites that hold them. */
export async function pendingAssets(db: DbOrTx, organisationId: number, by: 'meter' | 'site') {
  const rows = await db.execute<{ id: number }>(
    by === 'meter'
      ? sql`select meter_id as id from ledger_pending where organisation_id = ${organisationId}`
      : sql`select distinct m.site_id as id from ledger_pending p join meters m on m.organisation_id = p.organisation_id and m.id = p.meter_id where p.organisation_id = ${organisationId}`,
  );
  return rows.rows.map((r) => r.id);
}
