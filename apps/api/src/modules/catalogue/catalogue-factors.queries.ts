import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import type { Caller } from '../../plugins/auth';

export type FactorRow = {
  id: number;
  data_type_id: number;
  source_id: number;
  scope: number;
  scope2_basis: 'location' | 'residual-mix' | null;
  rate: string;
  co2: string | null;
  ch4: string | null;
  n2o: string | null;
  start_date: string;
  end_date: string | null;
  notes: string | null;
  version: number;
  edition_id: number | null;
  edition_name: string | null;
  edition_status: string | null;
};

const factorColumns = sql`f.id, f.data_type_id, f.source_id, f.scope, f.scope2_basis, f.rate::text as rate,
  f.co2::text as co2, f.ch4::text as ch4, f.n2o::text as n2o, f.start_date, f.end_date, f.notes, f.version,
  f.edition_id, e.name as edition_name, e.status as edition_status`;

export async function defaultSourceId(db: DbOrTx): Promise<number> {
  const rows = await db.execute<{ id: number }>(
    sql`select id from emission_factor_sources where is_default order by id limit 1`,
  );
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new Error('the catalogue has no default factor source');
  return id;
}

export async function source(db: DbOrTx, id: number) {
  const rows = await db.execute<{
    id: number;
    name: string;
    is_default: boolean;
    organisation_id: number | null;
  }>(sql`select id, name, is_default, organisation_id from emission_factor_sources where id = ${id}`);
  return rows.rows[0];
}

export async function sources(db: DbOrTx, organisationId?: number) {
  const only =
    organisationId === undefined ? sql`` : sql`where s.is_default or s.organisation_id = ${organisationId}`;
  const rows = await db.execute<{
    id: number;
    name: string;
    isDefault: boolean;
    organisationId: number | null;
  }>(
    sql`select s.id, s.name, s.is_default as "isDefault", s.organisation_id as "organisationId"
    from emission_factor_sources s ${only} order by s.is_default desc, s.name, s.id`,
  );
  return rows.rows;
}

export async function factorsOf(db: DbOrTx, dataTypeId: number, sourceId: number) {
  const rows = await db.execute<FactorRow>(sql`
    select ${factorColumns}
    from emission_factors f left join emission_factor_editions e on e.id = f.edition_id
    where f.data_type_id = ${dataTypeId} and f.source_id = ${sourceId}
    order by f.scope, f.scope2_basis nulls first, f.start_date, e.published nulls first, f.id`);
  return rows.rows;
}

export async function factor(db: DbOrTx, id: number) {
  const rows = await db.execute<FactorRow>(sql`
    select ${factorColumns}
    from emission_factors f left join emission_factor_editions e on e.id = f.edition_id
    where f.id = ${id}`);
  return rows.rows[0];
}

/** Locks the factors of one data type (every source) while a change checks for overlaps and writes. */
export async function lockFactors(db: DbOrTx, dataTypeId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(74231, ${dataTypeId}::int)`);
}

export interface HandFactor {
  dataTypeId: number;
  sourceId: number;
  scope: number;
  basis: 'location' | 'residual-mix' | null;
  rate: string;
  startDate: string;
  endDate: string | null;
  notes: string | null;
  reason: string | null;
  editionId?: number | null;
}

/** A factor entered by hand (or into a draft edition), with its version 1. */
export async function insertHandFactor(db: DbOrTx, a: Caller, f: HandFactor) {
  const rows = await db.execute<{ id: number }>(sql`
    insert into emission_factors (edition_id, scope2_basis, data_type_id, source_id, scope, rate, start_date,
      end_date, notes)
    values (${f.editionId ?? null}, ${f.basis}, ${f.dataTypeId}, ${f.sourceId}, ${f.scope}, ${f.rate},
      ${f.startDate}, ${f.endDate}, ${f.notes})
    returning id`);
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new Error('factor not created');
  await db.execute(sql`
    insert into emission_factor_versions (factor_id, version, rate, start_date, end_date, changed_by, reason)
    values (${id}, 1, ${f.rate}, ${f.startDate}, ${f.endDate}, ${a.user.id}, ${f.reason})`);
  return id;
}

/** A new version of a factor: the row takes the new values, the version row keeps them with who and why. */
export async function updateFactor(db: DbOrTx, a: Caller, id: number, f: HandFactor) {
  const rows = await db.execute<{ version: number }>(sql`
    update emission_factors set scope = ${f.scope}, scope2_basis = ${f.basis}, rate = ${f.rate},
      start_date = ${f.startDate}, end_date = ${f.endDate}, notes = ${f.notes}, version = version + 1
    where id = ${id} returning version`);
  const version = rows.rows[0]?.version;
  await db.execute(sql`
    insert into emission_factor_versions (factor_id, version, rate, start_date, end_date, changed_by, reason)
    values (${id}, ${version}, ${f.rate}, ${f.startDate}, ${f.endDate}, ${a.user.id}, ${f.reason})`);
}
