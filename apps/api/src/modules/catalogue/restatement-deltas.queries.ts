import type { DbOrTx } from '@verdant/db/client';
import type { LedgerMeterRow } from '@verdant/db/ledger/queries';
import { type Deltas, MOVED_KG } from '@verdant/domain/editions/restatement-preview';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The set-based statements of a restatement (docs/decisions/catalogue.md, Restatement speed): what moved,
 * summed in the database by organisation and reporting year from pairs of facts before and after, without
 * bringing the facts to the API.
 */

const ids = (list: readonly number[]) => sql`${sql.param([...list])}::int[]`;

/**
 * An organisation's own change (its edition choice) reads its rows alone, so one shard answers (docs/scaling.md,
 * Shard readiness); a catalogue edition's, undefined here, reads the meters of every organisation it reaches.
 */
export const pinTo = (column: string, organisationId: number | undefined) =>
  organisationId === undefined ? sql`` : sql` and ${sql.raw(column)} = ${organisationId}`;

/** The affected meters as the ledger's rules take them, and whether contractual instruments reach them. */
export async function meterRows(db: DbOrTx, meterIds: readonly number[], organisationId?: number) {
  const rows = await db.execute<LedgerMeterRow & { instruments: boolean; months: number }>(sql`
    select m.id, m.organisation_id, m.meter_type, m.metlvl_id, m.energy_id, m.meter_open::text as meter_open,
      m.meter_close::text as meter_close, m.reporting, m.reporting_source, m.situation, m.retailer_id,
      o.time_zone,
      exists (select 1 from scope2_instruments i where i.organisation_id = m.organisation_id
        and (i.meter_id = m.id or (i.retailer_id is not null and i.retailer_id = m.retailer_id))) as instruments
    from meters m join organisations o on o.id = m.organisation_id
    where m.id = any(${ids(meterIds)}) and m.deleted_at is null and m.energy_id is not null
      ${pinTo('m.organisation_id', organisationId)}
    order by m.id`);
  return rows.rows;
}

/** The first and last month of the meters' facts. */
export async function factMonths(db: DbOrTx, meterIds: readonly number[], organisationId?: number) {
  const rows = await db.execute<{ first: string | null; last: string | null }>(sql`
    select min(month)::text as first, max(month)::text as last from monthly_facts
    where meter_id = any(${ids(meterIds)})${pinTo('organisation_id', organisationId)}`);
  return rows.rows[0] ?? { first: null, last: null };
}

/** kg CO2e per unit of the standard quantity, per scope key, for an organisation's data type in a month. */
export interface MonthRate {
  organisationId: number;
  energyId: number;
  month: string;
  s1: number;
  s2Location: number;
  s2Market: number;
  s3: number;
}

/**
 * Sums `pairs` (a select of organisation_id, meter_id, month, b1, b2l, b2m, b3, a1, a2l, a2m, a3: a month of a
 * meter before and after) by organisation and reporting year, and counts the meters moved per organisation.
 */
async function sumPairs(db: DbOrTx, pairs: SQL): Promise<Deltas> {
  const rows = await db.execute<{
    organisationId: number;
    year: number | null;
    s1: number;
    s2Location: number;
    s2Market: number;
    s3: number;
    size: number;
    meters: number;
  }>(sql`
    with pairs as (${pairs}),
    moved as (
      select p.organisation_id, p.meter_id,
        (extract(year from p.month) + case when o.reporting_year_end <> 12
          and extract(month from p.month) > o.reporting_year_end then 1 else 0 end)::int as year,
        p.a1 - p.b1 as d1, p.a2l - p.b2l as d2l, p.a2m - p.b2m as d2m, p.a3 - p.b3 as d3
      from pairs p join organisations o on o.id = p.organisation_id
      where abs(p.a1 - p.b1) + abs(p.a2l - p.b2l) + abs(p.a2m - p.b2m) + abs(p.a3 - p.b3) >= ${MOVED_KG}
    )
    select organisation_id as "organisationId", year, sum(d1)::float8 as s1, sum(d2l)::float8 as "s2Location",
      sum(d2m)::float8 as "s2Market", sum(d3)::float8 as s3, sum(abs(d1) + abs(d2l) + abs(d3))::float8 as size,
      count(distinct meter_id)::int as meters
    from moved group by grouping sets ((organisation_id, year), (organisation_id))`);
  return {
    years: rows.rows
      .filter((r) => r.year !== null)
      .map(({ meters: _, year, ...r }) => ({ ...r, year: year as number })),
    meters: rows.rows
      .filter((r) => r.year === null)
      .map((r) => ({ organisationId: r.organisationId, meters: r.meters })),
  };
}

