import type { DbOrTx } from '@verdant/db/client';
import { andAmong } from '@verdant/db/sql-arrays';
import { sql } from 'drizzle-orm';
import type { ReportRestatement } from './report-document';

/** SQL of a report's provenance: the factor editions behind the facts, and restatements of its months. */

export type EditionRow = {
  source: string;
  edition: string | null;
  publisher: string | null;
  published: string | null;
  title: string | null;
  url: string | null;
  gwp: string | null;
};

/** The sources and editions of the emission factor versions the facts used (catalogue rows, no organisation). */
export async function editionsOf(db: DbOrTx, versionIds: number[]): Promise<EditionRow[]> {
  if (versionIds.length === 0) return [];
  const rows = await db.execute<EditionRow>(sql`
    select distinct s.name as source, e.name as edition, nullif(e.publisher, '') as publisher,
      e.published::text as published, e.source_title as title, e.source_url as url,
      e.gwp_set as gwp
    from emission_factor_versions v
    join emission_factors f on f.id = v.factor_id
    join emission_factor_sources s on s.id = f.source_id
    left join emission_factor_editions e on e.id = f.edition_id
    where v.id = any(${sql.param(versionIds)}::int[])
    order by 1, 2`);
  return rows.rows;
}

/**
 * Restatements that replaced facts of these meters in these months, first first: each with its number and the
 * editions it swapped (null for a change of the organisation's choice).
 */
export async function restatementsOf(
  db: DbOrTx,
  organisationId: number,
  meterIds: number[] | null,
  from: string,
  till: string,
) {
  const rows = await db.execute<ReportRestatement>(sql`
    select r.id, coalesce(r.finished_at, r.confirmed_at, r.proposed_at)::date::text as date, r.reason, r.status,
      p.name as "editionBefore", e.name as "editionAfter"
    from restatements r
    left join emission_factor_editions e on e.id = r.edition_id
    left join emission_factor_editions p on p.id = r.previous_edition_id
    where exists (
      select 1 from restated_facts f
      where f.restatement_id = r.id and f.organisation_id = ${organisationId}
        and f.month between ${from} and ${till}
        ${andAmong('f.meter_id', meterIds)})
    order by 2, r.id`);
  return rows.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Whether a restatement done has replaced some of the organisation's facts (a few rows an organisation). */
export async function hasRestatements(db: DbOrTx, organisationId: number): Promise<boolean> {
  const rows = await db.execute<{ any: boolean }>(sql`
    select exists (
      select 1 from restatement_organisations x
      join restatements r on r.id = x.restatement_id and r.status = 'done'
      where x.organisation_id = ${organisationId}) as any`);
  return rows.rows[0]?.any === true;
}

export type PortalApprovalRow = { received: number; approved: number; awaiting: number };

/**
 * Figures entered through data-entry portals for periods inside the report's months on its meters (null: all of
 * the organisation's): how many arrived, how many are approved, how many await a review or a second approval.
 */
export async function portalApprovalOf(
  db: DbOrTx,
  organisationId: number,
  meterIds: number[] | null,
  from: string,
  till: string,
): Promise<PortalApprovalRow> {
  const rows = await db.execute<PortalApprovalRow>(sql`
    select count(*)::int as received,
      (count(*) filter (where e.status = 'approved'))::int as approved,
      (count(*) filter (where e.status in ('awaiting review', 'reviewed')))::int as awaiting
    from portal_entries e
    join portal_quantities q on q.organisation_id = e.organisation_id and q.id = e.quantity_id
    where e.organisation_id = ${organisationId} ${andAmong('q.meter_id', meterIds)}
      and e.period_start >= ${from}::date and e.period_end < (${till}::date + interval '1 month')`);
  return rows.rows[0] ?? { received: 0, approved: 0, awaiting: 0 };
}
