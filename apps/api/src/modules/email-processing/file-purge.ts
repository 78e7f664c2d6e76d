import type { Db, DbOrTx } from '@verdant/db/client';
import { PARKED_EMAIL_AGE_DAYS } from '@verdant/domain/constants';
import { sql } from 'drizzle-orm';
import { audit, systemJob } from '../../lib/audit';
import type { Storage } from '../../lib/storage';
import { othersUseKey } from './queues.queries';

const DAY_MS = 24 * 60 * 60 * 1000;
const [, , EMERGENCY_DAYS] = PARKED_EMAIL_AGE_DAYS;

/**
 * The moment before which a parked or deferred item's file is purged: its age in whole days (the queue's age)
 * is over the emergency threshold (docs/decisions/email-intake.md, Parked files purged after 17 days).
 */
export function purgeCutoff(now: Date): Date {
  return new Date(now.getTime() - (EMERGENCY_DAYS + 1) * DAY_MS);
}

type Due = { id: number; organisationId: number; filename: string; storageKey: string; messageId: number };

async function dueItems(db: DbOrTx, cutoff: Date, limit: number): Promise<Due[]> {
  const rows = await db.execute<Due>(sql`
    select i.id, i.organisation_id as "organisationId", i.filename, i.storage_key as "storageKey",
      i.message_id as "messageId"
    from email_items i join email_messages m on m.organisation_id = i.organisation_id and m.id = i.message_id
    where i.state in ('parked', 'deferred') and i.file_purged_at is null and i.storage_key is not null
      and m.received_at <= ${cutoff.toISOString()}
    order by m.received_at, i.id limit ${limit}`);
  return rows.rows;
}

/** The message's raw bytes, when none of its items still waits in a queue with its own file kept. */
async function rawToDrop(db: DbOrTx, messageId: number, organisationId: number) {
  const rows = await db.execute<{ key: string }>(sql`
    select m.storage_key as key from email_messages m
    where m.id = ${messageId} and m.organisation_id = ${organisationId} and m.file_purged_at is null
      and not exists (select 1 from email_items i where i.organisation_id = m.organisation_id
        and i.message_id = m.id and i.state in ('pending', 'parked', 'deferred') and i.file_purged_at is null)
    for update`);
  return rows.rows[0]?.key ?? null;
}

async function otherMessagesUseKey(db: DbOrTx, key: string, messageId: number) {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from email_messages
    where storage_key = ${key} and id <> ${messageId} and file_purged_at is null`);
  return (rows.rows[0]?.n ?? 0) > 0;
}

export interface PurgeCount {
  files: number;
  messages: number;
}

/**
 * Removes the stored bytes of items left parked or deferred over 17 days, and the raw message once none of its
 * items waits any longer; the item keeps its record, state and reason, and says when its file went. One
 * transaction per item with its audit row, the bytes removed last (if they cannot be, nothing is kept and the
 * next sweep tries again).
 */
export async function purgeParkedFiles(
  db: Db,
  storage: Storage,
  now: Date,
  log: (line: string) => void = () => {},
): Promise<PurgeCount> {
  const count: PurgeCount = { files: 0, messages: 0 };
  const due = await dueItems(db, purgeCutoff(now), 500);
  for (const item of due) {
    try {
      const droppedRaw = await db.transaction(async (tx) => {
        const locked = await tx.execute<{ id: number }>(sql`
          update email_items set storage_key = null, file_purged_at = ${now.toISOString()}
          where id = ${item.id} and state in ('parked', 'deferred') and file_purged_at is null
          returning id`);
        if (locked.rows.length === 0) return null;
        await audit(tx, systemJob('purge-parked-email-files'), {
          organisationId: item.organisationId,
          action: 'purge email file',
          asset: { type: 'email item', id: item.id, name: item.filename },
          changes: { file: { before: item.storageKey, after: null } },
        });
        const raw = await rawToDrop(tx, item.messageId, item.organisationId);
        if (raw) {
          await tx.execute(sql`update email_messages set file_purged_at = ${now.toISOString()}
            where id = ${item.messageId}`);
        }
        if (!(await othersUseKey(tx, item.storageKey, item.id))) await storage.delete(item.storageKey);
        if (raw && !(await otherMessagesUseKey(tx, raw, item.messageId))) await storage.delete(raw);
        return raw !== null;
      });
      if (droppedRaw === null) continue;
      count.files += 1;
      if (droppedRaw) count.messages += 1;
    } catch (error) {
      log(
        `could not purge the file of email item ${item.id}: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  return count;
}