const kg = (column: string) => sql.raw(`coalesce(${column}, 0)::float8`);

/**
 * The moves of a factor change over meters whose months each take one rate throughout: every fact's standard
 * quantity times the month's new rate (to the millionth, as facts are stored), against the stored emissions.
 * The meters' facts are gathered first, on their own (docs/decisions/catalogue.md, Restatement speed): joined in
 * one statement with the rates, the planner could take the meters and rates as one row and read every fact of
 * the organisation's month once for each, 72,000 times over 2,000 meters (196 s where 0.5 s will do).
 */
export function rateDeltas(
  db: DbOrTx,
  meterIds: readonly number[],
  rates: MonthRate[],
  organisationId?: number,
) {
  const column = <T>(pick: (r: MonthRate) => T) => sql.param(rates.map(pick));
  const after = (rate: string) => sql.raw(`round((f.quantity_std * r.${rate})::numeric, 6)::float8`);
  return sumPairs(
    db,
    sql`
    with facts as materialized (
      select f.organisation_id, f.meter_id, f.month, m.energy_id, f.quantity_std, f.co2e_scope1,
        f.co2e_scope2_location, f.co2e_scope2_market, f.co2e_scope3
      from monthly_facts f join meters m on m.organisation_id = f.organisation_id and m.id = f.meter_id
      where f.meter_id = any(${ids(meterIds)}) and f.counts_emissions${pinTo('f.organisation_id', organisationId)}
    )
    select f.organisation_id, f.meter_id, f.month,
      ${kg('f.co2e_scope1')} as b1, ${kg('f.co2e_scope2_location')} as b2l,
      ${kg('f.co2e_scope2_market')} as b2m, ${kg('f.co2e_scope3')} as b3,
      ${after('s1')} as a1, ${after('s2l')} as a2l, ${after('s2m')} as a2m, ${after('s3')} as a3
    from facts f
    join unnest(${column((r) => r.organisationId)}::int[], ${column((r) => r.energyId)}::int[],
      ${column((r) => r.month)}::date[], ${column((r) => r.s1)}::float8[], ${column((r) => r.s2Location)}::float8[],
      ${column((r) => r.s2Market)}::float8[], ${column((r) => r.s3)}::float8[])
      as r(organisation_id, energy_id, month, s1, s2l, s2m, s3)
      on r.organisation_id = f.organisation_id and r.energy_id = f.energy_id and r.month = f.month`,
  );
}

/** The moves of an applied restatement: the facts it kept as they were against the meters' facts now. */
export function keptDeltas(db: DbOrTx, restatementId: number, meterIds: readonly number[]) {
  return sumPairs(
    db,
    sql`
    select coalesce(f.organisation_id, k.organisation_id) as organisation_id,
      coalesce(f.meter_id, k.meter_id) as meter_id, coalesce(f.month, k.month) as month,
      ${kg('k.co2e_scope1')} as b1, ${kg('k.co2e_scope2_location')} as b2l,
      ${kg('k.co2e_scope2_market')} as b2m, ${kg('k.co2e_scope3')} as b3,
      ${kg('f.co2e_scope1')} as a1, ${kg('f.co2e_scope2_location')} as a2l,
      ${kg('f.co2e_scope2_market')} as a2m, ${kg('f.co2e_scope3')} as a3
    from (select * from restated_facts where restatement_id = ${restatementId}) k
    full join (select * from monthly_facts where meter_id = any(${ids(meterIds)}) and counts_emissions) f
      on f.meter_id = k.meter_id and f.month = k.month
    where f.meter_id is not null
      or not exists (select 1 from monthly_facts x where x.meter_id = k.meter_id and x.month = k.month)`,
  );
}
