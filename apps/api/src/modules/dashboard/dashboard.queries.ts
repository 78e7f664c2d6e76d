import type { ScopeTotals } from '@verdant/contracts/catalogue-restatements';
import type { Measure } from '@verdant/contracts/dashboard';
import type { DbOrTx } from '@verdant/db/client';
import * as readModel from '@verdant/db/ledger/read-model';
import { sql } from 'drizzle-orm';

/** Organisation totals of a measure per month (the ledger's read model). */
export const monthlyTotals = readModel.monthlyTotals;

/**
 * The factor editions behind the organisation's kg CO2e over some months (location-based, as the dashboard's
 * emissions are); none for kWh and $.
 */
export function editionsOf(
  db: DbOrTx,
  measure: Measure,
  organisationId: number,
  from: string,
  till: string,
  visible: number[] | null,
  months?: string[],
  basis: readModel.FactBasis = 'restated',
) {
  if (measure !== 'co2e') return Promise.resolve([]);
  return readModel.factEditions(
    db,
    { organisationId, from, till, visible, months, basis },
    { market: false },
  );
}

/**
 * The organisation's restatements done, first confirmed first, with the kg CO2e by reporting year each kept
 * before and after it (restatement_organisations: a few rows an organisation, never the facts).
 */
export async function restatementsOf(db: DbOrTx, organisationId: number, timeZone: string) {
  const rows = await db.execute<{
    id: number;
    date: string;
    edition_before: string | null;
    edition_after: string | null;
    years: { year: number; before: ScopeTotals; after: ScopeTotals }[];
  }>(sql`
    select r.id, (r.confirmed_at at time zone ${timeZone})::date::text as date, p.name as edition_before,
      e.name as edition_after, x.totals as years
    from restatement_organisations x
    join restatements r on r.id = x.restatement_id and r.status = 'done'
    left join emission_factor_editions e on e.id = r.edition_id
    left join emission_factor_editions p on p.id = r.previous_edition_id
    where x.organisation_id = ${organisationId}
    order by r.confirmed_at, r.id`);
  return rows.rows;
}

/**
 * Per meter measuring energy (kWh), consumption in two months, for meters whose both months are whole
 * (docs/domain.md, "Dashboard figures"): a meter whose invoice has not arrived, or was reversed and not yet billed
 * again, is not a -100% decrease, and a distance or water meter is never compared beside an energy meter.
 * Only the `top` largest increases and decreases come back, as rounded to 0.1 % (the API's rounding, computed the
 * same way), a tie going to the lower meter id (docs/decisions/dashboard.md, Gainers and losers' ties), without their
 * names: the caller looks up only those (`meterNames`).
 */
export async function meterChanges(
  db: DbOrTx,
  organisationId: number,
  recent: string,
  earlier: string,
  visible: number[] | null,
  top: number,
) {
  // Each meter's two months in one level (docs/decisions/performance.md, A comparison of two months in one level):
  // _0 the earlier month, _1 the recent one.
  const sums = readModel.factSums({
    organisationId,
    by: ['meter'],
    from: earlier,
    till: recent,
    months: [earlier, recent],
    perMonth: true,
    visible,
    stdUnit: 'kWh',
    totals: false,
    measures: ['cons', 'facts', 'cons_incomplete'],
  });
  const rows = await db.execute<{ id: number; recent: number; earlier: number }>(sql`
    with deleted as materialized (
      select id from meters where organisation_id = ${organisationId} and deleted_at is not null
    ),
    moved as materialized (
      select fs.meter_id, fs.cons_1 as recent, fs.cons_0 as earlier
      from (${sums}) fs
      where fs.meter_id not in (select id from deleted)
        and fs.cons_0 > 0 and fs.facts_1 > 0
        and not (fs.cons_incomplete_0 or fs.cons_incomplete_1)
    ),
    -- The percentage as the API rounds it (Math.round of tenths, in the same float8 steps), times ten.
    changed as materialized (
      select meter_id, recent, earlier, ceil(x) - case when ceil(x) - 0.5 > x then 1 else 0 end as tenths
      from (select moved.*, (recent - earlier) / earlier * 100 * 10 as x from moved) p
    )
    (select meter_id as id, recent, earlier from changed where tenths > 0 order by tenths desc, meter_id limit ${top})
    union all
    (select meter_id as id, recent, earlier from changed where tenths < 0 order by tenths, meter_id limit ${top})`);
  return rows.rows;
}

/**
 * The names of some of an organisation's meters with their sites'. The ids travel as one array (the twenty shown at
 * most), looked up one by one.
 */
export async function meterNames(db: DbOrTx, organisationId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.execute<{ id: number; name: string; site: string }>(sql`
    select m.id, m.local_name as name, s.name as site
    from meters m
    join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
    where m.organisation_id = ${organisationId} and m.id = any(${sql.param(ids)}::int[])`);
  return rows.rows;
}

/**
 * Per asset, a measure in one month: by meter (its own figures, whatever its data type), or by site (totals:
 * consumption adds up energy meters only).
 */
export async function assetTotals(
  db: DbOrTx,
  organisationId: number,
  by: 'meter' | 'site',
  measure: Measure | 'co2',
  month: string,
  visible: number[] | null,
) {
  const rows = await readModel.sumFacts(db, {
    organisationId,
    by: [by],
    from: month,
    till: month,
    visible,
    totals: by === 'site',
    measures: [measure === 'co2' ? 'co2e' : measure],
  });
  const key = measure === 'co2' ? 'co2e' : measure;
  return rows.map((r) => ({ id: (by === 'meter' ? r.meter_id : r.site_id) ?? 0, total: r[key] }));
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
