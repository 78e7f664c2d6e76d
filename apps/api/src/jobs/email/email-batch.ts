import type { Db } from '@verdant/db/client';
import { sql } from 'drizzle-orm';
import { createJobRecord, finishJobRecord, jobProgress, startJobRecord } from '../job-records';

/**
 * Email batches in the jobs centre (docs/decisions/job-runner.md, Email batches): each IMAP poll or intake sweep
 * that took in at least one message keeps one row per organisation it took messages for, kind "email batch".
 * Its items are worked by their own jobs afterwards, so the row stays Running, its progress the items settled,
 * until the last one ends; each item's job refreshes the row. Refreshing counts from the items themselves, so
 * it may run any number of times, in any order, from any process.
 */

export type BatchSource = 'IMAP poll' | 'intake sweep' | 'SMTP delivery';

const titleOf = (source: BatchSource, n: number) =>
  `Email batch: ${n} message${n === 1 ? '' : 's'} (${source})`;

/** Opens the rows of the messages a poll or sweep took in that no batch holds yet; answers their ids. */
export async function openEmailBatches(db: Db, queue: string, source: BatchSource, messageIds: number[]) {
  if (messageIds.length === 0) return [];
  const ids = sql.join(
    messageIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const groups = await db.execute<{ organisation_id: number; ids: number[] }>(sql`
    select organisation_id, array_agg(id order by id) as ids from email_messages
    where id in (${ids}) and batch_job_id is null group by organisation_id order by organisation_id`);
  const opened: number[] = [];
  const title = (n: number) => titleOf(source, n);
  for (const g of groups.rows) {
    const jobId = await createJobRecord(db, {
      queue,
      kind: 'email batch',
      title: title(g.ids.length),
      ownerId: null,
      organisationId: g.organisation_id,
      parameters: { source, messages: g.ids.length },
    });
    const list = sql.join(
      g.ids.map((id) => sql`${id}`),
      sql`, `,
    );
    // Another process's sweep may have taken some of them meanwhile: the batch holds those it took.
    const taken = await db.execute(sql`update email_messages set batch_job_id = ${jobId}
      where id in (${list}) and batch_job_id is null returning id`);
    const n = taken.rows.length;
    if (n === 0) {
      await db.execute(sql`delete from background_jobs where id = ${jobId}`);
      continue;
    }
    if (n !== g.ids.length)
      await db.execute(sql`update background_jobs set title = ${title(n)},
        parameters = ${JSON.stringify({ source, messages: n })}::jsonb where id = ${jobId}`);
    await startJobRecord(db, jobId);
    await refreshEmailBatch(db, jobId);
    opened.push(jobId);
  }
  return opened;
}

/** An SMTP batch takes the deliveries of this long after it opened (docs/decisions/job-runner.md, Email batches). */
export const SMTP_BATCH_MINUTES = 15;
/** Deliveries to one organisation take turns to find or open its SMTP batch (with the organisation's id). */
const SMTP_BATCH_LOCK = 74_236;

/**
 * The batch of an SMTP delivery that stored messages (docs/decisions/job-runner.md, Email batches): at once, per
 * organisation, the messages join its SMTP batch still Running that opened less than 15 minutes ago, else a new
 * one; so a relay's stream of single-message deliveries is one row a quarter of an hour, not one a message.
 * Answers the batches kept.
 */
export async function keepSmtpBatches(db: Db, queue: string, messageIds: number[]) {
  if (messageIds.length === 0) return [];
  const groups = await db.execute<{ organisation_id: number; ids: number[] }>(sql`
    select organisation_id, array_agg(id order by id) as ids from email_messages
    where id = any(${sql.param(messageIds)}::int[]) and batch_job_id is null
    group by organisation_id order by organisation_id`);
  const kept: number[] = [];
  for (const g of groups.rows) {
    const jobId = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SMTP_BATCH_LOCK}, ${g.organisation_id})`);
      const open = await tx.execute<{ id: number }>(sql`
        select id from background_jobs
        where kind = 'email batch' and organisation_id = ${g.organisation_id} and status = 'running'
          and parameters->>'source' = 'SMTP delivery'
          and created_at > now() - make_interval(mins => ${SMTP_BATCH_MINUTES})
        order by id desc limit 1 for update`);
      const id =
        open.rows[0]?.id ??
        (await createJobRecord(tx, {
          queue,
          kind: 'email batch',
          title: titleOf('SMTP delivery', g.ids.length),
          ownerId: null,
          organisationId: g.organisation_id,
          parameters: { source: 'SMTP delivery', messages: g.ids.length },
        }));
      await tx.execute(sql`update email_messages set batch_job_id = ${id}
        where id = any(${sql.param(g.ids)}::int[]) and batch_job_id is null`);
      const held = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from email_messages where batch_job_id = ${id}`,
      );
      const n = held.rows[0]?.n ?? 0;
      await tx.execute(sql`update background_jobs set title = ${titleOf('SMTP delivery', n)},
        parameters = ${JSON.stringify({ source: 'SMTP delivery', messages: n })}::jsonb where id = ${id}`);
      if (open.rows[0] === undefined) await startJobRecord(tx, id);
      return Number(id);
    });
    await refreshEmailBatch(db, jobId);
    kept.push(jobId);
  }
  return kept;
}

