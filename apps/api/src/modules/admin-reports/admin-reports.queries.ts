import type { Db, DbOrTx } from '@verdant/db/client';
import { andAmong } from '@verdant/db/sql-arrays';
import { sql } from 'drizzle-orm';

/** A counted invoice: not a reversal, not reversed (docs/domain.md). */
const counted = (organisationId: number) => sql`i.organisation_id = ${organisationId}
  and i.kind in ('normal', 'replacement')
  and not exists (select 1 from invoice_reversals r where r.organisation_id = i.organisation_id and r.reversed_id = i.id)`;

/**
 * The live meters whose latest invoice is an estimated read, with the start of that run of estimates: each
 * meter's counted invoices (not reversals, not reversed) latest first (by period start, then id), up to the first
 * that is not estimated. Read from the estimated invoices only, then each of their meters' latest other
 * invoice (docs/decisions/performance.md, Estimated reads start from the estimates). `visible` null: every meter.
 */
export async function estimatedReads(db: DbOrTx, organisationId: number, visible: readonly number[] | null) {
  const rows = await db.execute<{
    meter_id: number;
    account: string | null;
    local_name: string;
    since: string;
    estimates: number;
  }>(sql`
    with estimated as materialized (
      select im.meter_id, i.id, i.date_from
      from invoices i join invoice_meters im on im.organisation_id = i.organisation_id and im.invoice_id = i.id
      where ${counted(organisationId)} and i.read_type = 'estimated'
    ), stops as (
      select e.meter_id, s.date_from, s.id
      from (select distinct meter_id from estimated) e
      left join lateral (
        select i.date_from, i.id
        from invoice_meters im join invoices i on i.organisation_id = im.organisation_id and i.id = im.invoice_id
        where im.organisation_id = ${organisationId} and im.meter_id = e.meter_id
          and ${counted(organisationId)} and i.read_type <> 'estimated'
        order by i.date_from desc, i.id desc
        limit 1
      ) s on true
    )
    select m.id as meter_id, m.account, m.local_name, min(e.date_from)::text as since, count(*)::int as estimates
    from estimated e join stops s on s.meter_id = e.meter_id
    join meters m on m.organisation_id = ${organisationId} and m.id = e.meter_id and m.deleted_at is null
    where (s.id is null or (e.date_from, e.id) > (s.date_from, s.id))
      ${andAmong('m.id', visible)}
    group by m.id, m.account, m.local_name
    order by min(e.date_from), lower(m.local_name), m.id`);
  return rows.rows;
}

export type ReportMeterRow = {
  id: number;
  local_name: string;
  site_name: string;
  energy: string | null;
  retailer: string | null;
  meter_open: string | null;
  meter_close: string | null;
  transient_meter: boolean;
};

/**
 * The live data sources of the Invoice Entry Report: those that take invoices (the Invoices tab's rule: not a
 * check meter, not transactional or consumption-only, not inheriting a submeter) and are in the invoice report
 * (their Details setting); optionally only the ids named, a data type or a retailer, and those visible.
 */
export async function invoiceReportMeters(
  db: DbOrTx,
  organisationId: number,
  filter: {
    ids: readonly number[] | null;
    energy: number | null;
    retailer: number | null;
    visible: readonly number[] | null;
  },
) {
  const rows = await db.execute<ReportMeterRow>(sql`
    select m.id, m.local_name, s.name as site_name, d.name as energy, r.name as retailer,
      m.meter_open::text as meter_open, m.meter_close::text as meter_close, m.transient_meter
    from meters m
    join sites s on s.organisation_id = m.organisation_id and s.id = m.site_id
    left join data_types d on d.id = m.energy_id
    left join retailers r on r.id = m.retailer_id
    where m.organisation_id = ${organisationId} and m.deleted_at is null and m.invoice_report
      and m.metlvl_id <> 2 and m.meter_type not in (7, 8, 9) and not m.inherit_submeter
      ${andAmong('m.id', filter.ids)}
      ${filter.energy === null ? sql`` : sql`and m.energy_id = ${filter.energy}`}
      ${filter.retailer === null ? sql`` : sql`and m.retailer_id = ${filter.retailer}`}
      ${andAmong('m.id', filter.visible)}
    order by lower(s.name), lower(m.local_name), m.id`);
  return rows.rows;
}

/** The meters' notes that mark a period with no invoices on purpose. */
const notes = (organisationId: number, meterIds: readonly number[] | null) =>
  sql`j.organisation_id = ${organisationId} ${andAmong('j.meter_id', meterIds)}
    and j.invoice_gap_filler and j.invoice_id is null`;

/**
 * Brings the organisation's kept invoice runs (`meter_invoice_runs`) up to date: the meters whose invoices changed
 * since their last refresh (noted by triggers, migration 0067_meter_invoice_runs) get their runs from their invoices
 * as they stand. One refresh of an organisation at a time (an advisory lock), and only the notes it read are
 * removed: a note committed meanwhile stays for the next (docs/decisions/performance.md, The invoice entry report
 * reads kept runs).
 */
export async function refreshInvoiceRuns(db: Db, organisationId: number) {
  const noted = await db.execute<{ due: boolean }>(sql`
    select exists (select 1 from meter_invoice_runs_due where organisation_id = ${organisationId}) as due`);
  if (!noted.rows[0]?.due) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('meter_invoice_runs'), ${organisationId})`);
    await tx.execute(sql`
      with due as (
        delete from meter_invoice_runs_due where organisation_id = ${organisationId} returning meter_id
      )
      select refresh_meter_invoice_runs(${organisationId}::int, array(select distinct meter_id from due))`);
  });
}

/**
 * The periods that count as invoiced on the meters: every invoice, and the non-invoicing notes (an open one to
 * today), each meter's overlapping and adjacent periods merged into one: the days covered, first and last are
 * those of the periods themselves. The invoices come as each meter's runs, merged already as they were written
 * (`meter_invoice_runs`, docs/decisions/performance.md, The invoice entry report reads kept runs); merging runs
 * and notes gives what merging every invoice and note would. An open note starting after today covers no day and
 * is answered as it is. `meterIds` null: every meter of the organisation (the caller keeps those it reports).
 */
export async function coveredPeriods(
  db: DbOrTx,
  organisationId: number,
  meterIds: readonly number[] | null,
  today: string,
) {
  if (meterIds?.length === 0) return [];
  const rows = await db.execute<{ meter_id: number; date_from: string; date_till: string }>(sql`
    select meter_id, lower(r)::text as date_from, (upper(r) - 1)::text as date_till
    from (
      select meter_id, unnest(range_agg(daterange(date_from, date_till, '[]'))) as r
      from (
        select r.meter_id, r.date_from, r.date_till from meter_invoice_runs r
        where r.organisation_id = ${organisationId} ${andAmong('r.meter_id', meterIds)}
        union all
        select j.meter_id, j.date_from, coalesce(j.date_till, ${today}::date) from jobs j
        where ${notes(organisationId, meterIds)} and coalesce(j.date_till, ${today}::date) >= j.date_from
      ) periods
      group by meter_id
    ) merged
    union all
    select j.meter_id, j.date_from::text, ${today}::date::text from jobs j
    where ${notes(organisationId, meterIds)} and j.date_till is null and j.date_from > ${today}::date`);
  return rows.rows;
}
