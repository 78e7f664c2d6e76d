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
