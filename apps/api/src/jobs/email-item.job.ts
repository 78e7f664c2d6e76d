import { z } from 'zod';
import { pendingItems } from '../modules/email-processing/intake.queries';
import { EMAIL_ITEM_JOB } from '../modules/email-processing/smtp-listener';
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
  async handler({ itemId }, { db, clock, storage, log }) {
    if (!storage) throw new Error('email processing needs the file storage');
    return { state: await processEmailItem(itemId, { db, storage, clock, log }) };
  },
});

/** Items received but never sent to processing (the process stopped between the two) are sent every minute. */
export const emailSweepJob = defineJob({
  name: 'email.sweep-pending',
  schema: z.object({}),
  queue: { policy: 'singleton', retryLimit: 1, expireInSeconds: 10 * 60 },
  cron: '* * * * *',
  async handler(_data, { db, clock, send }) {
    const ids = await pendingItems(db, new Date(clock().getTime() - 60_000));
    for (const itemId of ids) await send(EMAIL_ITEM_JOB, { itemId });
    return { sent: ids.length };
  },
});
