import { z } from 'zod';
import { dueReceipts, EMAIL_RECEIPT_JOB, sendReceipt } from '../modules/email-processing/receipt';
import { defineJob } from './job-definition';

/**
 * Receipts to senders (docs/decisions/email-intake.md, Receipts): sent for one item's message when the item
 * job settles it, and every minute for any receipt still due (a message refused whole, a send that failed).
 */
export const emailReceiptJob = defineJob({
  name: EMAIL_RECEIPT_JOB,
  schema: z.object({ itemId: z.number().int().positive().optional() }),
  queue: { retryLimit: 2, retryDelay: 60, expireInSeconds: 10 * 60 },
  cron: '* * * * *',
  async handler({ itemId }, { db, clock, mailer, log }) {
    if (!mailer) return { sent: 0 };
    let sent = 0;
    for (const messageId of await dueReceipts(db, itemId)) {
      try {
        if (await sendReceipt(db, mailer, messageId, clock())) sent += 1;
      } catch (error) {
        log(`email receipt of message ${messageId} not sent, tried again later: ${String(error)}`);
      }
    }
    return { sent };
  },
});
