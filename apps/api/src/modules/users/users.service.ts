import type { UserUpdate } from '@verdant/contracts/users';
import { USER_MESSAGES } from '@verdant/contracts/users';
import type { Db } from '@verdant/db/client';
import { ACCESS, USER_STATUS } from '@verdant/domain/constants';
import { fill } from '@verdant/domain/messages';
import type { Config } from '../../config';
import { audit, diff } from '../../lib/audit';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { mayChangePersonRecord } from '../../lib/rights';
import type { SessionControl } from '../../lib/session-control';
import { assertNotTestDriveAccount } from '../../lib/test-drive';
import type { Caller } from '../../plugins/auth';
import type { EmailChanges } from './email-change.service';
import { createUserCreation } from './user-creation.service';
import { createUserPasswords } from './user-passwords.service';
import {
  assertEmailFree,
  assertMayGrant,
  caller,
  fullName,
  isSelf,
  member,
  notOnYourself,
  selfOrMember,
  toUser,
  userAsset,
} from './user-rules';
import * as q from './users.queries';

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
  auth: SessionControl;
  emailChanges: EmailChanges;
}) {
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
        // Already so (a second click, two administrators at once): nothing changes and nothing is recorded.
        if (row.membership.orgBlocked === blocked) return toUser(row, true);
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

    ...createUserPasswords({ db, config, mailer, endWaysInBut: auth.endWaysInBut }),
    ...createUserCreation({ db, config, mailer }),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
