import type { DbOrTx } from '@verdant/db/client';
import {
  loginAttempts,
  loginTokens,
  memberships,
  passwordResets,
  sessions,
  users,
} from '@verdant/db/schema/core';
import { and, count, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const u = username.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${u}`, sql`lower(${users.loginId}) = ${u}`))
    .limit(1);
  return row;
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

export async function countRecentFailures(db: DbOrTx, ip: string, username: string, since: Date) {
  const [byPair] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.username, username), gt(loginAttempts.at, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), gt(loginAttempts.at, since)));
  const [oldest] = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), gt(loginAttempts.at, since)))
    .orderBy(loginAttempts.at)
    .limit(1);
  return { byPair: byPair?.n ?? 0, byIp: byIp?.n ?? 0, oldest: oldest?.at };
}

export async function recordFailure(db: DbOrTx, ip: string, username: string) {
  await db.insert(loginAttempts).values({ ip, username });
}

export async function clearFailures(db: DbOrTx, ip: string, username: string) {
  await db.delete(loginAttempts).where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.username, username)));
}

export async function pruneFailures(db: DbOrTx, before: Date) {
  await db.delete(loginAttempts).where(sql`${loginAttempts.at} < ${before}`);
}

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

/** A live session and its user: not ended, not expired, the user active; nothing otherwise. A read, no write. */
export async function findLiveSession(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.statusId, 1),
      ),
    );
  return row;
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
