import type { Readable } from 'node:stream';
import type { LogList, ParkedEmail, ParkedList } from '@verdant/contracts/email-processing/queues';
import type { Db } from '@verdant/db/client';
import {
  EMAIL_MSG,
  idOfParkedName,
  parkedName,
  parkedUrgency,
} from '@verdant/domain/email-processing/email-processing';
import type { JobQueue } from '../../jobs/job-definition';
import { audit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import type { Caller } from '../../plugins/auth';
import { addLog } from './intake.queries';
import * as q from './queues.queries';
import { EMAIL_ITEM_JOB } from './smtp-listener';

type Queue = 'parked' | 'deferred';
export interface Download {
  stream: Readable;
  contentType: string;
  filename: string | null;
}
const DAY_MS = 24 * 60 * 60 * 1000;

/** The queue list's entry of an item (data-portal.md 3, Parked email). */
export function parkedEntry(r: q.QueueRow, now: Date): ParkedEmail {
  const age = Math.max(0, Math.floor((now.getTime() - r.receivedAt.getTime()) / DAY_MS));
  return {
    file: parkedName(r.id, r.filename),
    jobName: r.retailerName ? `${r.retailerName} template` : 'Email intake',
    errorMessage: r.reason ?? '',
    age,
    queue: r.state,
    urgency: parkedUrgency(age),
    reasonCode: r.reasonCode,
    filename: r.filename,
    organisation: { id: r.organisationId, name: r.organisationName },
    retailer: r.retailerId && r.retailerName ? { id: r.retailerId, name: r.retailerName } : null,
    sender: r.sender,
    subject: r.subject,
    receivedAt: r.receivedAt.toISOString(),
    templateVersion: r.templateVersion,
    extracted: r.extracted,
    fileDeletedAt: r.fileDeletedAt?.toISOString() ?? null,
  };
}

/**
 * The email-processing queues (data-portal.md 2.9, 4, 7): parked and deferred items with their urgency, their
 * original file, delete (to the rejected log) and re-run; the preprocess logs and their trim.
 */
export function createEmailQueuesService({
  db,
  storage,
  jobQueue,
  clock,
}: {
  db: Db;
  storage: Storage;
  jobQueue: JobQueue;
  clock: () => Date;
}) {
  const idOf = (name: string) => {
    const id = idOfParkedName(name);
    if (id === null) throw notFound();
    return id;
  };

  async function rerun(a: Caller, id: number, queue: Queue) {
    await db.transaction(async (tx) => {
      const item = await q.itemInQueue(tx, id, queue, true);
      if (!item) throw notFound();
      if (item.filePurged) throw new AppError('CONFLICT', EMAIL_MSG.filePurged, 409);
      await q.setState(tx, id, 'pending', clock());
      await audit(tx, a, {
        organisationId: item.organisationId,
        action: 'rerun email item',
        asset: { type: 'email item', id, name: item.filename },
        changes: { state: { before: queue, after: 'pending' } },
      });
    });
    await jobQueue.send(EMAIL_ITEM_JOB, { itemId: id });
  }

  return {
    async parked(): Promise<ParkedList> {
      const now = clock();
      return { success: true, data: (await q.queueItems(db)).map((r) => parkedEntry(r, now)) };
    },

    async download(queue: Queue, name: string): Promise<Download> {
      const item = await q.itemInQueue(db, idOf(name), queue);
      if (item?.filePurged) throw notFound(EMAIL_MSG.filePurged);
      const stream = item?.storageKey ? await storage.get(item.storageKey) : null;
      if (!item || !stream) throw notFound();
      return { stream, contentType: item.contentType, filename: item.filename };
    },

    async remove(a: Caller, queue: Queue, name: string) {
      const id = idOf(name);
      try {
        await db.transaction(async (tx) => {
          const item = await q.itemInQueue(tx, id, queue, true);
          if (!item) throw notFound();
          await q.setState(tx, id, 'deleted', clock());
          await addLog(tx, {
            organisationId: item.organisationId,
            kind: 'rejected',
            itemId: id,
            at: clock(),
            message: `${item.filename} deleted from the ${queue} queue by ${a.user.email}`,
          });
          await audit(tx, a, {
            organisationId: item.organisationId,
            action: 'delete email item',
            asset: { type: 'email item', id, name: item.filename },
            changes: { state: { before: queue, after: 'deleted' } },
          });
          // The bytes go last: if they cannot be removed, nothing above is kept.
          if (item.storageKey && !(await q.othersUseKey(tx, item.storageKey, id)))
            await storage.delete(item.storageKey);
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        await rerun(a, id, queue).catch(() => {});
        throw new AppError('CONFLICT', EMAIL_MSG.deleteFailed, 409);
      }
      return { success: true as const };
    },

    async resend(a: Caller, queue: Queue, name: string) {
      await rerun(a, idOf(name), queue);
      return { success: true as const };
    },

    async log(kind: 'accepted' | 'rejected'): Promise<LogList> {
      return { success: true, data: await q.logEntries(db, kind) };
    },

    async trim(a: Caller, beforeDate: string) {
      const removed = await db.transaction(async (tx) => {
        const n = await q.trimLog(tx, beforeDate);
        if (n === 0) throw badRequest(EMAIL_MSG.trimFailed);
        await audit(tx, a, {
          organisationId: null,
          action: 'trim email log',
          asset: { type: 'email log', id: null },
          changes: { entries: { before: n, after: 0 }, beforeDate: { before: null, after: beforeDate } },
        });
        return n;
      });
      return { success: true as const, message: removed > 0 ? EMAIL_MSG.trimmed : EMAIL_MSG.trimFailed };
    },
  };
}

export type EmailQueuesService = ReturnType<typeof createEmailQueuesService>;
