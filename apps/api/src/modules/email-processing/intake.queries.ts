import type { DbOrTx } from '@verdant/db/client';
import { emailItems, emailLog, emailMessages } from '@verdant/db/schema/email-intake';
import { sql } from 'drizzle-orm';

export type IntakeAddress = {
  id: number;
  organisationId: number;
  address: string;
  allowedSenders: string[];
  actingUserId: number;
  /** 'yes' when the sender gets a receipt. */
  sendReceipt: string;
};

/** The organisation's intake address a recipient names, if any (case does not matter). */
export async function addressOf(db: DbOrTx, address: string): Promise<IntakeAddress | undefined> {
  const rows = await db.execute<IntakeAddress>(sql`
    select id, organisation_id as "organisationId", address, allowed_senders as "allowedSenders",
      acting_user_id as "actingUserId", send_receipt as "sendReceipt"
    from email_intake_addresses where lower(address) = lower(${address.trim()}) and active`);
  return rows.rows[0];
}

/** The first message of the organisation with these bytes, if one was received before. */
export async function firstWithBytes(db: DbOrTx, organisationId: number, sha256: string) {
  const rows = await db.execute<{ id: number; receivedAt: string }>(sql`
    select id, to_char(received_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as "receivedAt"
    from email_messages where organisation_id = ${organisationId} and sha256 = ${sha256}
      and duplicate_of is null order by id limit 1`);
  return rows.rows[0];
}

export async function insertMessage(db: DbOrTx, values: typeof emailMessages.$inferInsert) {
  const [row] = await db.insert(emailMessages).values(values).returning({ id: emailMessages.id });
  if (!row) throw new Error('message not inserted');
  return row.id;
}

export async function insertItem(db: DbOrTx, values: typeof emailItems.$inferInsert) {
  const [row] = await db.insert(emailItems).values(values).returning({ id: emailItems.id });
  if (!row) throw new Error('item not inserted');
  return row.id;
}

export async function addLog(db: DbOrTx, values: typeof emailLog.$inferInsert) {
  await db.insert(emailLog).values(values);
}

/** Items still waiting to be processed (received, never finished: their job was lost with a stopped process). */
export async function pendingItems(db: DbOrTx, olderThan: Date, limit = 500) {
  const rows = await db.execute<{ id: number }>(sql`
    select id from email_items where state = 'pending' and state_at < ${olderThan.toISOString()}
    order by id limit ${limit}`);
  return rows.rows.map((r) => r.id);
}
