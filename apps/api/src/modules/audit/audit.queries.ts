import type { AuditQuery } from '@verdant/contracts/audit';
import type { DbOrTx } from '@verdant/db/client';
import { auditEvents } from '@verdant/db/schema/audit';
import { and, asc, count, desc, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';

type Filters = Omit<AuditQuery, 'page'>;

function where(organisationId: number, f: Filters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(auditEvents.organisationId, organisationId)];
  if (f.person !== undefined) conditions.push(eq(auditEvents.actorUserId, f.person));
  if (f.assetType) conditions.push(eq(auditEvents.assetType, f.assetType));
  if (f.assetId !== undefined) conditions.push(eq(auditEvents.assetId, f.assetId));
  if (f.action) conditions.push(eq(auditEvents.action, f.action));
  if (f.from) conditions.push(gte(auditEvents.occurredAt, sql`${f.from}::date`));
  if (f.to) conditions.push(lt(auditEvents.occurredAt, sql`${f.to}::date + 1`));
  return and(...conditions);
}

export async function listEvents(
  db: DbOrTx,
  organisationId: number,
  f: Filters,
  limit: number,
  offset: number,
) {
  return db
    .select()
    .from(auditEvents)
    .where(where(organisationId, f))
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(limit)
    .offset(offset);
}

export async function countEvents(db: DbOrTx, organisationId: number, f: Filters) {
  const [row] = await db.select({ n: count() }).from(auditEvents).where(where(organisationId, f));
  return row?.n ?? 0;
}

export async function people(db: DbOrTx, organisationId: number) {
  return db
    .selectDistinctOn([auditEvents.actorUserId], {
      id: sql<number>`${auditEvents.actorUserId}`,
      name: sql<string>`coalesce(${auditEvents.actorName}, '')`,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.organisationId, organisationId), isNotNull(auditEvents.actorUserId)))
    .orderBy(asc(auditEvents.actorUserId), desc(auditEvents.id));
}

export async function actions(db: DbOrTx, organisationId: number) {
  const rows = await db
    .selectDistinct({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.organisationId, organisationId))
    .orderBy(asc(auditEvents.action));
  return rows.map((r) => r.action);
}

/** Where a recorded id's name lives: a reference list, or an organisation's (or the catalogue's) table. */
export type NameSource =
  | { list: string }
  | {
      table:
        | 'organisations'
        | 'sites'
        | 'entities'
        | 'meters'
        | 'groupings'
        | 'units'
        | 'data_types'
        | 'emission_factor_sources'
        | 'retailers';
    };

const NAME_SQL: Record<Exclude<NameSource, { list: string }>['table'], (org: number, ids: string) => SQL> = {
  organisations: (org, ids) =>
    sql`select id, name from organisations where id = ${org} and id = any(${ids}::int[])`,
  sites: (org, ids) =>
    sql`select id, name from sites where organisation_id = ${org} and id = any(${ids}::int[])`,
  entities: (org, ids) =>
    sql`select id, name from entities where organisation_id = ${org} and id = any(${ids}::int[])`,
  // One global list.
  retailers: (_org, ids) => sql`select id, name from retailers where id = any(${ids}::int[])`,
  meters: (org, ids) =>
    sql`select id, local_name as name from meters where organisation_id = ${org} and id = any(${ids}::int[])`,
  groupings: (org, ids) =>
    sql`select id, name from groupings where organisation_id = ${org} and id = any(${ids}::int[])`,
  // The catalogue's rows (no organisation) and the organisation's own.
  data_types: (org, ids) => sql`select id, name from data_types
      where (organisation_id is null or organisation_id = ${org}) and id = any(${ids}::int[])`,
  units: (org, ids) => sql`select u.id, u.name from units u join data_types d on d.id = u.data_type_id
      where (d.organisation_id is null or d.organisation_id = ${org}) and u.id = any(${ids}::int[])`,
  emission_factor_sources: (org, ids) => sql`select id, name from emission_factor_sources
      where (organisation_id is null or organisation_id = ${org}) and id = any(${ids}::int[])`,
};

export const sourceKey = (s: NameSource) => ('list' in s ? `list:${s.list}` : s.table);

/**
 * The names of the ids an organisation's history page names, every source in one statement. Answers
 * key -> id -> name; an id not found (deleted for good, or another organisation's) is left out.
 */
export async function names(
  db: DbOrTx,
  organisationId: number,
  wanted: { source: NameSource; ids: number[] }[],
): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  if (wanted.length === 0) return out;
  const parts = wanted.map(({ source, ids: list }) => {
    const key = sourceKey(source);
    const ids = `{${list.join(',')}}`;
    const select =
      'list' in source
        ? sql`select id, descr as name from lookup_items where list = ${source.list} and id = any(${ids}::int[])`
        : NAME_SQL[source.table](organisationId, ids);
    return sql`select ${key}::text as key, id, name from (${select}) n`;
  });
  const rows = await db.execute<{ key: string; id: number; name: string }>(sql.join(parts, sql` union all `));
  for (const r of rows.rows) {
    const byId = out.get(r.key) ?? new Map<number, string>();
    byId.set(Number(r.id), r.name);
    out.set(r.key, byId);
  }
  return out;
}
