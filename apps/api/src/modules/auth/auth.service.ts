import type { Db } from '@verdant/db/client';
import { dummyHash, verifyPassword } from '@verdant/db/password-hash';
import { ACCESS, USER_STATUS } from '@verdant/domain/constants';
import { DEMO_ACCOUNT } from '@verdant/domain/demo-account';
import { fill, MSG } from '@verdant/domain/messages';
import type { Config } from '../../config';
import type { AccessCache } from '../../lib/access-cache';
import { type Background, createBackground } from '../../lib/background';
import { AppError, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { hashToken, newToken } from '../../lib/tokens';
import * as q from './auth.queries';
import { heldUntil, waitInWords } from './backoff';
import type { OidcClient } from './oidc';
import { createPasswordResets } from './password-resets';
import { createSessions, noCache, type ResolvedSession } from './sessions';
import { signInEvent, signInPage } from './sign-in-events';

export type { ResolvedSession };

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
  const { open: openSession, endWaysIn, ...sessionCalls } = createSessions({ db, config, access });

  /** The demo account when it is there and active: an installation without the demo has none to offer. */
  async function activeDemoAccount() {
    const user = await q.findUserByUsername(db, DEMO_ACCOUNT.username);
    return user?.statusId === USER_STATUS.active ? user : undefined;
  }

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

    /** Whether the free test drive is there to offer (GET /public/login/sso's `testDrive`). */
    async testDriveOffered() {
      return (await activeDemoAccount()) !== undefined;
    },

    /**
     * The free test drive: a session of the demo account that may look at everything and change nothing,
     * opened without its password (so nobody can lock the next visitor out by changing it).
     */
    async testDrive(meta: { ip: string; userAgent?: string }) {
      const user = await activeDemoAccount();
      const session = user ? await openSession(user, meta, null, true) : null;
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

    ...createPasswordResets({ db, config, mailer, background, endWaysIn }),
    ...sessionCalls,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
