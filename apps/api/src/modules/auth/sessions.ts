import type { SessionData } from '@verdant/contracts/auth';
import type { Db, DbOrTx } from '@verdant/db/client';
import type { sessions } from '@verdant/db/schema/core';
import type { Config } from '../../config';
import type { AccessCache } from '../../lib/access-cache';
import { unauthorised } from '../../lib/errors';
import { organisationSummary, principalOf, toCurrentUser } from '../../lib/identity';
import { enterableOrganisations, type OrganisationRole, organisationRoles, toRole } from '../../lib/rights';
import type { SessionAnswers } from '../../lib/session-answers';
import { hashToken, newToken } from '../../lib/tokens';
import type { UserRow } from './auth.queries';
import * as aq from './auth.queries';
import * as q from './sessions.queries';
import { personActor, signInEvent } from './sign-in-events';

/** What a bearer token resolves to: the session, its person, and their role in the session's organisation. */
export interface ResolvedSession {
  tokenHash: string;
  session: typeof sessions.$inferSelect;
  user: UserRow;
  /** The role in `session.organisationId` (undefined: none, or no organisation). */
  sessionRole: OrganisationRole | undefined;
  /** The name of `session.organisationId` (undefined: no organisation). */
  organisationName: string | undefined;
  /** Answers kept with the session while the access cache keeps it (lib/session-answers.ts). */
  answers: SessionAnswers;
}

function resolved(
  tokenHash: string,
  row: Awaited<ReturnType<ReturnType<typeof q.liveSessionStatement>['execute']>>[number],
): ResolvedSession {
  const { session, user } = row;
  const { organisationStatusId: statusId, timeZone, reportingYearEnd, ownFactors } = row;
  const sessionRole =
    session.organisationId === null ||
    statusId === null ||
    timeZone === null ||
    reportingYearEnd === null ||
    ownFactors === null
      ? undefined
      : toRole(principalOf(user), {
          organisationId: session.organisationId,
          statusId,
          accessId: row.accessId,
          admin: row.admin,
          orgBlocked: row.orgBlocked,
          timeZone,
          reportingYearEnd,
          factorSourceId: row.factorSourceId,
          ownFactors,
        });
  return {
    tokenHash,
    session,
    user,
    sessionRole,
    organisationName: row.organisationName ?? undefined,
    answers: new Map(),
  };
}

/** Keeps nothing: every call reads the database. */
export const noCache: AccessCache<ResolvedSession> = {
  active: false,
  through: (_key, load) => load(),
  update: () => {},
  forget: () => {},
  clear: () => {},
  settle: async () => {},
  close: async () => {},
};

/** A session's expiry is written at most this often, however many calls slide it. */
const SLIDE_AT_MOST_EVERY_SECONDS = 60;

/**
 * Sessions: opened at sign-in, resolved from a bearer token on every call (sliding their expiry), moved to
 * another organisation, and ended one by one or with every other way in.
 */
