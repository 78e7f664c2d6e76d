import type { sessions, users } from '@verdant/db/schema/core';
import type { Checked } from './access';
import type { OrganisationContext } from './organisation-context';
import type { OrganisationRole, Principal } from './rights';
import type { SessionAnswers } from './session-answers';

/** Who is calling (docs/architecture.md, How a request runs): the session's person and rights. */
export interface AuthContext {
  token: string;
  tokenHash: string;
  user: typeof users.$inferSelect;
  session: typeof sessions.$inferSelect;
  principal: Principal;
  /** The session's current organisation (null only for a product administrator with none chosen). */
  organisationId: number | null;
  /** The role in the session's organisation, read with the session (the rights engine reuses it). */
  knownRole: { organisationId: number; role: OrganisationRole | undefined } | undefined;
  /** The session's organisation as read with the session (docs/decisions/performance.md, The organisation summary). */
  knownOrganisation?: { id: number; name: string };
  /** Answers kept with the session while the access cache keeps it (./session-answers.ts). */
  sessionAnswers?: SessionAnswers;
}

/** A signed-in caller whose route's declared access has been checked: services receive this. */
export interface Caller extends AuthContext {
  checked: Checked;
  /** The organisation the rule was checked in, with its zone and dates; null for rules without one. */
  org: OrganisationContext | null;
  /** The request's id, written on the audit rows of its writes. */
  requestId?: string;
}
