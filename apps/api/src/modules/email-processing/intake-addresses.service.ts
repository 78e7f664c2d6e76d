import {
  INTAKE_MSG,
  type IntakeAddress,
  type intakeAddressBody,
} from '@verdant/contracts/email-processing/intake-addresses';
import type { Db, DbOrTx } from '@verdant/db/client';
import { emailIntakeAddresses } from '@verdant/db/schema/email-intake';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';

type Body = z.output<typeof intakeAddressBody>;

const refuse = (field: string, message: string) => badRequest(message, { [field]: [message] });

/** Members who may enter invoices (Primary Contact or General User, not barred or blocked). */
async function people(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{ id: number; name: string }>(sql`
    select u.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.surname)), ''), u.email, u.login_id) as name
    from memberships m join users u on u.id = m.user_id
    where m.organisation_id = ${organisationId} and m.access_id in (2, 3) and not m.org_blocked
    order by name, u.id`);
  return rows.rows;
}

async function list(db: DbOrTx, organisationId: number, id?: number): Promise<IntakeAddress[]> {
  const rows = await db.execute<IntakeAddress & { actingId: number; actingName: string | null }>(sql`
    select a.id, a.address, a.allowed_senders as "allowedSenders", a.send_receipt = 'yes' as "sendReceipt",
      a.active, a.acting_user_id as "actingId",
      coalesce(nullif(trim(concat_ws(' ', u.first_name, u.surname)), ''), u.email, u.login_id) as "actingName",
      (select count(*)::int from email_messages m where m.organisation_id = ${organisationId}
        and lower(m.recipient) = lower(a.address)) as messages
    from email_intake_addresses a left join users u on u.id = a.acting_user_id
    where a.organisation_id = ${organisationId} ${id === undefined ? sql`` : sql`and a.id = ${id}`}
    order by a.address`);
  return rows.rows.map(({ actingId, actingName, ...a }) => ({
    ...a,
    actingUser: { id: actingId, name: actingName ?? `Person ${actingId}` },
  }));
}

/**
 * An organisation's intake addresses (docs/decisions/email-intake.md, Managing intake addresses): its
 * administrators and product administrators list, add, change and delete them; each write is one transaction
 * with its audit row. Addresses are unique across organisations (a recipient names one organisation).
 */
export function createIntakeAddressesService({ db }: { db: Db }) {
  /** The address free (case does not matter) and the acting person one who may enter invoices here. */
  async function check(
    tx: DbOrTx,
    organisationId: number,
    body: Body,
    actingUserId: number,
    selfId?: number,
  ) {
    const taken = await tx.execute<{ id: number }>(sql`
      select id from email_intake_addresses where lower(address) = ${body.address}
        ${selfId === undefined ? sql`` : sql`and id <> ${selfId}`}`);
    if (taken.rows.length > 0) throw refuse('address', INTAKE_MSG.taken);
    const allowed = await people(tx, organisationId);
    if (!allowed.some((p) => p.id === actingUserId)) throw refuse('actingUserId', INTAKE_MSG.actingUser);
  }

  const values = (body: Body, actingUserId: number) => ({
    address: body.address,
    allowedSenders: [...new Set(body.allowedSenders)],
    sendReceipt: body.sendReceipt ? 'yes' : 'no',
    active: body.active,
    actingUserId,
  });

  async function one(tx: DbOrTx, organisationId: number, id: number) {
    const [found] = await list(tx, organisationId, id);
    if (!found) throw notFound(INTAKE_MSG.notFound);
    return found;
  }

  const shown = (a: IntakeAddress) => ({
    address: a.address,
    allowedSenders: a.allowedSenders,
    sendReceipt: a.sendReceipt,
    active: a.active,
    actingUserId: a.actingUser.id,
  });

  return {
    async list(organisationId: number) {
      const [data, who] = await Promise.all([list(db, organisationId), people(db, organisationId)]);
      return { success: true as const, data, people: who };
    },

    async create(caller: Caller, organisationId: number, body: Body) {
      const data = await db.transaction(async (tx) => {
        const actingUserId = body.actingUserId ?? caller.user.id;
        await check(tx, organisationId, body, actingUserId);
        const [row] = await tx
          .insert(emailIntakeAddresses)
          .values({ organisationId, ...values(body, actingUserId) })
          .returning({ id: emailIntakeAddresses.id });
        const created = await one(tx, organisationId, row?.id ?? 0);
        await audit(tx, caller, {
          organisationId,
          action: 'create',
          asset: { type: 'email-intake-address', id: created.id, name: created.address },
          changes: diff(null, shown(created)),
        });
        return created;
      });
      return { success: true as const, message: INTAKE_MSG.saved, data };
    },

    async update(caller: Caller, organisationId: number, id: number, body: Body) {
      const data = await db.transaction(async (tx) => {
        const before = await one(tx, organisationId, id);
        const actingUserId = body.actingUserId ?? before.actingUser.id;
        await check(tx, organisationId, body, actingUserId, id);
        await tx
          .update(emailIntakeAddresses)
          .set(values(body, actingUserId))
          .where(
            and(eq(emailIntakeAddresses.id, id), eq(emailIntakeAddresses.organisationId, organisationId)),
          );
        const after = await one(tx, organisationId, id);
        await audit(tx, caller, {
          organisationId,
          action: 'update',
          asset: { type: 'email-intake-address', id, name: after.address },
          changes: diff(shown(before), shown(after)),
        });
        return after;
      });
      return { success: true as const, message: INTAKE_MSG.saved, data };
    },

    async remove(caller: Caller, organisationId: number, id: number) {
      await db.transaction(async (tx) => {
        const before = await one(tx, organisationId, id);
        await tx.execute(
          sql`delete from email_intake_addresses where id = ${id} and organisation_id = ${organisationId}`,
        );
        await audit(tx, caller, {
          organisationId,
          action: 'delete',
          asset: { type: 'email-intake-address', id, name: before.address },
          changes: diff(shown(before), null),
        });
      });
      return { success: true as const, message: INTAKE_MSG.deleted };
    },
  };
}

export type IntakeAddressesService = ReturnType<typeof createIntakeAddressesService>;
