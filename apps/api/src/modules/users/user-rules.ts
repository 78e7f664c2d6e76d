import type { User } from '@verdant/contracts/users';
import { USER_MESSAGES } from '@verdant/contracts/users';
import type { DbOrTx } from '@verdant/db/client';
import { ACCESS, ACCESS_LABELS, USER_STATUS } from '@verdant/domain/constants';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import * as q from './users.queries';

/** What the users operations share: the caller's organisation, the person looked at, and the grant rule. */

export const notOnYourself = () => forbidden(USER_MESSAGES.notOnYourself);
export const fullName = (u: { firstName: string; surname: string }) => `${u.firstName} ${u.surname}`;
/** A person as the asset of an audit row. */
export const userAsset = (u: { id: number; firstName?: string; surname?: string }) => ({
  type: 'user',
  id: u.id,
  name: u.firstName === undefined ? null : fullName({ firstName: u.firstName, surname: u.surname ?? '' }),
});

export function toUser(row: q.MemberRow, mayEdit: boolean): User {
  const { user: u, membership: m } = row;
  return {
    id: u.id,
    email: u.email,
    userId: u.loginId,
    title: u.title,
    firstName: u.firstName,
    surname: u.surname,
    position: u.position,
    employingOrganisation: u.employingOrganisation,
    contactAddress1: u.contactAddress1,
    contactAddress2: u.contactAddress2,
    contactAddress3: u.contactAddress3,
    contactAddress4: u.contactAddress4,
    mobile: u.mobile,
    ddiPhone: u.ddiPhone,
    extension: u.extension,
    fax: u.fax,
    lastVisit: u.lastVisit?.toISOString() ?? null,
    accessId: m.accessId,
    accessLevel: ACCESS_LABELS[m.accessId] ?? 'None',
    admin: m.admin,
    blocked: u.statusId === USER_STATUS.blocked,
    orgBlocked: m.orgBlocked,
    sso: u.sso,
    mayEdit,
  };
}

/** What the route's rule established in the organisation it checked (the session's or the path's). */
export function caller(a: Caller) {
  const { organisationId, role, mayEdit, mayAdminister } = a.checked;
  if (organisationId === null || !role) throw forbidden();
  return { organisationId, role, mayEdit, mayAdminister };
}

/** A member of the organisation; anyone else is 'not found', so the answer reveals nothing. */
export async function member(tx: DbOrTx, organisationId: number, userId: number) {
  const row = await q.findMember(tx, organisationId, userId);
  if (!row) throw notFound();
  return row;
}

/**
 * One's own record, also when one holds no membership in the organisation (a product administrator):
 * My Details must work for everyone.
 */
export async function selfOrMember(tx: DbOrTx, a: Caller, organisationId: number, userId: number) {
  const row = await q.findMember(tx, organisationId, userId);
  if (row) return row;
  const user = isSelf(a, userId) ? await q.findUser(tx, userId) : undefined;
  if (!user) throw notFound();
  return {
    user,
    membership: {
      userId,
      organisationId,
      accessId: ACCESS.none,
      admin: false,
      orgBlocked: false,
      lastUsedAt: null,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    },
  } satisfies q.MemberRow;
}

export const isSelf = (a: Caller, userId: number) => a.user.id === userId;
/** Whose identifiers the caller may learn about: the checked organisation's members, or everyone's. */
export const visible = (a: Caller) =>
  a.principal.productAdmin ? {} : { withinOrganisation: caller(a).organisationId };

export async function assertEmailFree(tx: DbOrTx, email: string, exceptUserId?: number) {
  if (await q.emailTaken(tx, email, exceptUserId)) {
    throw badRequest(USER_MESSAGES.emailInUse, { email: [USER_MESSAGES.emailInUse] });
  }
}

/**
 * Domain rule (docs/domain.md, Rights): an editor who is not an administrator may hand out levels up to
 * General User only, and may not change an administrator's or a Primary Contact's level. That the caller
 * is an editor at all is the operation's declared rule.
 */
export function assertMayGrant(c: Awaited<ReturnType<typeof caller>>, level: number, target?: q.MemberRow) {
  if (c.mayAdminister) return;
  if (
    level === ACCESS.primaryContact ||
    target?.membership.admin ||
    target?.membership.accessId === ACCESS.primaryContact
  ) {
    throw forbidden();
  }
}
