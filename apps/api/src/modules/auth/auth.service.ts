import type { SessionData } from '@verdant/contracts/auth';
import type { Db, DbOrTx } from '@verdant/db/client';
import { dummyHash, hashPassword, verifyPassword } from '@verdant/db/password-hash';
import type { sessions } from '@verdant/db/schema/core';
import { ACCESS, USER_STATUS } from '@verdant/domain/constants';
import { DEMO_ACCOUNT } from '@verdant/domain/demo-account';
import { fill, MSG } from '@verdant/domain/messages';
import { isPasswordComplex, isValidResetEmail } from '@verdant/domain/passwords';
import type { Config } from '../../config';
import type { AccessCache } from '../../lib/access-cache';
import { type AuditActor, audit, systemJob } from '../../lib/audit';
import { type Background, createBackground } from '../../lib/background';
import { AppError, badRequest, notFound, unauthorised } from '../../lib/errors';
import { organisationSummary, principalOf, toCurrentUser } from '../../lib/identity';
import type { Mailer } from '../../lib/mail';
import { sendPasswordLink } from '../../lib/password-links';
import { enterableOrganisations, type OrganisationRole, organisationRoles, toRole } from '../../lib/rights';
import { hashToken, newToken } from '../../lib/tokens';
import * as q from './auth.queries';
import { heldUntil, waitInWords } from './backoff';
import type { OidcClient } from './oidc';

export interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Where work after the answer runs (the app's, so that closing waits for it); a private one otherwise. */
  background?: Background;
  /** Single sign-on, when configured. */
  oidc?: OidcClient;
  /** Keeps resolved sessions between calls (none: every call reads the database). */
  access?: AccessCache<ResolvedSession>;
}

/** What a bearer token resolves to: the session, its person, and their role in the session's organisation. */
export interface ResolvedSession {
  tokenHash: string;
  session: typeof sessions.$inferSelect;
  user: q.UserRow;
  /** The role in `session.organisationId` (undefined: none, or no organisation). */
  sessionRole: OrganisationRole | undefined;
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
  return { tokenHash, session, user, sessionRole };
}

