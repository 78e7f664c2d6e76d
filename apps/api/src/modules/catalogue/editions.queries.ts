import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

/** The statements of editions loaded from files and of the saved mappings (editions.service.ts). */

export type EditionRow = {
  id: number;
  source_id: number;
  name: string;
  publisher: string;
  status: 'draft' | 'published' | 'superseded' | 'withdrawn';
  published: string | null;
  covers_from: number | null;
  covers_till: number | null;
  source_title: string | null;
  source_url: string | null;
  source_sha256: string | null;
  gwp_set: 'AR4' | 'AR5' | 'AR6';
  changelog: string | null;
  supersedes_id: number | null;
  layout: string | null;
  skipped: { line: number; reason: string }[] | null;
  factor_count: number;
  created_at: string;
  published_at: string | null;
  current_from: string | null;
  current_till: string | null;
};

const editionColumns = sql`e.id, e.source_id, e.name, e.publisher, e.status, e.published::text as published,
  e.covers_from, e.covers_till, e.source_title, e.source_url, e.source_sha256, e.gwp_set, e.changelog,
  e.supersedes_id, e.layout, e.skipped, e.created_at::text as created_at, e.published_at::text as published_at,
  e.current_from::text as current_from, e.current_till::text as current_till,
  (select count(*)::int from emission_factors f where f.edition_id = e.id) as factor_count`;

/** The default set's editions, newest publication first (unknown dates last), drafts on top. */
export async function editions(db: DbOrTx) {
  const rows = await db.execute<EditionRow>(sql`
    select ${editionColumns} from emission_factor_editions e
    join emission_factor_sources s on s.id = e.source_id and s.is_default
    order by (e.status = 'draft') desc, e.published desc nulls last, e.id desc`);
  return rows.rows;
}

export async function edition(db: DbOrTx, id: number, lock = false) {
  const rows = await db.execute<EditionRow>(sql`
    select ${editionColumns} from emission_factor_editions e where e.id = ${id}
    ${lock ? sql`for update of e` : sql``}`);
  return rows.rows[0];
}

export async function nameInUse(db: DbOrTx, sourceId: number, name: string) {
  const rows = await db.execute(sql`
    select 1 from emission_factor_editions where source_id = ${sourceId} and lower(name) = lower(${name})`);
  return rows.rows.length > 0;
}

/** The edition a new one of the same publisher is compared with: the one it corrects, else the latest published. */
export async function previousEdition(
  db: DbOrTx,
  e: Pick<EditionRow, 'id' | 'source_id' | 'publisher' | 'supersedes_id'>,
) {
  const rows = await db.execute<{ id: number; name: string }>(sql`
    select id, name from emission_factor_editions
    where ${
      e.supersedes_id === null
        ? sql`source_id = ${e.source_id} and lower(publisher) = lower(${e.publisher}) and status = 'published'
            and id <> ${e.id}`
        : sql`id = ${e.supersedes_id}`
    }
    order by published desc nulls last, id desc limit 1`);
  return rows.rows[0] ?? null;
}

export type EditionFactorRow = {
  dataTypeId: number;
  dataTypeName: string;
  scope: number;
  basis: string | null;
  from: string;
  till: string | null;
  rate: number;
};

export async function editionFactors(db: DbOrTx, editionId: number) {
  const rows = await db.execute<EditionFactorRow>(sql`
    select f.data_type_id as "dataTypeId", d.name as "dataTypeName", f.scope, f.scope2_basis as basis,
      f.start_date::text as "from", f.end_date::text as till, f.rate::float8 as rate
    from emission_factors f join data_types d on d.id = f.data_type_id
    where f.edition_id = ${editionId}`);
  return rows.rows;
}

/** Global data types by lower-case name, and their units by lower-case name. */
export async function dataTypesWithUnits(db: DbOrTx) {
  const rows = await db.execute<{
    id: number;
    name: string;
    units: { id: number; name: string; conversion: string }[];
  }>(sql`
    select d.id, d.name, coalesce(json_agg(json_build_object('id', u.id, 'name', u.name,
      'conversion', u.conversion_to_standard::text)) filter (where u.id is not null), '[]') as units
    from data_types d left join units u on u.data_type_id = d.id
    where d.organisation_id is null group by d.id`);
  return rows.rows;
}

export type MappingRow = {
  id: number;
  layout: string;
  key: string;
  dataTypeId: number;
  dataTypeName: string;
  scope: number;
  basis: 'location' | 'residual-mix' | null;
  unitId: number;
  unitName: string;
  conversion: string;
};

export async function mappings(db: DbOrTx, layout?: string) {
  const rows = await db.execute<MappingRow>(sql`
    select m.id, m.layout, m.key, m.data_type_id as "dataTypeId", d.name as "dataTypeName", m.scope,
      m.scope2_basis as basis, m.unit_id as "unitId", u.name as "unitName", u.conversion_to_standard::text as conversion
    from factor_mappings m join data_types d on d.id = m.data_type_id join units u on u.id = m.unit_id
    ${layout === undefined ? sql`` : sql`where m.layout = ${layout}`}
    order by m.layout, m.key, d.name`);
  return rows.rows;
}

export interface NewFactor {
  data_type_id: number;
  scope: number;
  basis: string | null;
  rate: number;
  co2: number | null;
  ch4: number | null;
  n2o: number | null;
  start_date: string;
  end_date: string | null;
  activity: string;
  published_unit: string;
  published_rate: number;
}

/** An edition's factors, each with its version 1, in one statement. */
export async function insertFactors(
  db: DbOrTx,
  editionId: number,
  sourceId: number,
  userId: number,
  factors: NewFactor[],
) {
  if (factors.length === 0) return;
  await db.execute(sql`
    with rows as (
      select * from json_to_recordset(${JSON.stringify(factors)}::json) as r(data_type_id int, scope int,
        basis text, rate numeric, co2 numeric, ch4 numeric, n2o numeric, start_date date, end_date date,
        activity text, published_unit text, published_rate numeric)
    ),
    ins as (
      insert into emission_factors (edition_id, scope2_basis, data_type_id, source_id, scope, rate, co2, ch4, n2o,
        start_date, end_date, activity, published_unit, published_rate)
      select ${editionId}, basis, data_type_id, ${sourceId}, scope, rate, co2, ch4, n2o, start_date, end_date,
        activity, published_unit, published_rate
      from rows
      returning id, rate, co2, ch4, n2o, start_date, end_date
    )
    insert into emission_factor_versions (factor_id, version, rate, co2, ch4, n2o, start_date, end_date,
      changed_by, reason)
    select id, 1, rate, co2, ch4, n2o, start_date, end_date, ${userId}, 'Loaded with its edition' from ins`);
}
