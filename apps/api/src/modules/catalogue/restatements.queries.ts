import type { RestatementPreview } from '@verdant/contracts/catalogue-restatements';
import type { DbOrTx } from '@verdant/db/client';
import type { FactEmissions, OrganisationInfo } from '@verdant/domain/editions/restatement-preview';
import { sql } from 'drizzle-orm';
import { pinTo } from './restatement-deltas.queries';

/** The statements of restatements (restatements.service.ts). */

const ids = (list: readonly number[]) => sql`${sql.param([...list])}::int[]`;

/** The live meters whose figures an edition's factors reach: of its data types, or composites of them. */
export async function metersOfEditions(db: DbOrTx, editionIds: readonly number[]) {
  const rows = await db.execute<{ id: number }>(sql`
    with types as (select distinct data_type_id as id from emission_factors where edition_id = any(${ids(editionIds)}))
    select m.id from meters m
    where m.deleted_at is null and (m.energy_id in (select id from types)
      or m.energy_id in (select composite_id from composite_components where component_id in (select id from types)))
    order by m.id`);
  return rows.rows.map((r) => r.id);
}

/** `column = the one id` when there is one, so one shard answers (docs/scaling.md, Shard readiness); else any. */
const oneOrAny = (column: string, list: readonly number[]) =>
  list.length === 1 ? sql`${sql.raw(column)} = ${list[0]}` : sql`${sql.raw(column)} = any(${ids(list)})`;

export async function metersOfOrganisation(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{ id: number }>(
    sql`select id from meters where organisation_id = ${organisationId} and deleted_at is null order by id`,
  );
  return rows.rows.map((r) => r.id);
}

/** The emissions facts of some meters (those that count in emissions). */
export async function factsOf(
  db: DbOrTx,
  meterIds: readonly number[],
  organisationId?: number,
): Promise<FactEmissions[]> {
  const rows = await db.execute<FactEmissions & Record<string, unknown>>(sql`
    select organisation_id as "organisationId", meter_id as "meterId", month::text as month,
      coalesce(co2e_scope1, 0)::float8 as s1, coalesce(co2e_scope2_location, 0)::float8 as "s2Location",
      coalesce(co2e_scope2_market, 0)::float8 as "s2Market", coalesce(co2e_scope3, 0)::float8 as s3
    from monthly_facts where meter_id = any(${ids(meterIds)}) and counts_emissions
      ${pinTo('organisation_id', organisationId)}`);
  return rows.rows;
}

/** The organisations' whole reporting years (every meter), by scope. */
export async function yearTotals(db: DbOrTx, organisationIds: readonly number[]) {
  if (organisationIds.length === 0) return [];
  const rows = await db.execute<{
    organisationId: number;
    year: number;
    s1: number;
    s2Location: number;
    s2Market: number;
    s3: number;
  }>(sql`
    select f.organisation_id as "organisationId",
      (extract(year from f.month) + case when o.reporting_year_end <> 12
        and extract(month from f.month) > o.reporting_year_end then 1 else 0 end)::int as year,
      sum(coalesce(f.co2e_scope1, 0))::float8 as s1, sum(coalesce(f.co2e_scope2_location, 0))::float8 as "s2Location",
      sum(coalesce(f.co2e_scope2_market, 0))::float8 as "s2Market", sum(coalesce(f.co2e_scope3, 0))::float8 as s3
    from monthly_facts f join organisations o on o.id = f.organisation_id
    where ${oneOrAny('f.organisation_id', organisationIds)} and f.counts_emissions
    group by 1, 2`);
  return rows.rows;
}

export async function organisationInfos(db: DbOrTx, organisationIds: readonly number[]) {
  const rows = await db.execute<OrganisationInfo & Record<string, unknown>>(sql`
    select o.id, o.name, o.reporting_year_end as "yearEnd", coalesce(p.significance_threshold, 5)::float8 as threshold
    from organisations o left join organisation_edition_policies p
      on ${organisationIds.length === 1 ? sql`p.organisation_id = ${organisationIds[0]}` : sql`p.organisation_id = o.id`}
    where o.id = any(${ids(organisationIds)})`);
  return rows.rows;
}

export type RestatementRow = {
  id: number;
  kind: 'publish' | 'choice';
  status: 'proposed' | 'running' | 'done' | 'failed' | 'cancelled' | 'stale';
  reason: string;
  organisation_id: number | null;
  edition_id: number | null;
  edition_name: string | null;
  previous_edition_id: number | null;
  previous_edition_name: string | null;
  change: Record<string, unknown>;
  preview: RestatementPreview;
  proposed_by: string | null;
  proposed_at: string;
  confirmed_by: string | null;
  confirmed_by_id: number | null;
  confirmed_at: string | null;
  job_id: number | null;
};

const person = (column: string) =>
  sql.raw(`(select nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.surname, '')), '') from users u
    where u.id = r.${column})`);