export function createSessions({
  db,
  config,
  access,
}: {
  db: Db;
  config: Config;
  access: AccessCache<ResolvedSession>;
}) {
  let liveSession: ReturnType<typeof q.liveSessionStatement> | undefined;

  /**
   * Opens a session in the organisation asked for when the user may enter it, else the most recently used (a
   * test drive: the first the demo account administers, by name).
   */
  async function open(
    user: UserRow,
    meta: { ip: string; userAgent?: string },
    preferredOrganisationId?: number | null,
    testDrive = false,
  ): Promise<SessionData | null> {
    const principal = principalOf(user);
    // A test drive lands where every visitor lands, whatever the demo account's own sign-ins last used.
    const [first] = await enterableOrganisations(db, principal, { limit: 1, fixedOrder: testDrive });
    let organisationId = first?.id ?? null;
    if (preferredOrganisationId) {
      const roles = await organisationRoles(db, principal, [preferredOrganisationId]);
      if (roles.has(preferredOrganisationId)) organisationId = preferredOrganisationId;
    }
    if (organisationId === null && !user.productAdmin) return null;

    const token = newToken();
    const expiresAt = new Date(
      Date.now() + Math.min(config.SESSION_TTL_SECONDS, config.SESSION_MAX_SECONDS) * 1000,
    );
    return db.transaction(async (tx) => {
      await q.insertSession(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        organisationId,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500),
        testDrive,
      });
      // A test drive leaves no trace the next visitor would see (last visit, most recent organisation).
      if (!testDrive) await q.markVisit(tx, user.id, organisationId);
      await signInEvent(tx, user, organisationId, 'sign in', meta.ip, personActor(user));
      const roles = organisationId ? await organisationRoles(tx, principal, [organisationId]) : new Map();
      return {
        token,
        expiresAt: expiresAt.toISOString(),
        user: toCurrentUser(user, organisationId, organisationId ? roles.get(organisationId) : undefined),
        organisation: organisationId ? await organisationSummary(tx, organisationId) : null,
        testDrive,
      };
    });
  }

  /**
   * Every way in the person's old password opened ends with it (docs/decisions/security.md, "Every way in
   * ends with the password"): their sessions (but the one that changed it, when given), their outstanding
   * one-time sign-in links (`tx`/`sx`) and their outstanding reset or welcome links.
   */
  async function endWaysIn(tx: DbOrTx, userId: number, keepTokenHash?: string) {
    if (keepTokenHash === undefined) await q.endAllSessions(tx, userId);
    else await q.endOtherSessions(tx, keepTokenHash, userId);
    await aq.endOutstandingLoginTokens(tx, userId);
    await aq.endOutstandingPasswordResets(tx, userId);
  }

  return {
    open,
    endWaysIn,
    /**
     * The live session of a bearer token, its person and their role in the session's organisation: one
     * statement, or none while the access cache holds them (lib/access-cache.ts).
     */
    async resolveSession(token: string): Promise<ResolvedSession> {
      const tokenHash = hashToken(token);
      const found = await access.through(tokenHash, async () => {
        liveSession ??= q.liveSessionStatement(db);
        const [row] = await liveSession.execute({ tokenHash });
        return row && resolved(tokenHash, row);
      });
      if (!found || found.session.expiresAt.getTime() <= Date.now()) throw unauthorised();
      // Every call slides the expiry, but it is written at most once a minute (a tenth of a short session), and
      // never past the session's absolute end (its sign-in plus SESSION_MAX_SECONDS).
      const ttl = config.SESSION_TTL_SECONDS;
      const max = config.SESSION_MAX_SECONDS;
      const every = Math.min(SLIDE_AT_MOST_EVERY_SECONDS, ttl / 10);
      const end = Math.min(Date.now() + ttl * 1000, found.session.createdAt.getTime() + max * 1000);
      if (found.session.expiresAt.getTime() < end - every * 1000) {
        const expiresAt = await q.slideSession(db, tokenHash, { ttl, max, every });
        if (expiresAt) {
          const slid = { ...found, session: { ...found.session, expiresAt } };
          access.update(tokenHash, slid);
          return slid;
        }
        // Another process slid it meanwhile: read it afresh next time.
        access.forget(tokenHash);
      }
      return found;
    },

    logout: async (tokenHash: string) => {
      await q.endSession(db, tokenHash);
      access.clear();
    },

    /** Ends every session of a user (blocked, or their password was reset). */
    endSessionsOf: (tx: DbOrTx, userId: number) => q.endAllSessions(tx, userId),

    /**
     * After a password change, in its transaction: the caller's own session (which just proved the current
     * password) lives on; every other session and every outstanding link of the person ends.
     */
    endWaysInBut: (tx: DbOrTx, keepTokenHash: string, userId: number) => endWaysIn(tx, userId, keepTokenHash),

    /** Points a session at another organisation; the caller has checked the right to enter it. */
    moveSession: (tokenHash: string, userId: number, organisationId: number, testDrive = false) =>
      db
        .transaction(async (tx) => {
          await q.setSessionOrganisation(tx, tokenHash, organisationId);
          // A test drive does not reorder the demo account's recent organisations for the next visitor.
          if (!testDrive) await q.markVisit(tx, userId, organisationId);
        })
        .finally(access.clear),
  };
}
