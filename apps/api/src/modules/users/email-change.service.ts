import { USER_MESSAGES } from '@verdant/contracts/users';
import type { Db } from '@verdant/db/client';
import { EMAIL_CHANGE_VALID_HOURS, USER_STATUS } from '@verdant/domain/constants';
import { fill } from '@verdant/domain/messages';
import type { Config } from '../../config';
import { badRequest } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { createSigner } from '../../lib/signing-key';
import * as q from './users.queries';

const PREFIX = 'email-change';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const unb64 = (text: string) => Buffer.from(text, 'base64url').toString('utf8');
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const invalid = () => badRequest(USER_MESSAGES.emailChangeLinkInvalid);

/**
 * A change of a person's email is confirmed from the old address: the request mails the old address a
 * signed link naming the person, the old and the new address and an expiry; nothing is stored and nothing
 * changes until the link is used. The link works only while the account still has the old address, so it
 * works once. Every change, confirmed or made by a product administrator, is reported to the old address.
 */
export function createEmailChanges({ db, config, mailer }: { db: Db; config: Config; mailer: Mailer }) {
  const signer = createSigner({ dataDir: config.dataDir, secret: config.FILE_LINK_SECRET });

  function issue(userId: number, from: string, to: string) {
    const expires = Math.floor(Date.now() / 1000) + EMAIL_CHANGE_VALID_HOURS * 3600;
    const payload = [userId, expires.toString(36), b64(from), b64(to)].join('.');
    return `${payload}.${signer.sign(`${PREFIX}:${payload}`)}`;
  }

  function parse(token: string) {
    const parts = token.split('.');
    if (parts.length !== 5) return null;
    const [id, exp, from, to, signature] = parts as [string, string, string, string, string];
    const payload = parts.slice(0, 4).join('.');
    if (!signer.verify(`${PREFIX}:${payload}`, signature)) return null;
    const expires = Number.parseInt(exp, 36);
    if (!Number.isFinite(expires) || expires * 1000 < Date.now()) return null;
    return { userId: Number(id), from: unb64(from), to: unb64(to) };
  }

  /** The person and the change a link asks for, while it can still be made. */
  async function live(token: string) {
    const change = parse(token);
    if (!change || !Number.isSafeInteger(change.userId)) return null;
    const user = await q.findUser(db, change.userId);
    if (!user || user.statusId !== USER_STATUS.active || !same(user.email, change.from)) return null;
    return { user, ...change };
  }

  return {
    /** Mails the old address the link that makes the change. */
    async request(user: q.UserRow, to: string, requestedBy: { id: number; name: string }) {
      const link = `${config.publicUrl}/confirm-email?token=${issue(user.id, user.email, to)}`;
      const who =
        requestedBy.id === user.id ? 'You asked' : `${requestedBy.name} asked (as an administrator)`;
      await mailer.send({
        to: user.email,
        subject: 'Confirm the new email address of your Verdant account',
        text: [
          `Hello ${user.firstName},`,
          '',
          `${who} to change the email address of your Verdant account (login ID ${user.loginId}) from ${user.email} to ${to}.`,
          'To confirm the change, open this link:',
          '',
          link,
          '',
          `The link expires in ${EMAIL_CHANGE_VALID_HOURS} hours. If you did not expect this, ignore this email: your address stays as it is.`,
        ].join('\n'),
      });
    },

    /** Tells the old address that the account's email changed. */
    async notifyChanged(
      user: Pick<q.UserRow, 'firstName' | 'loginId'>,
      from: string,
      to: string,
      how: string,
    ) {
      await mailer.send({
        to: from,
        subject: 'The email address of your Verdant account has changed',
        text: [
          `Hello ${user.firstName},`,
          '',
          `The email address of your Verdant account (login ID ${user.loginId}) was changed from ${from} to ${to} ${how}.`,
          'If you did not expect this, contact your product provider.',
        ].join('\n'),
      });
    },

    async check(token: string) {
      const found = await live(token);
      return found ? { valid: true, email: found.from, newEmail: found.to } : { valid: false };
    },

    async confirm(token: string) {
      const found = await live(token);
      if (!found) throw invalid();
      await db.transaction(async (tx) => {
        if (await q.emailTaken(tx, found.to, found.userId)) {
          throw badRequest(USER_MESSAGES.emailInUse, { email: [USER_MESSAGES.emailInUse] });
        }
        // Changes only while the account still has the old address, so two uses of one link change it once.
        if (!(await q.changeEmail(tx, found.userId, found.from, found.to))) throw invalid();
      });
      await this.notifyChanged(found.user, found.from, found.to, 'after confirmation from this address');
      return fill(USER_MESSAGES.emailChanged, { email: found.to });
    },
  };
}

export type EmailChanges = ReturnType<typeof createEmailChanges>;
