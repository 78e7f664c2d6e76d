import type { DbOrTx } from '@verdant/db/client';
import { memberships, users } from '@verdant/db/schema/core';
import { emailedReports } from '@verdant/db/schema/emailed-reports';
import { ACCESS, USER_STATUS } from '@verdant/domain/constants';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';

/** SQL of an organisation's emailed reports (docs/decisions/reports.md, Schedules). */

export type EmailedRow = typeof emailedReports.$inferSelect;
export type EmailedValues = Omit<
  typeof emailedReports.$inferInsert,
  'id' | 'organisationId' | 'createdAt' | 'updatedAt'
>;
export type EmailedWithOwner = EmailedRow & { owner: string };

const ownerName = sql<string>`trim(${users.firstName} || ' ' || ${users.surname})`;
const inOrganisation = (organisationId: number, id: number) =>
  and(eq(emailedReports.organisationId, organisationId), eq(emailedReports.id, id));

export async function insertEmailed(db: DbOrTx, organisationId: number, values: EmailedValues) {
  const [row] = await db
    .insert(emailedReports)
    .values({ organisationId, ...values })
    .returning();
  return row as EmailedRow;
}

export function listEmailed(db: DbOrTx, organisationId: number): Promise<EmailedWithOwner[]> {
  return db
    .select({ row: emailedReports, owner: ownerName })
    .from(emailedReports)
    .innerJoin(users, eq(users.id, emailedReports.ownerId))
    .where(eq(emailedReports.organisationId, organisationId))
    .orderBy(asc(emailedReports.id))
    .then((rows) => rows.map((r) => ({ ...r.row, owner: r.owner })));
}

export async function findEmailed(
  db: DbOrTx,
  organisationId: number,
  id: number,
): Promise<EmailedWithOwner | undefined> {
  const [r] = await db
    .select({ row: emailedReports, owner: ownerName })
    .from(emailedReports)
    .innerJoin(users, eq(users.id, emailedReports.ownerId))
    .where(inOrganisation(organisationId, id));
  return r ? { ...r.row, owner: r.owner } : undefined;
}

export async function updateEmailed(
  db: DbOrTx,
  organisationId: number,
  id: number,
  set: Partial<EmailedValues>,
) {
  await db
    .update(emailedReports)
    .set({ ...set, updatedAt: sql`now()` })
    .where(inOrganisation(organisationId, id));
}

export async function deleteEmailed(db: DbOrTx, organisationId: number, id: number) {
  await db.delete(emailedReports).where(inOrganisation(organisationId, id));
}

/** Moves the reports of `from` (only `ids`, when given) to `to`; answers the ids moved. */
export async function reassignEmailed(
  db: DbOrTx,
  organisationId: number,
  from: number,
  to: number,
  ids: number[] | null,
) {
  const rows = await db
    .update(emailedReports)
    .set({ ownerId: to, updatedAt: sql`now()` })
    .where(
      and(
        eq(emailedReports.organisationId, organisationId),
        eq(emailedReports.ownerId, from),
        ids ? inArray(emailedReports.id, ids) : undefined,
      ),
    )
    .returning({ id: emailedReports.id });
  return rows.map((r) => r.id);
}

/** The organisation's active editors and administrators: who may own an emailed report. */
export function reportOwners(db: DbOrTx, organisationId: number, only?: number) {
  return db
    .select({ id: users.id, name: ownerName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organisationId, organisationId),
        eq(memberships.orgBlocked, false),
        eq(users.statusId, USER_STATUS.active),
        or(eq(memberships.admin, true), lt(memberships.accessId, ACCESS.observer)),
        sql`${memberships.accessId} <> ${ACCESS.barred}`,
        only === undefined ? undefined : eq(users.id, only),
      ),
    )
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.surname})`), asc(users.id));
}
