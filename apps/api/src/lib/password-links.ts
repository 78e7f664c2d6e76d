import type { DbOrTx } from '@verdant/db/client';
import { passwordResets, type users } from '@verdant/db/schema/core';
import { PASSWORD_RESET_VALID_MINUTES } from '@verdant/domain/constants';
import type { Mailer } from './mail';
import { hashToken, newToken } from './tokens';

type UserRow = typeof users.$inferSelect;

/** A new account's link lasts a week; a reset link an hour. */
const WELCOME_VALID_MINUTES = 7 * 24 * 60;

/**
 * Issues a one-time link to `PUBLIC_URL/reset-password?token=...` and mails it: a reset for an existing
 * account, or a welcome for a new one. Only the token's hash is stored.
 */
export async function sendPasswordLink(
  db: DbOrTx,
  mailer: Mailer,
  publicUrl: string,
  user: UserRow,
  kind: 'reset' | 'welcome',
): Promise<void> {
  const token = newToken();
  const minutes = kind === 'welcome' ? WELCOME_VALID_MINUTES : PASSWORD_RESET_VALID_MINUTES;
  await db.insert(passwordResets).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + minutes * 60_000),
  });
  const link = `${publicUrl}/reset-password?token=${token}`;
  const validity = kind === 'welcome' ? '7 days' : `${PASSWORD_RESET_VALID_MINUTES} minutes`;
  const body =
    kind === 'welcome'
      ? [
          `Hello ${user.firstName},`,
          '',
          `An account has been created for you on Verdant. Your login ID is ${user.loginId}.`,
          'To choose your password and sign in, open this link:',
        ]
      : [
          `Hello ${user.firstName},`,
          '',
          'Someone asked to reset the password of your Verdant account. To choose a new password, open this link:',
        ];
  await mailer.send({
    to: user.email,
    subject: kind === 'welcome' ? 'Your Verdant account' : 'Reset your Verdant password',
    text: [
      ...body,
      '',
      link,
      '',
      `The link works once and expires in ${validity}. If you did not expect this email, ignore it.`,
    ].join('\n'),
  });
}
