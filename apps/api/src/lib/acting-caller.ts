import type { Db } from '@verdant/db/client';
import { users } from '@verdant/db/schema/core';
import { eq } from 'drizzle-orm';
import type { Caller } from '../plugins/auth';
import { principalOf } from './identity';
import type { OrganisationContext } from './organisation-context';

/**
 * A person as the caller of the services a background job goes through on their behalf (a data load, an
 * emailed invoice): they may edit in the organisation, and the audit rows name them. Undefined when they are gone.
 */
export async function actingCaller(
  db: Db,
  userId: number,
  org: OrganisationContext,
  requestId: string,
): Promise<Caller | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
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
    requestId,
  } as unknown as Caller;
}
