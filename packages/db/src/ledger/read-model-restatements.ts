import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { andAmong } from '../sql-arrays';

/** A restatement done that replaced some facts a figure reads: its number, day and the editions it swapped. */
export type FactRestatement = {
  id: number;
  /** 'yyyy-MM-dd'. */
  date: string;
  editionBefore: string | null;
  editionAfter: string | null;
};

/**
 * The restatements done that replaced facts of an organisation's meters in a range of months, first first
 * (docs/decisions/factor-editions.md, Every report of kg CO2e restated or as originally reported): what a
 * download of kg CO2e read as they stand names on its closing line. `visible` (null: every meter) and `siteIds`
 * narrow the meters as the figures' own query does. Reads restated_facts by organisation and month (its index).
 */
export async function factRestatements(
  db: DbOrTx,
  query: { organisationId: number; from: string; till: string; visible: number[] | null; siteIds?: number[] },
): Promise<FactRestatement[]> {
  const meters = andAmong('f.meter_id', query.visible);
  const sites =
    query.siteIds === undefined
      ? sql``
      : sql`and f.meter_id in (select m.id from meters m where m.organisation_id = ${query.organisationId}
          and m.site_id = any(${sql.param(query.siteIds)}::int[]))`;
  const rows = await db.execute<FactRestatement>(sql`
    select r.id, coalesce(r.finished_at, r.confirmed_at, r.proposed_at)::date::text as date,
      p.name as "editionBefore", e.name as "editionAfter"
    from restatements r
    left join emission_factor_editions e on e.id = r.edition_id
    left join emission_factor_editions p on p.id = r.previous_edition_id
    where r.status = 'done' and exists (
      select 1 from restated_facts f
      where f.restatement_id = r.id and f.organisation_id = ${query.organisationId}
        and f.month between ${query.from}::date and ${query.till}::date ${meters} ${sites})
    order by 2, r.id`);
  return rows.rows.map((r) => ({ ...r, id: Number(r.id) }));
}
