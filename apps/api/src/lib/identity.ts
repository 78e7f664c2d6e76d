import type { CurrentUser, OrgSummary } from '@verdant/contracts/current-user';
import type { DbOrTx } from '@verdant/db/client';
import { organisations, type users } from '@verdant/db/schema/core';
import { ACCESS, ACCESS_LABELS, CONTTYPE_ADMINISTRATOR, USER_STATUS } from '@verdant/domain/constants';
import { eq, sql } from 'drizzle-orm';
import { preparedStatement } from './prepared';
import type { OrganisationRole, Principal } from './rights';

type UserRow = typeof users.$inferSelect;

export function principalOf(user: UserRow): Principal {
  return {
    userId: user.id,
    productAdmin: user.productAdmin,
    statusId: user.statusId,
  };
}

/** The spec's Current user, as seen in the session's organisation. */
export function toCurrentUser(
  user: UserRow,
  organisationId: number | null,
  role?: OrganisationRole,
): CurrentUser {
  const accessId = role?.accessId ?? ACCESS.none;
  const admin = user.productAdmin || role?.admin === true;
  return {
    id: user.id,
    org: organisationId,
    userId: user.loginId,
    email: user.email,
    title: user.title,
    firstName: user.firstName,
    surname: user.surname,
    admin,
    productAdmin: user.productAdmin,
    access: ACCESS_LABELS[accessId] ?? 'None',
    accessId,
    blocked: user.statusId === USER_STATUS.blocked,
    orgBlocked: role?.orgBlocked === true,
    statusId: user.statusId,
    // The spec's conttypeId 1 marks an administrator of the current organisation.
    conttypeId: admin ? CONTTYPE_ADMINISTRATOR : 2,
    accessMechanism: user.sso ? 'sso' : 'password',
  };
}

/**
 * The header summary of an organisation. Alerts are counted from the alert tables once those exist
 * (the data-sources issue); until then an organisation has no alerts to count.
 */
const summaryStatement = preparedStatement('organisation_summary', (db) =>
  db
    .select({ id: organisations.id, name: organisations.name, timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, sql.placeholder('organisationId'))),
);

export async function organisationSummary(db: DbOrTx, organisationId: number): Promise<OrgSummary | null> {
  const [row] = await summaryStatement(db, { organisationId });
  return row ? { ...row, alerts: 0 } : null;
}
