import type { Db, DbOrTx } from '@verdant/db/client';
import {
  loginAttempts,
  loginTokens,
  memberships,
  organisations,
  passwordResets,
  sessions,
  signInIdentifiers,
  users,
} from '@verdant/db/schema/core';
import { and, desc, eq, gt, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';

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

/**
 * When the failures matching `rule` since `since` stop holding sign-in back: the time the `max`-th most recent
 * one leaves the window (`windowMs` after it), or undefined when fewer than `max` are recorded.
 */
async function heldUntil(db: DbOrTx, rule: SQL | undefined, since: Date, max: number, windowMs: number) {
  const [row] = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(rule, gt(loginAttempts.at, since)))
    .orderBy(desc(loginAttempts.at))
    .offset(max - 1)
    .limit(1);
  return row ? new Date(row.at.getTime() + windowMs) : undefined;
}

export interface FailureLimits {
  ip: string;
  username: string;
  userId: number | undefined;
  since: Date;
  windowMs: number;
  maxPerAccount: number;
  maxPerIp: number;
}

/**
 * The latest time any sign-in limit holds until: failures for the account (by any identifier, from any
 * address), for this address and username (so unknown names lock the same way known ones do), and for this
 * address. Undefined when none is reached.
 */
export async function lockedUntil(db: DbOrTx, l: FailureLimits): Promise<Date | undefined> {
  const times = await Promise.all([
    l.userId === undefined
      ? undefined
      : heldUntil(db, eq(loginAttempts.userId, l.userId), l.since, l.maxPerAccount, l.windowMs),
    heldUntil(
      db,
      and(eq(loginAttempts.ip, l.ip), eq(loginAttempts.username, l.username)),
      l.since,
      l.maxPerAccount,
      l.windowMs,
    ),
    heldUntil(db, eq(loginAttempts.ip, l.ip), l.since, l.maxPerIp, l.windowMs),
  ]);
  const held = times.filter((d): d is Date => d !== undefined).map((d) => d.getTime());
  return held.length > 0 ? new Date(Math.max(...held)) : undefined;
}

export async function recordFailure(db: DbOrTx, ip: string, username: string, userId: number | undefined) {
  await db.insert(loginAttempts).values({ ip, username, userId: userId ?? null });
}

/** After a successful sign-in: the account's failures and this address's failures for this username end. */
export async function clearFailures(db: DbOrTx, ip: string, username: string, userId: number) {
  await db
    .delete(loginAttempts)
    .where(
      or(
        eq(loginAttempts.userId, userId),
        and(eq(loginAttempts.ip, ip), eq(loginAttempts.username, username)),
      ),
    );
}

export async function pruneFailures(db: DbOrTx, before: Date) {
  await db.delete(loginAttempts).where(sql`${loginAttempts.at} < ${before}`);
}

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

/** A live session and its user: not ended, not expired, the user active; nothing otherwise. A read, no write. */
/**
 * A live session, its user, and the user's standing in the session's organisation (the membership and the
 * organisation's status, for the rights engine), in one statement prepared once per connection: every signed-in
 * call runs it (docs/decisions/performance.md, Session and rights cache).
 */
export function liveSessionStatement(db: Db) {
  return db
    .select({
      session: sessions,
      user: users,
      organisationStatusId: organisations.statusId,
      timeZone: organisations.timeZone,
      reportingYearEnd: organisations.reportingYearEnd,
      factorSourceId: organisations.emissionFactorDataSourceId,
      ownFactors: organisations.ownFactors,
      accessId: memberships.accessId,
      admin: memberships.admin,
      orgBlocked: memberships.orgBlocked,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(organisations, eq(organisations.id, sessions.organisationId))
    .leftJoin(
      memberships,
      and(eq(memberships.organisationId, sessions.organisationId), eq(memberships.userId, sessions.userId)),
    )
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.statusId, 1),
      ),
    )
    .prepare('live_session');
}

/**
 * Slides a live session's expiry to now + ttl unless it was slid less than `everySeconds` ago, so concurrent
 * calls write it once. The new expiry, or nothing when no write was due.
 */
export async function slideSession(db: DbOrTx, tokenHash: string, ttlSeconds: number, everySeconds: number) {
  const [row] = await db
    .update(sessions)
    .set({ expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` })
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, sql`now()`),
        lt(sessions.expiresAt, sql`now() + make_interval(secs => ${ttlSeconds - everySeconds})`),
      ),
    )
    .returning({ expiresAt: sessions.expiresAt });
  return row?.expiresAt;
}

export async function endSession(db: DbOrTx, tokenHash: string) {
  await db.update(sessions).set({ endedAt: sql`now()` }).where(eq(sessions.tokenHash, tokenHash));
}

export async function endAllSessions(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

export async function endOtherSessions(db: DbOrTx, keepTokenHash: string, userId: number) {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), ne(sessions.tokenHash, keepTokenHash)));
}

export async function setSessionOrganisation(db: DbOrTx, tokenHash: string, organisationId: number) {
  await db.update(sessions).set({ organisationId }).where(eq(sessions.tokenHash, tokenHash));
}

export async function markVisit(db: DbOrTx, userId: number, organisationId: number | null) {
  await db.update(users).set({ lastVisit: sql`now()` }).where(eq(users.id, userId));
  if (organisationId !== null) {
    await db
      .update(memberships)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)));
  }
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
