import type { Db, DbOrTx } from '@verdant/db/client';
import { memberships, organisations, sessions, users } from '@verdant/db/schema/core';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';

/** Sessions: opened, read with their person and role, slid, moved and ended (./sessions.ts). */

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
      organisationName: organisations.name,
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
 * Slides a live session's expiry to now + ttl, but never past its sign-in + max (its absolute lifetime), unless
 * it is within `every` seconds of that already, so concurrent calls write it once. The new expiry, or nothing
 * when no write was due.
 */
export async function slideSession(
  db: DbOrTx,
  tokenHash: string,
  { ttl, max, every }: { ttl: number; max: number; every: number },
) {
  const end = sql`least(now() + make_interval(secs => ${ttl}), ${sessions.createdAt} + make_interval(secs => ${max}))`;
  const [row] = await db
    .update(sessions)
    .set({ expiresAt: end })
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, sql`now()`),
        lt(sessions.expiresAt, sql`${end} - make_interval(secs => ${every})`),
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
