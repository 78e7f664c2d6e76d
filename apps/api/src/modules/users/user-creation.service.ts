import type { CreateUserRequest } from '@verdant/contracts/users';
import { USER_MESSAGES } from '@verdant/contracts/users';
import type { Db } from '@verdant/db/client';
import { ACCESS } from '@verdant/domain/constants';
import { fill } from '@verdant/domain/messages';
import { looksLikeEmail } from '@verdant/domain/passwords';
import type { Config } from '../../config';
import { audit, created as createdFields } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { sendPasswordLink } from '../../lib/password-links';
import type { Caller } from '../../plugins/auth';
import {
  assertEmailFree,
  assertMayGrant,
  caller,
  fullName,
  member,
  toUser,
  userAsset,
  visible,
} from './user-rules';
import * as q from './users.queries';

/** New User: the form's checks of the email and login ID, and the creation with its welcome link. */
export function createUserCreation({ db, config, mailer }: { db: Db; config: Config; mailer: Mailer }) {
  return {
    /*
     * The form's checks answer only within what the caller may see: the members of the organisation the rule
     * checked (everyone, for a product administrator). Another organisation's person gets the answer an unused
     * identifier gets; creating the user still refuses a duplicate (docs/decisions/security.md).
     */
    async checkEmail(a: Caller, email: string) {
      if (!looksLikeEmail(email)) return { success: false, message: USER_MESSAGES.emailNotValid };
      if (await q.identifierTaken(db, email, visible(a)))
        return { success: false, message: USER_MESSAGES.emailInUse };
      return { success: true };
    },

    async checkLoginId(a: Caller, loginId: string) {
      if (!loginId) return { success: false, message: USER_MESSAGES.loginIdRequired };
      if (/\s/.test(loginId)) return { success: false, message: USER_MESSAGES.loginIdSpaces };
      if (await q.identifierTaken(db, loginId, visible(a)))
        return { success: false, message: USER_MESSAGES.loginIdInUse };
      return { success: true };
    },

    /** Creates the person, grants the level in the organisation and mails them a link to set a password. */
    async create(
      a: Caller,
      body: CreateUserRequest,
      _organisationId: number | null,
      level: number = ACCESS.observer,
    ) {
      const c = caller(a);
      if (level === ACCESS.none) throw badRequest('Choose an access level for the new user');
      assertMayGrant(c, level);
      return db.transaction(async (tx) => {
        await assertEmailFree(tx, body.email);
        if (await q.loginIdTaken(tx, body.userId)) {
          throw badRequest(USER_MESSAGES.loginIdInUse, { userId: [USER_MESSAGES.loginIdInUse] });
        }
        const created = await q.insertUser(tx, {
          email: body.email,
          loginId: body.userId,
          title: body.title ?? null,
          firstName: body.firstName,
          surname: body.surname,
        });
        await q.upsertMembership(tx, created.id, c.organisationId, level);
        await audit(tx, a, {
          organisationId: c.organisationId,
          action: 'create',
          asset: userAsset(created),
          changes: createdFields({
            email: created.email,
            loginId: created.loginId,
            firstName: created.firstName,
            surname: created.surname,
            access: level,
          }),
        });
        await sendPasswordLink(tx, mailer, config.publicUrl, created, 'welcome');
        const row = await member(tx, c.organisationId, created.id);
        return {
          message: fill(USER_MESSAGES.userCreated, { name: fullName(created) }),
          user: toUser(row, true),
        };
      });
    },
  };
}
