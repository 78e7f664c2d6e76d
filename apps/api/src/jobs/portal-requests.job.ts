import { z } from 'zod';
import { sendPortalRequests } from '../modules/portals/portal-requests';
import { defineJob } from './job-definition';

/** Portals' requests and reminders, every hour (docs/decisions/portals.md, "Requests and reminders"). */
export const portalRequestsJob = defineJob({
  name: 'portals.requests',
  schema: z.object({}),
  queue: { policy: 'singleton', retryLimit: 2, retryDelay: 300, expireInSeconds: 30 * 60 },
  cron: '17 * * * *',
  async handler(_data, { db, clock, mailer, publicUrl, log }) {
    if (!mailer || !publicUrl)
      throw new Error('the portal requests job needs the mailer and the public address');
    const n = await sendPortalRequests(db, mailer, publicUrl, clock());
    if (n.sent > 0) log(`Portals: ${n.sent} requests and reminders mailed.`);
    return n;
  },
});