const noCache: AccessCache<ResolvedSession> = {
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

const loginFailed = () => new AppError('LOGIN_FAILED', MSG.loginUnsuccessful, 401);

export function createAuthService({
  db,
  config,
  mailer,
  background = createBackground(),
  oidc,
  access = noCache,
}: AuthDeps) {
  const windowMs = config.LOGIN_WINDOW_MINUTES * 60_000;
  let liveSession: ReturnType<typeof q.liveSessionStatement> | undefined;

  /** Opens a session in the organisation asked for when the user may enter it, else the most recently used. */
  async function openSession(
    user: q.UserRow,
    meta: { ip: string; userAgent?: string },
    preferredOrganisationId?: number | null,
    testDrive = false,
  ): Promise<SessionData | null> {
    const principal = principalOf(user);
    const [first] = await enterableOrganisations(db, principal, { limit: 1 });
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
   * A sign-in event in the audit log, written on the person's account (docs/decisions/audit-log.md, Sign-in
   * events).
   */
  async function signInEvent(
    tx: DbOrTx,
    user: { id: number; firstName: string; surname: string } | undefined,
    organisationId: number | null | undefined,
    action: string,
    ip: string,
    actor: AuditActor,
    username?: string,
  ) {
    let org = organisationId;
    if (org === undefined && user) {
      // The organisation the person last used, so its administrators see the event.
      const [first] = await enterableOrganisations(tx, principalOf(user as q.UserRow), { limit: 1 });
      org = first?.id ?? null;
    }
    await audit(tx, actor, {
      organisationId: org ?? null,
      action,
      asset: {
        type: 'user',
        id: user?.id ?? null,
        name: user ? `${user.firstName} ${user.surname}` : username,
      },
      changes: ip ? { ip: { before: null, after: ip } } : {},
    });
  }

  const personActor = (user: { id: number; firstName: string; surname: string }): AuditActor => ({
    userId: user.id,
    name: `${user.firstName} ${user.surname}`,
  });
  /**
   * Every way in the person's old password opened ends with it (docs/decisions/security.md, "Every way in
   * ends with the password"): their sessions (but the one that changed it, when given), their outstanding
   * one-time sign-in links (`tx`/`sx`) and their outstanding reset or welcome links.
   */
  async function endWaysIn(tx: DbOrTx, userId: number, keepTokenHash?: string) {
    if (keepTokenHash === undefined) await q.endAllSessions(tx, userId);
    else await q.endOtherSessions(tx, keepTokenHash, userId);
    await q.endOutstandingLoginTokens(tx, userId);
    await q.endOutstandingPasswordResets(tx, userId);
  }

  /** Nobody is signed in yet: the sign-in page acts. */
  const signInPage = systemJob('sign-in page');

  /**
   * Holds an attempt back while this address, or (for an address that failed on it) the account, must still
   * wait after its failures (./backoff.ts); answers the failures on the account so far.
   */
  async function assertNotHeldBack(ip: string, username: string, userId: number | undefined) {
    const now = new Date();
    const counts = await q.failureCounts(db, {
      ip,
      username,
      userId,
      since: new Date(now.getTime() - windowMs),
    });
    const until = heldUntil(counts, now, {
      perAddress: config.LOGIN_MAX_FAILURES_PER_IP,
      perAccount: config.LOGIN_BACKOFF_AFTER,
      windowMs,
    });
    if (until) {
      const ms = until.getTime() - now.getTime();
      throw new AppError(
        'RATE_LIMITED',
        fill(MSG.tooManyLoginAttempts, { wait: waitInWords(ms) }),
        429,
        undefined,
        {
          'retry-after': String(Math.ceil(ms / 1000)),
        },
      );
    }
    return counts.account.count;
  }

  /** Mails the owner that their account is being guessed at (once a window: at the limit's failure). */
  function lockoutNotice(user: q.UserRow, failures: number, ip: string) {
    background.later('lockout notice', () =>
      mailer.send({
        to: user.email,
        subject: 'Failed sign-ins to your Verdant account',
        text: [
          `Hello ${user.firstName},`,
          '',
          `Someone has tried to sign in to your Verdant account (login ID ${user.loginId}) ${failures} times in the last ${config.LOGIN_WINDOW_MINUTES} minutes with a wrong password, most recently from the address ${ip}.`,
          'Those addresses now have to wait between attempts. You can still sign in with your password as usual.',
          '',
          'If this was not you, consider changing your password; if you have forgotten it, use "Forgot password" on the sign-in page.',
        ].join('\n'),
      }),
    );
  }

  return {
    async login(username: string, password: string, meta: { ip: string; userAgent?: string }) {
      const key = username.trim().toLowerCase();
      const user = await q.findUserByUsername(db, key);
      let failures: number;
      try {
        failures = await assertNotHeldBack(meta.ip, key, user?.id);
      } catch (error) {
        await signInEvent(db, user, undefined, 'sign-in locked out', meta.ip, signInPage, key);
        throw error;
      }
      // Verify against a real hash even for unknown users, so timing does not reveal which usernames exist.
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      const session =
        ok && user && user.statusId === USER_STATUS.active && !user.sso
          ? await openSession(user, meta)
          : null;
      if (!session) {
        await db.transaction(async (tx) => {
          await q.recordFailure(tx, meta.ip, key, user?.id);
          await signInEvent(tx, user, undefined, 'sign-in failed', meta.ip, signInPage, key);
        });
        if (user && !user.sso && failures + 1 === config.LOGIN_MAX_FAILURES)
          lockoutNotice(user, failures + 1, meta.ip);
        throw loginFailed();
      }
      await q.clearFailures(db, meta.ip, key, session.user.id);
      await q.pruneFailures(db, new Date(Date.now() - windowMs));
      return session;
    },

    /**
     * The free test drive: a session of the demo account that may look at everything and change nothing,
     * opened without its password (so nobody can lock the next visitor out by changing it).
     */
    async testDrive(meta: { ip: string; userAgent?: string }) {
      const user = await q.findUserByUsername(db, DEMO_ACCOUNT.username);
      const session =
        user && user.statusId === USER_STATUS.active ? await openSession(user, meta, null, true) : null;
      if (!session) throw new AppError('NOT_FOUND', MSG.testDriveUnavailable, 404);
      return session;
    },

    async tokenLogin(token: string, session: string, meta: { ip: string; userAgent?: string }) {
      const used = await q.consumeLoginToken(db, hashToken(token), hashToken(session));
      const user = used ? await q.findUserById(db, used.userId) : undefined;
      if (!used || !user || user.statusId !== USER_STATUS.active) throw loginFailed();
      const opened = await openSession(user, meta, used.organisationId);
      if (!opened) throw loginFailed();
      return opened;
    },

    /** Where the browser goes to sign in with the provider (404 when single sign-on is not configured). */
    async startSso() {
      if (!oidc) throw notFound();
      return oidc.start();
    },

    /**
     * Signs in with the provider's answer: the person is the verified email of the checked ID token (in the
     * configured tenant); an unknown person is refused, or created as an Observer when just-in-time is on.
     */
    async ssoLogin(answer: string, attempt: string, meta: { ip: string; userAgent?: string }) {
      if (!oidc) throw notFound();
      const who = await oidc.finish(answer, attempt);
      if (!who.emailVerified) throw loginFailed();
      const tenants = config.oidc?.tenants ?? [];
      if (tenants.length > 0 && !tenants.includes(who.tenantId?.toLowerCase() ?? '')) throw loginFailed();
      let user = await q.findUserByEmail(db, who.email);
      if (!user && config.OIDC_JIT_ORGANISATION_ID) {
        const organisationId = config.OIDC_JIT_ORGANISATION_ID;
        const names = who.name?.split(/\s+/) ?? [];
        user = await db.transaction(async (tx) => {
          if (!(await q.organisationExists(tx, organisationId))) return undefined;
          const created = await q.insertSsoUser(tx, {
            email: who.email,
            firstName: who.givenName ?? names[0] ?? who.email.split('@')[0] ?? who.email,
            surname: who.familyName ?? (names.slice(1).join(' ') || '-'),
          });
          if (created) await q.insertMembership(tx, created.id, organisationId, ACCESS.observer);
          return created;
        });
      }
      if (!user || user.statusId !== USER_STATUS.active) throw loginFailed();
      const session = await openSession(user, meta);
      if (!session) throw loginFailed();
      return session;
    },

    /** A one-time `tx`/`sx` pair that signs in as the caller, valid for five minutes. */
    async createLoginToken(userId: number, organisationId: number | null) {
      const tx = newToken();
      const sx = newToken();
      const expiresAt = new Date(Date.now() + 5 * 60_000);
      await q.insertLoginToken(db, {
        tokenHash: hashToken(tx),
        sessionHash: hashToken(sx),
        userId,
        organisationId,
        expiresAt,
      });
      return { tx, sx, expiresAt: expiresAt.toISOString() };
    },

    /**
     * Same answer, in the same time, whether or not the address exists: the answer goes out before the address
     * is even looked up; the lookup and the mail run after it.
     */
    async requestPasswordReset(email: string) {
      if (!isValidResetEmail(email))
        throw badRequest(MSG.emailNotValidReset, { email: [MSG.emailNotValidReset] });
      background.later('password reset mail', async () => {
        const user = await q.findUserByEmail(db, email);
        if (user && user.statusId === USER_STATUS.active && !user.sso) {
          await sendPasswordLink(db, mailer, config.publicUrl, user, 'reset');
          // Written once the link is out (the mail cannot wait for a transaction's commit).
          await signInEvent(db, user, undefined, 'password reset requested', '', signInPage);
        }
      });
      return MSG.resetEmailSent;
    },

    async checkPasswordReset(token: string) {
      const found = await q.findLivePasswordReset(db, hashToken(token));
      return found ? { valid: true, email: found.email } : { valid: false };
    },

    async completePasswordReset(token: string, password: string) {
      if (!isPasswordComplex(password))
        throw badRequest(MSG.passwordComplexity, { password: [MSG.passwordComplexity] });
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const used = await q.consumePasswordReset(tx, hashToken(token));
        if (!used) throw badRequest(MSG.resetLinkInvalid);
        await q.setPasswordHash(tx, used.userId, passwordHash);
        // A reset means the old password may be known to someone else: every way in made with it ends.
        await endWaysIn(tx, used.userId);
        const user = await q.findUserById(tx, used.userId);
        if (user) await signInEvent(tx, user, undefined, 'password reset used', '', personActor(user));
      });
      return MSG.passwordChanged;
    },

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

export type AuthService = ReturnType<typeof createAuthService>;
