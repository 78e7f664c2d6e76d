import { USER_MESSAGES } from '@verdant/contracts/users';
import type { Db, DbOrTx } from '@verdant/db/client';
import { hashPassword, verifyPassword } from '@verdant/db/password-hash';
import { fill, MSG } from '@verdant/domain/messages';
import type { Config } from '../../config';
import { audit } from '../../lib/audit';
import { badRequest, forbidden } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { sendPasswordLink } from '../../lib/password-links';
import { assertNotTestDriveAccount } from '../../lib/test-drive';
import type { Caller } from '../../plugins/auth';
import { caller, fullName, isSelf, member, notOnYourself, userAsset } from './user-rules';
import * as q from './users.queries';

/** Changing one's own password, and an administrator sending someone a reset link. */
export function createUserPasswords({
  db,
  config,
  mailer,
  endWaysInBut,
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Ends every other session and outstanding link of the person (the auth service's). */
  endWaysInBut: (tx: DbOrTx, keepTokenHash: string, userId: number) => Promise<void>;
}) {
  return {
    async changePassword(a: Caller, userId: number, current: string, next: string) {
      if (a.user.sso) throw forbidden();
      assertNotTestDriveAccount(a.principal, a.user);
      if (!(await verifyPassword(a.user.passwordHash, current))) {
        throw badRequest(MSG.passwordNotCorrect, { current: [MSG.passwordNotCorrect] });
      }
      const passwordHash = await hashPassword(next);
      await db.transaction(async (tx) => {
        await q.updateUser(tx, userId, { passwordHash });
        await endWaysInBut(tx, a.tokenHash, userId);
        await audit(tx, a, {
          organisationId: a.organisationId,
          action: 'change password',
          asset: userAsset(a.user),
        });
      });
      return MSG.passwordChanged;
    },

    async resetPassword(a: Caller, userId: number, ownPassword: string) {
      const c = caller(a);
      if (isSelf(a, userId)) throw notOnYourself();
      const row = await member(db, c.organisationId, userId);
      assertNotTestDriveAccount(a.principal, row.user);
      if (row.user.sso) throw badRequest('This user signs in with single sign-on and has no password here.');
      if (!(await verifyPassword(a.user.passwordHash, ownPassword))) {
        throw badRequest(MSG.yourPasswordNotCorrect, { password: [MSG.yourPasswordNotCorrect] });
      }
      await db.transaction(async (tx) => {
        await audit(tx, a, {
          organisationId: c.organisationId,
          action: 'password reset sent',
          asset: userAsset(row.user),
        });
        await sendPasswordLink(tx, mailer, config.publicUrl, row.user, 'reset');
      });
      return fill(USER_MESSAGES.resetSent, { name: fullName(row.user) });
    },
  };
}