type ItemRow = {
  message_id: number;
  subject: string;
  sender: string;
  rejected_reason: string | null;
  filename: string | null;
  state: string | null;
  reason: string | null;
  reason_code: string | null;
  invoice_id: number | null;
  import_uuid: string | null;
};

/** What the batch's refused rows say of a message's item: its message, file and reason. */
function refusal(r: ItemRow) {
  const what = `Message ${r.message_id} from ${r.sender || 'an unknown sender'}${r.subject ? ` '${r.subject.slice(0, 80)}'` : ''}`;
  if (r.filename === null) return `${what}: ${r.rejected_reason ?? 'refused'}`;
  const why = r.reason ?? r.reason_code ?? r.state ?? '';
  return `${what}, ${r.filename}: ${r.state}${why && why !== r.state ? `, ${why}` : ''}`;
}

/** Counts what became of the batch's items, and finishes it once none is left to work. */
export async function refreshEmailBatch(db: Db, jobId: number) {
  const rows = await db.execute<ItemRow>(sql`
    select m.id as message_id, m.subject, m.sender, m.rejected_reason, i.filename, i.state, i.reason,
      i.reason_code, i.invoice_id, i.import_uuid
    from email_messages m left join email_items i on i.message_id = m.id and i.organisation_id = m.organisation_id
    where m.batch_job_id = ${jobId} order by m.id, i.position`);
  const items = rows.rows.filter((r) => r.state !== null);
  const messages = new Set(rows.rows.map((r) => r.message_id)).size;
  const count = (state: string) => items.filter((r) => r.state === state).length;
  const waiting = count('pending');
  const result = {
    messages,
    attachments: items.length,
    invoicesCreated: items.filter((r) => r.state === 'accepted' && r.invoice_id !== null).length,
    dataFilesLoaded: items.filter((r) => r.state === 'accepted' && r.import_uuid !== null).length,
    parked: count('parked'),
    deferred: count('deferred'),
    rejected: count('rejected'),
    waiting,
  };
  // Refused rows: parked, deferred and rejected attachments, and messages refused whole (no item kept).
  const refused = rows.rows
    .filter(
      (r) =>
        (r.state === null && r.rejected_reason !== null) ||
        (r.state !== null && ['parked', 'deferred', 'rejected'].includes(r.state)),
    )
    .map((r, i) => ({ line: i + 1, reason: refusal(r) }));
  await jobProgress(db, jobId, items.length - waiting, items.length);
  await db.execute(sql`update background_jobs set result = ${JSON.stringify(result)}::jsonb,
    refused = ${JSON.stringify(refused)}::jsonb where id = ${jobId}`);
  if (waiting > 0) return;
  // A message that joined meanwhile (an SMTP batch takes more) keeps the batch running.
  const closed = await db.execute(sql`update background_jobs set status = 'finished'
    where id = ${jobId} and status = 'running' and not exists (
      select 1 from email_messages m join email_items i on i.message_id = m.id and i.organisation_id = m.organisation_id
      where m.batch_job_id = ${jobId} and i.state = 'pending')
    returning id`);
  if (closed.rows.length === 0) return;
  await finishJobRecord(
    db,
    jobId,
    result,
    `Finished: ${result.invoicesCreated} invoice${result.invoicesCreated === 1 ? '' : 's'} created, ` +
      `${result.parked} parked, ${result.rejected} rejected, ${result.deferred} deferred`,
  );
}

/** Refreshes the batch an item's message belongs to, when it has one. */
export async function refreshBatchOfItem(db: Db, itemId: number) {
  const found = await db.execute<{ batch_job_id: number }>(sql`
    select m.batch_job_id from email_items i
    join email_messages m on m.id = i.message_id and m.organisation_id = i.organisation_id
    where i.id = ${itemId} and m.batch_job_id is not null`);
  const id = found.rows[0]?.batch_job_id;
  if (id !== undefined) await refreshEmailBatch(db, id);
}

/** The messages of the items a sweep sends on, for its batch. */
export async function messagesOfItems(db: Db, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  const rows = await db.execute<{ message_id: number }>(sql`
    select distinct message_id from email_items where id in (${sql.join(
      itemIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  return rows.rows.map((r) => r.message_id);
}
