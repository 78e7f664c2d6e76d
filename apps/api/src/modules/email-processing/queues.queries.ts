import type { Extracted, LogEntry } from '@verdant/contracts/email-processing/queues';
import type { DbOrTx } from '@verdant/db/client';
import { sql } from 'drizzle-orm';

export type QueueRow = {
  id: number;
  organisationId: number;
  organisationName: string;
  filename: string;
  state: 'parked' | 'deferred';
  reasonCode: string | null;
  reason: string | null;
  retailerId: number | null;
  retailerName: string | null;
  templateVersion: number | null;
  sender: string;
  subject: string;
  receivedAt: Date;
  extracted: Extracted | null;
  fileDeletedAt: Date | null;
};

/** Every parked and deferred item, oldest first. */
export async function queueItems(db: DbOrTx, opts: { retailerId?: number } = {}): Promise<QueueRow[]> {
  const retailer =
    opts.retailerId === undefined
      ? sql``
      : sql`and (i.retailer_id = ${opts.retailerId} or (i.retailer_id is null and i.reason_code = 'unknown-retailer'))`;
  const rows = await db.execute<QueueRow>(sql`
    select i.id, i.organisation_id as "organisationId", o.name as "organisationName", i.filename, i.state,
      i.reason_code as "reasonCode", i.reason, i.retailer_id as "retailerId", r.name as "retailerName",
      i.template_version as "templateVersion", m.sender, m.subject, m.received_at as "receivedAt", i.extracted,
      i.file_purged_at as "fileDeletedAt"
    from email_items i
      join email_messages m on m.organisation_id = i.organisation_id and m.id = i.message_id
      join organisations o on o.id = i.organisation_id
      left join retailers r on r.id = i.retailer_id
    where i.state in ('parked', 'deferred') ${retailer}
    order by m.received_at, i.id`);
  return rows.rows.map((r) => ({
    ...r,
    receivedAt: new Date(r.receivedAt),
    fileDeletedAt: r.fileDeletedAt ? new Date(r.fileDeletedAt) : null,
  }));
}

export type QueuedItem = {
  id: number;
  organisationId: number;
  filename: string;
  contentType: string;
  storageKey: string | null;
  state: string;
  filePurged: boolean;
};

/** The item a queue's name points at while it is in that queue, locked when asked. */
export async function itemInQueue(db: DbOrTx, id: number, queue: 'parked' | 'deferred', lock = false) {
  const rows = await db.execute<QueuedItem>(sql`
    select id, organisation_id as "organisationId", filename, content_type as "contentType",
      storage_key as "storageKey", state, file_purged_at is not null as "filePurged"
    from email_items where id = ${id} and state = ${queue} ${lock ? sql`for update` : sql``}`);
  return rows.rows[0];
}

/** Whether other items still hold the same stored bytes (they are kept once). */
export async function othersUseKey(db: DbOrTx, key: string, id: number) {
  const rows = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from email_items where storage_key = ${key} and id <> ${id} and state <> 'deleted'`);
  return (rows.rows[0]?.n ?? 0) > 0;
}

export async function setState(db: DbOrTx, id: number, state: string, at: Date) {
  await db.execute(sql`update email_items set state = ${state}, state_at = ${at.toISOString()},
    reason_code = case when ${state} = 'pending' then null else reason_code end,
    reason = case when ${state} = 'pending' then null else reason end
    where id = ${id}`);
}

/** A preprocess log, newest first. */
export async function logEntries(
  db: DbOrTx,
  kind: 'accepted' | 'rejected',
  limit = 1000,
): Promise<LogEntry[]> {
  const rows = await db.execute<LogEntry>(sql`
    select to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as timestamp, l.message,
      o.name as organisation, i.filename as file, i.invoice_id as "invoiceId",
      (select im.meter_id from invoice_meters im
        where im.organisation_id = i.organisation_id and im.invoice_id = i.invoice_id order by im.meter_id limit 1)
        as "meterId"
    from email_log l join organisations o on o.id = l.organisation_id
      left join email_items i on i.id = l.item_id
    where l.kind = ${kind} order by l.at desc, l.id desc limit ${limit}`);
  return rows.rows;
}

/** Removes the log entries before a day (UTC); how many went. */
export async function trimLog(db: DbOrTx, beforeDate: string) {
  const rows = await db.execute<{ id: number }>(sql`
    delete from email_log where at < ${beforeDate}::date::timestamp at time zone 'UTC' returning id`);
  return rows.rows.length;
}
