import type { DbOrTx } from '@verdant/db/client';
import { memberships, users } from '@verdant/db/schema/core';
import { DEMO_ACCOUNT } from '@verdant/domain/demo-account';
import { MSG } from '@verdant/domain/messages';
import { and, eq, sql } from 'drizzle-orm';
import { forbidden } from './errors';
import type { Principal } from './rights';

/**
 * The free test drive opens read-only sessions of the demo account (plugins/auth.ts refuses their changes).
 * Someone signed in as the demo account with its published password, or another administrator, could still
 * lock every later visitor out; these rules keep the account and its organisations usable. A product
 * administrator (the operator) is not held by them.
 */
export const isTestDriveAccount = (user: { loginId: string }) =>
  user.loginId.toLowerCase() === DEMO_ACCOUNT.username;

/** Refuses a password change, block or deletion of the test drive account. */
export function assertNotTestDriveAccount(caller: Principal, user: { loginId: string }) {
  if (!caller.productAdmin && isTestDriveAccount(user)) throw forbidden(MSG.testDriveAccountProtected);
}

/** Refuses disabling an organisation the test drive account belongs to. */
export async function assertNotTestDriveOrganisation(db: DbOrTx, caller: Principal, organisationId: number) {
  if (caller.productAdmin) return;
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organisationId, organisationId),
        sql`lower(${users.loginId}) = ${DEMO_ACCOUNT.username}`,
      ),
    )
    .limit(1);
  if (row) throw forbidden(MSG.testDriveOrganisationProtected);
}
