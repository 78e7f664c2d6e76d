import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

/**
 * What a change of an organisation's factor source can move (docs/decisions/ledger.md, The factor in force): only
 * the factors of the organisation's own sets involved, since the default set fills every day they leave, before
 * and after. Answers the first day any of them covers (null when they have none: no figure moves) and the
 * organisation's live meters of their data types, or of composites of them.
 */
export async function factorSourceReach(db: DbOrTx, organisationId: number, sourceIds: readonly number[]) {
  const ids = sql`${sql.param([...new Set(sourceIds)])}::int[]`;
  const rows = await db.execute<{ from: string | null; meters: number[] | null }>(sql`
    with factors as (
      select f.data_type_id, f.start_date from emission_factors f
      join emission_factor_sources s on s.id = f.source_id and not s.is_default
      where f.source_id = any(${ids}))
    select (select min(start_date)::text from factors) as from,
      (select array_agg(m.id order by m.id) from meters m
        where m.organisation_id = ${organisationId} and m.deleted_at is null
          and (m.energy_id in (select data_type_id from factors)
            or m.energy_id in (select composite_id from composite_components
              where component_id in (select data_type_id from factors)))) as meters`);
  const row = rows.rows[0];
  return { from: row?.from ?? null, meterIds: row?.meters ?? [] };
}

/** Every factor source the organisation has chosen at any time (its history), and its current one. */
export async function sourcesChosen(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{ id: number }>(sql`
    select source_id as id from organisation_factor_sources where organisation_id = ${organisationId}
    union select emission_factor_data_source_id from organisations
    where id = ${organisationId} and emission_factor_data_source_id is not null`);
  return rows.rows.map((r) => r.id);
}