export async function restatement(db: DbOrTx, id: number, lock = false) {
  const rows = await db.execute<RestatementRow>(sql`
    select r.id, r.kind, r.status, r.reason, r.organisation_id, r.edition_id, e.name as edition_name,
      r.previous_edition_id, p.name as previous_edition_name, r.change, r.preview,
      ${person('proposed_by')} as proposed_by, r.proposed_at::text as proposed_at,
      ${person('confirmed_by')} as confirmed_by, r.confirmed_by as confirmed_by_id,
      r.confirmed_at::text as confirmed_at, r.job_id
    from restatements r left join emission_factor_editions e on e.id = r.edition_id
    left join emission_factor_editions p on p.id = r.previous_edition_id
    where r.id = ${id} ${lock ? sql`for update of r` : sql``}`);
  return rows.rows[0];
}

export async function insertRestatement(
  db: DbOrTx,
  r: {
    kind: 'publish' | 'choice';
    organisationId: number | null;
    editionId: number | null;
    previousEditionId: number | null;
    change: object;
    reason: string;
    preview: RestatementPreview;
    userId: number;
  },
) {
  const rows = await db.execute<{ id: number }>(sql`
    insert into restatements (kind, organisation_id, edition_id, previous_edition_id, change, reason, preview,
      proposed_by)
    values (${r.kind}, ${r.organisationId}, ${r.editionId}, ${r.previousEditionId}, ${JSON.stringify(r.change)}::jsonb,
      ${r.reason}, ${JSON.stringify(r.preview)}::jsonb, ${r.userId})
    returning id`);
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new Error('restatement not created');
  return id;
}

/** Keeps the facts a restatement replaces, as they were (reports "as originally reported"). */
export async function keepFacts(db: DbOrTx, restatementId: number, meterIds: readonly number[]) {
  await db.execute(sql`
    insert into restated_facts (restatement_id, organisation_id, meter_id, month, co2e_scope1, co2e_scope2_location,
      co2e_scope2_market, co2e_scope3, days_factored, factor_versions)
    select ${restatementId}, organisation_id, meter_id, month, co2e_scope1, co2e_scope2_location, co2e_scope2_market,
      co2e_scope3, days_factored, factor_versions
    from monthly_facts where meter_id = any(${ids(meterIds)})`);
}

export async function finish(db: DbOrTx, id: number, userId: number, preview: RestatementPreview) {
  await db.execute(sql`
    update restatements set status = 'done', confirmed_by = coalesce(confirmed_by, ${userId}),
      confirmed_at = coalesce(confirmed_at, now()), finished_at = now(),
      preview = ${JSON.stringify(preview)}::jsonb
    where id = ${id}`);
  for (const o of preview.byOrganisation) {
    await db.execute(sql`
      insert into restatement_organisations (restatement_id, organisation_id, totals, meters, change_percent, threshold)
      values (${id}, ${o.organisationId}, ${JSON.stringify(o.years)}::jsonb, ${o.meters}, ${o.changePercent},
        ${o.threshold})`);
  }
}

export async function organisationRestatements(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{
    id: number;
    kind: 'publish' | 'choice';
    reason: string;
    confirmed_by: string | null;
    confirmed_at: string | null;
    edition_before: string | null;
    edition_after: string | null;
    meters: number;
    years: RestatementPreview['byOrganisation'][number]['years'];
    change_percent: number | null;
    threshold: number;
  }>(sql`
    select r.id, r.kind, r.reason, ${person('confirmed_by')} as confirmed_by, r.confirmed_at::text as confirmed_at,
      p.name as edition_before, e.name as edition_after, x.meters, x.totals as years,
      x.change_percent::float8 as change_percent, x.threshold::float8 as threshold
    from restatement_organisations x join restatements r on r.id = x.restatement_id
    left join emission_factor_editions e on e.id = r.edition_id
    left join emission_factor_editions p on p.id = r.previous_edition_id
    where x.organisation_id = ${organisationId} and r.status = 'done'
    order by r.confirmed_at desc, r.id desc`);
  return rows.rows;
}

/** A confirmed restatement handed to its job: who confirmed it, when, and the job that applies it. */
export async function startRestatement(db: DbOrTx, id: number, jobId: number, userId: number) {
  await db.execute(sql`update restatements set status = 'running', job_id = ${jobId}, confirmed_by = ${userId},
    confirmed_at = now() where id = ${id}`);
}

/** A restatement its job refused (stale, or its organisations busy): nothing of it was applied. */
export async function endRestatement(db: DbOrTx, id: number, status: 'failed' | 'stale' | 'cancelled') {
  await db.execute(sql`update restatements set status = ${status}, finished_at = now()
    where id = ${id} and status = 'running'`);
}

/** The organisations of other restatements whose jobs are applying them now. */
export async function busyOrganisations(db: DbOrTx, exceptId: number) {
  const rows = await db.execute<{ id: number; name: string }>(sql`
    select distinct o.id, o.name from restatements r
    cross join lateral jsonb_array_elements(coalesce(r.preview->'byOrganisation', '[]'::jsonb)) x
    join organisations o on o.id = (x->>'organisationId')::int
    where r.status = 'running' and r.id <> ${exceptId}
    union
    select o.id, o.name from restatements r join organisations o on o.id = r.organisation_id
    where r.status = 'running' and r.id <> ${exceptId}`);
  return rows.rows;
}
