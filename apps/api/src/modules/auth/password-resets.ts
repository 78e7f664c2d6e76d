import type { Db, DbOrTx } from '@verdant/db/client';
import { hashPassword } from '@verdant/db/password-hash';
import { USER_STATUS } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { isPasswordComplex, isValidResetEmail } from '@verdant/domain/passwords';
import type { Config } from '../../config';
import type { Background } from '../../lib/background';
import { badRequest } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { sendPasswordLink } from '../../lib/password-links';
import { hashToken } from '../../lib/tokens';
import * as q from './auth.queries';
import { personActor, signInEvent, signInPage } from './sign-in-events';

/** Forgot password: the request, the link's check and the new password (which ends every way in). */
export function createPasswordResets({
  db,
  config,
  mailer,
  background,
  endWaysIn,
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
  background: Background;
  endWaysIn: (tx: DbOrTx, userId: number) => Promise<void>;
}) {
  return {
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
  };
}
