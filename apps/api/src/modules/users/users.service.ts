import type { CreateUserRequest, User, UserUpdate } from '@verdant/contracts/users';
import { USER_MESSAGES } from '@verdant/contracts/users';
import type { Db, DbOrTx } from '@verdant/db/client';
import { hashPassword, verifyPassword } from '@verdant/db/password-hash';
import { ACCESS, ACCESS_LABELS, USER_STATUS } from '@verdant/domain/constants';
import { fill, MSG } from '@verdant/domain/messages';
import { looksLikeEmail } from '@verdant/domain/passwords';
import type { Config } from '../../config';
import { audit, created as createdFields, diff } from '../../lib/audit';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { sendPasswordLink } from '../../lib/password-links';
import { mayChangePersonRecord } from '../../lib/rights';
import { assertNotTestDriveAccount } from '../../lib/test-drive';
import type { Caller } from '../../plugins/auth';
import type { AuthService } from '../auth/auth.service';
import type { EmailChanges } from './email-change.service';
import * as q from './users.queries';

const notOnYourself = () => forbidden(USER_MESSAGES.notOnYourself);
const fullName = (u: { firstName: string; surname: string }) => `${u.firstName} ${u.surname}`;
/** A person as the asset of an audit row. */
const userAsset = (u: { id: number; firstName?: string; surname?: string }) => ({
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

export function createUsersService({
  db,
  config,
  mailer,
  auth,
  emailChanges,
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
  auth: AuthService;
  emailChanges: EmailChanges;
}) {
  /** What the route's rule established in the organisation it checked (the session's or the path's). */
  function caller(a: Caller) {
    const { organisationId, role, mayEdit, mayAdminister } = a.checked;
    if (organisationId === null || !role) throw forbidden();
    return { organisationId, role, mayEdit, mayAdminister };
  }

  /** A member of the organisation; anyone else is 'not found', so the answer reveals nothing. */
  async function member(tx: DbOrTx, organisationId: number, userId: number) {
    const row = await q.findMember(tx, organisationId, userId);
    if (!row) throw notFound();
    return row;
  }

  /**
   * One's own record, also when one holds no membership in the organisation (a product administrator):
   * My Details must work for everyone.
   */
  async function selfOrMember(tx: DbOrTx, a: Caller, organisationId: number, userId: number) {
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

  const isSelf = (a: Caller, userId: number) => a.user.id === userId;
  /** Whose identifiers the caller may learn about: the checked organisation's members, or everyone's. */
  const visible = (a: Caller) =>
    a.principal.productAdmin ? {} : { withinOrganisation: caller(a).organisationId };

  async function assertEmailFree(tx: DbOrTx, email: string, exceptUserId?: number) {
    if (await q.emailTaken(tx, email, exceptUserId)) {
      throw badRequest(USER_MESSAGES.emailInUse, { email: [USER_MESSAGES.emailInUse] });
    }
  }

  /**
   * Domain rule (docs/domain.md, Rights): an editor who is not an administrator may hand out levels up to
   * General User only, and may not change an administrator's or a Primary Contact's level. That the caller
   * is an editor at all is the operation's declared rule.
   */
  function assertMayGrant(c: Awaited<ReturnType<typeof caller>>, level: number, target?: q.MemberRow) {
    if (c.mayAdminister) return;
    if (
      level === ACCESS.primaryContact ||
      target?.membership.admin ||
      target?.membership.accessId === ACCESS.primaryContact
    ) {
      throw forbidden();
    }
  }

  return {
    async list(a: Caller, page: { offset: number; limit: number; q?: string }) {
      const c = caller(a);
      const { rows, total } = await q.listMembers(db, c.organisationId, page);
      return {
        mayEdit: c.mayEdit,
        total,
        users: rows.map((r) => toUser(r, c.mayEdit || isSelf(a, r.user.id))),
      };
    },

    async get(a: Caller, userId: number) {
      const c = caller(a);
      const row = await selfOrMember(db, a, c.organisationId, userId);
      return toUser(row, c.mayEdit || isSelf(a, userId));
    },

    async update(a: Caller, userId: number, body: UserUpdate) {
      const c = caller(a);
      return db.transaction(async (tx) => {
        const row = await selfOrMember(tx, a, c.organisationId, userId);
        // Its email (where resets go) and status are what keep the test drive working.
        if (body.blocked || body.email !== row.user.email) assertNotTestDriveAccount(a.principal, row.user);
        const self = isSelf(a, userId);
        if (!self && !c.mayAdminister && (await q.isPrivilegedAnywhere(tx, userId))) {
          throw forbidden(USER_MESSAGES.privilegedRecord);
        }
        let owner: boolean | undefined;
        const mayChangeRecord = async () => {
          owner ??= await mayChangePersonRecord(tx, a.principal, row.user);
          return owner;
        };
        if (body.admin !== undefined && body.admin !== row.membership.admin) {
          if (!c.mayAdminister) throw forbidden();
          if (self) throw notOnYourself();
          await q.updateMembership(tx, userId, c.organisationId, { admin: body.admin });
        }
        const { admin: _admin, blocked: block, email, ...fields } = body;
        const values: Partial<q.UserRow> = { ...fields };
        if (block !== undefined && block !== (row.user.statusId === USER_STATUS.blocked)) {
          if (!c.mayAdminister) throw forbidden();
          if (self) throw notOnYourself();
          if (await mayChangeRecord()) {
            values.statusId = block ? USER_STATUS.blocked : USER_STATUS.active;
          } else if (block && !row.membership.orgBlocked) {
            // An administrator of only some of the person's organisations blocks within their own; the
            // block is lifted with DELETE /users/{id}/block/{orgId}, never by a save that sends blocked: false.
            await q.updateMembership(tx, userId, c.organisationId, { orgBlocked: true });
          }
        }
        const changingEmail = email !== row.user.email;
        if (changingEmail) {
          if (!(await mayChangeRecord())) throw forbidden(USER_MESSAGES.emailChangeNotAllowed);
          if (email.toLowerCase() !== row.user.email.toLowerCase()) await assertEmailFree(tx, email, userId);
        }
        // The same address in other letter case needs no confirmation; a product administrator needs none.
        const direct = email.toLowerCase() === row.user.email.toLowerCase() || a.principal.productAdmin;
        if (changingEmail && direct) values.email = email;
        await q.updateUser(tx, userId, values);
        if (values.statusId === USER_STATUS.blocked) await auth.endSessionsOf(tx, userId);
        // Mailed last, inside the transaction: a failed mail leaves nothing half done.
        if (changingEmail && !direct) {
          await emailChanges.request(row.user, email, { id: a.user.id, name: fullName(a.user) });
        } else if (changingEmail && email.toLowerCase() !== row.user.email.toLowerCase()) {
          await emailChanges.notifyChanged(row.user, row.user.email, email, 'by a product administrator');
        }
        const after = toUser(await selfOrMember(tx, a, c.organisationId, userId), true);
        await audit(tx, a, {
          organisationId: c.organisationId,
          action: 'update',
          asset: userAsset(row.user),
          changes: diff(toUser(row, true), after),
        });
        if (changingEmail && !direct) {
          await audit(tx, a, {
            organisationId: c.organisationId,
            action: 'email change requested',
            asset: userAsset(row.user),
            changes: diff({ email: row.user.email }, { email }),
          });
        }
        return after;
      });
    },

    async grant(a: Caller, userId: number, organisationId: number, level: number) {
      const c = caller(a);
      if (isSelf(a, userId)) throw notOnYourself();
      return db.transaction(async (tx) => {
        const row = await q.findMember(tx, organisationId, userId);
        // Only a product administrator may bring in someone who is not already a member.
        if (!row && !a.principal.productAdmin) throw notFound();
        if (!row && !(await q.findUser(tx, userId))) throw notFound();
        assertMayGrant(c, level, row);
        if (level === ACCESS.none) await q.deleteMembership(tx, userId, organisationId);
        else await q.upsertMembership(tx, userId, organisationId, level);
        const after = await q.findMember(tx, organisationId, userId);
        const person = row?.user ?? after?.user ?? (await q.findUser(tx, userId));
        await audit(tx, a, {
          organisationId,
          action: 'grant access',
          asset: userAsset(person ?? { id: userId }),
          changes: diff(
            { access: row?.membership.accessId ?? null },
            { access: after?.membership.accessId ?? null },
          ),
        });
        return after ? toUser(after, true) : null;
      });
    },

    async removeFromOrganisation(a: Caller, userId: number, organisationId: number) {
      if (isSelf(a, userId)) throw notOnYourself();
      await db.transaction(async (tx) => {
        const row = await member(tx, organisationId, userId);
        assertNotTestDriveAccount(a.principal, row.user);
        await q.deleteMembership(tx, userId, organisationId);
        await audit(tx, a, {
          organisationId,
          action: 'remove from organisation',
          asset: userAsset(row.user),
          changes: diff({ access: row.membership.accessId }, { access: null }),
        });
      });
    },

    async setOrganisationBlock(a: Caller, userId: number, organisationId: number, blocked: boolean) {
      if (isSelf(a, userId)) throw notOnYourself();
      return db.transaction(async (tx) => {
        const row = await member(tx, organisationId, userId);
        if (blocked) assertNotTestDriveAccount(a.principal, row.user);
        await q.updateMembership(tx, userId, organisationId, { orgBlocked: blocked });
        await audit(tx, a, {
          organisationId,
          action: blocked ? 'block' : 'unblock',
          asset: userAsset(row.user),
          changes: diff({ blocked: row.membership.orgBlocked }, { blocked }),
        });
        return toUser(await member(tx, organisationId, userId), true);
      });
    },

    /** Deletes the person; one who also belongs elsewhere is only removable from this organisation. */
    async remove(a: Caller, userId: number) {
      const c = caller(a);
      if (isSelf(a, userId)) throw notOnYourself();
      return db.transaction(async (tx) => {
        const row = await member(tx, c.organisationId, userId);
        assertNotTestDriveAccount(a.principal, row.user);
        // A product administrator's account is theirs and other product administrators' to delete.
        if (row.user.productAdmin && !a.principal.productAdmin) throw forbidden();
        if (!a.principal.productAdmin && (await q.membershipCount(tx, userId)) > 1) {
          throw new AppError(
            'CONFLICT',
            'This user also belongs to other organisations: remove them from this organisation instead.',
            409,
          );
        }
        await q.deleteUser(tx, userId);
        await audit(tx, a, {
          organisationId: c.organisationId,
          action: 'delete',
          asset: userAsset(row.user),
        });
        return fill(USER_MESSAGES.userDeleted, { name: fullName(row.user) });
      });
    },

    async changePassword(a: Caller, userId: number, current: string, next: string) {
      if (a.user.sso) throw forbidden();
      assertNotTestDriveAccount(a.principal, a.user);
      if (!(await verifyPassword(a.user.passwordHash, current))) {
        throw badRequest(MSG.passwordNotCorrect, { current: [MSG.passwordNotCorrect] });
      }
      const passwordHash = await hashPassword(next);
      await db.transaction(async (tx) => {
        await q.updateUser(tx, userId, { passwordHash });
        await auth.endWaysInBut(tx, a.tokenHash, userId);
        await audit(tx, a, {
          organisationId: a.organisationId,
          action: 'change password',
          asset: userAsset(a.user),
        });
      });
      return MSG.passwordChanged;
    },

    async resetPassword(a: Caller, userId: number, ownPassword: string) {
      const c = caller(a);
      if (isSelf(a, userId)) throw notOnYourself();
      const row = await member(db, c.organisationId, userId);
      assertNotTestDriveAccount(a.principal, row.user);
      if (row.user.sso) throw badRequest('This user signs in with single sign-on and has no password here.');
      if (!(await verifyPassword(a.user.passwordHash, ownPassword))) {
        throw badRequest(MSG.yourPasswordNotCorrect, { password: [MSG.yourPasswordNotCorrect] });
      }
      await db.transaction(async (tx) => {
        await audit(tx, a, {
          organisationId: c.organisationId,
          action: 'password reset sent',
          asset: userAsset(row.user),
        });
        await sendPasswordLink(tx, mailer, config.publicUrl, row.user, 'reset');
      });
      return fill(USER_MESSAGES.resetSent, { name: fullName(row.user) });
    },

    /*
     * The form's checks answer only within what the caller may see: the members of the organisation the rule
     * checked (everyone, for a product administrator). Another organisation's person gets the answer an unused
     * identifier gets; creating the user still refuses a duplicate (docs/decisions/security.md).
     */
    async checkEmail(a: Caller, email: string) {
      if (!looksLikeEmail(email)) return { success: false, message: USER_MESSAGES.emailNotValid };
      if (await q.identifierTaken(db, email, visible(a)))
        return { success: false, message: USER_MESSAGES.emailInUse };
      return { success: true };
    },

    async checkLoginId(a: Caller, loginId: string) {
      if (!loginId) return { success: false, message: USER_MESSAGES.loginIdRequired };
      if (/\s/.test(loginId)) return { success: false, message: USER_MESSAGES.loginIdSpaces };
      if (await q.identifierTaken(db, loginId, visible(a)))
        return { success: false, message: USER_MESSAGES.loginIdInUse };
      return { success: true };
    },

    /** Creates the person, grants the level in the organisation and mails them a link to set a password. */
    async create(
      a: Caller,
      body: CreateUserRequest,
      _organisationId: number | null,
      level: number = ACCESS.observer,
    ) {
      const c = caller(a);
      if (level === ACCESS.none) throw badRequest('Choose an access level for the new user');
      assertMayGrant(c, level);
      return db.transaction(async (tx) => {
        await assertEmailFree(tx, body.email);
        if (await q.loginIdTaken(tx, body.userId)) {
          throw badRequest(USER_MESSAGES.loginIdInUse, { userId: [USER_MESSAGES.loginIdInUse] });
        }
        const created = await q.insertUser(tx, {
          email: body.email,
          loginId: body.userId,
          title: body.title ?? null,
          firstName: body.firstName,
          surname: body.surname,
        });
        await q.upsertMembership(tx, created.id, c.organisationId, level);
        await audit(tx, a, {
          organisationId: c.organisationId,
          action: 'create',
          asset: userAsset(created),
          changes: createdFields({
            email: created.email,
            loginId: created.loginId,
            firstName: created.firstName,
            surname: created.surname,
            access: level,
          }),
        });
        await sendPasswordLink(tx, mailer, config.publicUrl, created, 'welcome');
        const row = await member(tx, c.organisationId, created.id);
        return {
          message: fill(USER_MESSAGES.userCreated, { name: fullName(created) }),
          user: toUser(row, true),
        };
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
