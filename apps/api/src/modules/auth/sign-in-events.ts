import type { DbOrTx } from '@verdant/db/client';
import { type AuditActor, audit, systemJob } from '../../lib/audit';
import { principalOf } from '../../lib/identity';
import { enterableOrganisations } from '../../lib/rights';
import type * as q from './auth.queries';

/**
 * A sign-in event in the audit log, written on the person's account (docs/decisions/audit-log.md, Sign-in
 * events).
 */
export async function signInEvent(
  tx: DbOrTx,
  user: { id: number; firstName: string; surname: string } | undefined,
  organisationId: number | null | undefined,
  action: string,
  ip: string,
  actor: AuditActor,
  username?: string,
) {
  let org = organisationId;
  if (org === undefined && user) {
    // The organisation the person last used, so its administrators see the event.
    const [first] = await enterableOrganisations(tx, principalOf(user as q.UserRow), { limit: 1 });
    org = first?.id ?? null;
  }
  await audit(tx, actor, {
    organisationId: org ?? null,
    action,
    asset: {
      type: 'user',
      id: user?.id ?? null,
      name: user ? `${user.firstName} ${user.surname}` : username,
    },
    changes: ip ? { ip: { before: null, after: ip } } : {},
  });
}

export const personActor = (user: { id: number; firstName: string; surname: string }): AuditActor => ({
  userId: user.id,
  name: `${user.firstName} ${user.surname}`,
});

/** Nobody is signed in yet: the sign-in page acts. */
export const signInPage = systemJob('sign-in page');
