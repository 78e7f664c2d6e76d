import type { Db } from '@verdant/db/client';
import { users } from '@verdant/db/schema/core';
import { eq } from 'drizzle-orm';
import { principalOf } from '../../lib/identity';
import { loadOrganisationContext } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';

/**
 * The person an intake address acts for, as the caller of the services an email item goes through (the
 * invoice is entered by them, its audit row names them), or null when they are gone.
 */
export async function actingCaller(
  db: Db,
  userId: number | null,
  organisationId: number,
  now: Date,
  itemId: number,
): Promise<Caller | null> {
  if (userId === null) return null;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const org = await loadOrganisationContext(db, organisationId, now);
  return {
    user,
    principal: principalOf(user),
    organisationId: org.id,
    checked: {
      organisationId: org.id,
      role: undefined,
      mayEdit: true,
      mayAdminister: false,
      organisation: org,
    },
    org,
    requestId: `email item ${itemId}`,
  } as unknown as Caller;
}
