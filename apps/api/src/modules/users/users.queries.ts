import type { DbOrTx } from '@verdant/db/client';
import { memberships, signInIdentifiers, users } from '@verdant/db/schema/core';
import { ACCESS } from '@verdant/domain/constants';
import { and, asc, count, eq, ilike, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { preparedStatement } from '../../lib/prepared';

export type UserRow = typeof users.$inferSelect;
export type MemberRow = { user: UserRow; membership: typeof memberships.$inferSelect };

function nameFilter(q: string | undefined) {
  if (!q) return undefined;
  const like = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  return or(
    ilike(users.firstName, like),
    ilike(users.surname, like),
    ilike(users.loginId, like),
    ilike(users.email, like),
    ilike(sql`${users.firstName} || ' ' || ${users.surname}`, like),
  );
}

const memberPage = (
  db: DbOrTx,
  where: SQL | undefined,
  offset: number | Placeholder,
  limit: number | Placeholder,
) =>
  db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(asc(sql`lower(${users.surname})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .offset(offset)
    .limit(limit);

const memberCount = (db: DbOrTx, where: SQL | undefined) =>
  db.select({ n: count() }).from(memberships).innerJoin(users, eq(users.id, memberships.userId)).where(where);

// The users page as it opens (no search): prepared once (lib/prepared.ts).
const ofOrganisation = eq(memberships.organisationId, sql.placeholder('organisationId'));
const firstPageStatement = preparedStatement('members_page', (db) =>
  memberPage(db, ofOrganisation, sql.placeholder('offset'), sql.placeholder('limit')),
);
const countStatement = preparedStatement('members_count', (db) => memberCount(db, ofOrganisation));

/** One page of an organisation's members, by surname then first name, and how many there are in all. */
export async function listMembers(
  db: DbOrTx,
  organisationId: number,
  page: { offset: number; limit: number; q?: string },
) {
  const [rows, [total]] = page.q
    ? await Promise.all([
        memberPage(db, searched(organisationId, page.q), page.offset, page.limit),
        memberCount(db, searched(organisationId, page.q)),
      ])
    : await Promise.all([
        firstPageStatement(db, { organisationId, offset: page.offset, limit: page.limit }),
        countStatement(db, { organisationId }),
      ]);
  return { rows, total: total?.n ?? 0 };
}

const searched = (organisationId: number, q: string) =>
  and(eq(memberships.organisationId, organisationId), nameFilter(q));

export async function findMember(
  db: DbOrTx,
  organisationId: number,
  userId: number,
): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
  return row;
}

export async function findUser(db: DbOrTx, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Whether someone (but `exceptUserId`) signs in with the identifier, as an email or a login id: one namespace
 * for both. `withinOrganisation` asks only among that organisation's members (what the caller may see).
 */
export async function identifierTaken(
  db: DbOrTx,
  identifier: string,
  opts: { exceptUserId?: number; withinOrganisation?: number } = {},
) {
  const within =
    opts.withinOrganisation === undefined
      ? undefined
      : sql`exists (select 1 from ${memberships} m where m.user_id = ${signInIdentifiers.userId} and m.organisation_id = ${opts.withinOrganisation})`;
  const [row] = await db
    .select({ id: signInIdentifiers.userId })
    .from(signInIdentifiers)
    .where(
      and(
        eq(signInIdentifiers.identifier, identifier.toLowerCase()),
        ne(signInIdentifiers.userId, opts.exceptUserId ?? 0),
        within,
      ),
    );
  return row !== undefined;
}

export const emailTaken = (db: DbOrTx, email: string, exceptUserId = 0) =>
  identifierTaken(db, email, { exceptUserId });

export const loginIdTaken = (db: DbOrTx, loginId: string) => identifierTaken(db, loginId);

export async function updateUser(db: DbOrTx, userId: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user not inserted');
  return row;
}

export async function deleteUser(db: DbOrTx, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}

export async function membershipCount(db: DbOrTx, userId: number) {
  const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId));
  return row?.n ?? 0;
}

export async function upsertMembership(db: DbOrTx, userId: number, organisationId: number, accessId: number) {
  await db
    .insert(memberships)
    .values({ userId, organisationId, accessId })
    .onConflictDoUpdate({
      target: [memberships.userId, memberships.organisationId],
      set: { accessId, updatedAt: sql`now()` },
    });
}

export async function updateMembership(
  db: DbOrTx,
  userId: number,
  organisationId: number,
  values: Partial<Pick<typeof memberships.$inferInsert, 'admin' | 'orgBlocked' | 'accessId'>>,
) {
  await db
    .update(memberships)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)));
}

export async function deleteMembership(db: DbOrTx, userId: number, organisationId: number) {
  await db
    .delete(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)));
}

/** Sets the email only while it is still `from`; whether it changed. */
export async function changeEmail(db: DbOrTx, userId: number, from: string, to: string) {
  const rows = await db
    .update(users)
    .set({ email: to, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${from.toLowerCase()}`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Whether the person administers, or is the Primary Contact of, any organisation, or runs the product. */
export async function isPrivilegedAnywhere(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        or(
          eq(users.productAdmin, true),
          eq(memberships.admin, true),
          eq(memberships.accessId, ACCESS.primaryContact),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
