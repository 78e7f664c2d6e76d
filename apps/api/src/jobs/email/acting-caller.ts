import type { Db } from '@verdant/db/client';
import { actingCaller as actingAs } from '../../lib/acting-caller';
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
  const org = await loadOrganisationContext(db, organisationId, now);
  return (await actingAs(db, userId, org, `email item ${itemId}`)) ?? null;
}
