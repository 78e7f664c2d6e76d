import type { DbOrTx } from '@verdant/db/client';
import {
  loginAttempts,
  loginTokens,
  memberships,
  organisations,
  passwordResets,
  signInIdentifiers,
  users,
} from '@verdant/db/schema/core';
import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;

/** The one person who signs in with the identifier (an email or a login id, in any letter case). */
export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(signInIdentifiers)
    .innerJoin(users, eq(users.id, signInIdentifiers.userId))
    .where(eq(signInIdentifiers.identifier, username.toLowerCase()));
  return row?.user;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The account a failure names: the person (by any identifier) or, for an unknown name, the name itself. */
const accountOf = (username: string, userId: number | undefined): SQL =>
  userId === undefined ? eq(loginAttempts.username, username) : eq(loginAttempts.userId, userId);

export interface FailureCounts {
  /** Failures from this address in the window, on any account, and the latest one's time. */
  address: { count: number; last: Date | null };
  /** Failures on this account in the window, from any address, and the latest one's time. */
  account: { count: number; last: Date | null };
  /** Whether this address is one of those that failed on this account in the window. */
  addressFailedAccount: boolean;
}

/** The failures the sign-in back-off reads (docs/decisions/security.md, "Sign-in back-off"), in one statement. */
export async function failureCounts(
  db: DbOrTx,
  l: { ip: string; username: string; userId: number | undefined; since: Date },
): Promise<FailureCounts> {
  const account = accountOf(l.username, l.userId);
  const fromHere = eq(loginAttempts.ip, l.ip);
  const [row] = await db
    .select({
      addressCount: sql<number>`count(*) filter (where ${fromHere})::int`,
      addressLast: sql<string | null>`max(${loginAttempts.at}) filter (where ${fromHere})`,
      accountCount: sql<number>`count(*) filter (where ${account})::int`,
      accountLast: sql<string | null>`max(${loginAttempts.at}) filter (where ${account})`,
      both: sql<boolean>`coalesce(bool_or(${fromHere} and ${account}), false)`,
    })
    .from(loginAttempts)
    .where(and(gt(loginAttempts.at, l.since), or(fromHere, account)));
  const date = (v: string | null | undefined) => (v ? new Date(v) : null);
  return {
    address: { count: row?.addressCount ?? 0, last: date(row?.addressLast) },
    account: { count: row?.accountCount ?? 0, last: date(row?.accountLast) },
    addressFailedAccount: row?.both ?? false,
  };
}

export async function recordFailure(db: DbOrTx, ip: string, username: string, userId: number | undefined) {
  await db.insert(loginAttempts).values({ ip, username, userId: userId ?? null });
}

/**
 * After a successful sign-in: this address's failures on this account end. Other addresses' failures on it
 * stay, so the owner signing in does not give an attacker elsewhere their attempts back.
 */
export async function clearFailures(db: DbOrTx, ip: string, username: string, userId: number) {
  await db
    .delete(loginAttempts)
    .where(
      and(
        eq(loginAttempts.ip, ip),
        or(eq(loginAttempts.userId, userId), eq(loginAttempts.username, username)),
      ),
    );
}

export async function pruneFailures(db: DbOrTx, before: Date) {
  await db.delete(loginAttempts).where(sql`${loginAttempts.at} < ${before}`);
}

/** A reset link that is unused and unexpired, with its user's email. */
export async function findLivePasswordReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ userId: passwordResets.userId, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Uses a reset link; answers its user only for the one caller that marked it. */
export async function consumePasswordReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row;
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function insertLoginToken(db: DbOrTx, values: typeof loginTokens.$inferInsert) {
  await db.insert(loginTokens).values(values);
}

export async function consumeLoginToken(db: DbOrTx, tokenHash: string, sessionHash: string) {
  const [row] = await db
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(loginTokens.tokenHash, tokenHash),
        eq(loginTokens.sessionHash, sessionHash),
        isNull(loginTokens.usedAt),
        gt(loginTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: loginTokens.userId, organisationId: loginTokens.organisationId });
  return row;
}

/** Every outstanding one-time sign-in link (`tx`/`sx`) of the person ends: their password changed. */
export async function endOutstandingLoginTokens(db: DbOrTx, userId: number) {
  await db
    .update(loginTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(loginTokens.userId, userId), isNull(loginTokens.usedAt)));
}

/** Using one link ends every other outstanding link (reset or welcome) of that person. */
export async function endOutstandingPasswordResets(db: DbOrTx, userId: number) {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** A single sign-on person created just in time; undefined when the email or login id is taken meanwhile. */
export async function insertSsoUser(
  db: DbOrTx,
  values: { email: string; firstName: string; surname: string },
): Promise<UserRow | undefined> {
  // A savepoint: an address someone else signs in with is refused by the identifiers' trigger, not by an
  // index of users that onConflictDoNothing could name.
  try {
    return await db.transaction(async (sp) => {
      const [row] = await sp
        .insert(users)
        .values({ ...values, loginId: values.email, sso: true, passwordHash: null })
        .onConflictDoNothing()
        .returning();
      return row;
    });
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === '23505') return undefined;
    throw error;
  }
}

export async function insertMembership(db: DbOrTx, userId: number, organisationId: number, accessId: number) {
  await db.insert(memberships).values({ userId, organisationId, accessId });
}

export async function organisationExists(db: DbOrTx, organisationId: number) {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row !== undefined;
}
