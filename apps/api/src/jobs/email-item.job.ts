import { z } from 'zod';
import { pendingItems } from '../modules/email-processing/intake.queries';
import { EMAIL_RECEIPT_JOB } from '../modules/email-processing/receipt';
import { EMAIL_ITEM_JOB } from '../modules/email-processing/smtp-listener';
import { messagesOfItems, openEmailBatches, refreshBatchOfItem } from './email/email-batch';
import { processEmailItem } from './email/email-item.process';
import { defineJob } from './job-definition';

/**
 * One emailed attachment read and ended accepted, parked, deferred or rejected (jobs/email/). Retried when its
 * worker died: the item's transaction rolled back with it, so it is still pending.
 */
export const emailItemJob = defineJob({
  name: EMAIL_ITEM_JOB,
  schema: z.object({ itemId: z.number().int().positive() }),
  queue: { retryLimit: 3, retryDelay: 30, expireInSeconds: 15 * 60 },
  async handler({ itemId }, { db, clock, storage, log, send }) {
    if (!storage) throw new Error('email processing needs the file storage');
    const state = await processEmailItem(itemId, { db, storage, clock, log });
    // Its email batch in the jobs centre counts it (docs/decisions/job-runner.md, Email batches).
    await refreshBatchOfItem(db, itemId);
    // The message's receipt, when this was its last item to settle (else the minute's run sends it).
    await send(EMAIL_RECEIPT_JOB, { itemId }).catch(() => {});
    return { state };
  },
});

/**
 * Items received but never sent to processing (the process stopped between the two) are sent every minute;
 * when a worker starts, every pending item is (`all`): a second send of an item is harmless (it is locked and
 * its state checked). A sweep that sends on items of messages no batch holds keeps an email batch for them.
 */
export const emailSweepJob = defineJob({
  name: 'email.sweep-pending',
  schema: z.object({ all: z.boolean().default(false) }),
  queue: { retryLimit: 1, expireInSeconds: 10 * 60 },
  cron: '* * * * *',
  async handler({ all }, { db, clock, send }) {
    const ids = await pendingItems(db, new Date(clock().getTime() - (all ? 0 : 60_000)));
    await openEmailBatches(db, emailSweepJob.name, 'intake sweep', await messagesOfItems(db, ids));
    for (const itemId of ids) await send(EMAIL_ITEM_JOB, { itemId });
    return { sent: ids.length };
  },
});
