import { z } from 'zod';
import { purgeExpired } from '../modules/deleted-assets/deleted-assets.service';
import { defineJob } from './job-definition';

/** Permanently removes assets archived more than three months ago (core spec 4), every hour. */
export const purgeDeletedAssetsJob = defineJob({
  name: 'assets.purge-deleted',
  schema: z.object({}),
  queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
  cron: '17 * * * *',
  record: {
    describe: async () => ({
      kind: 'purge',
      title: 'Purge of assets deleted over three months ago',
      ownerId: null,
      organisationId: null,
    }),
    // An hour that found nothing to purge is not listed.
    keep: (output) => {
      const n = output as { sites: number; dataSources: number; entities: number };
      return n.sites + n.dataSources + n.entities > 0;
    },
  },
  async handler(_data, { db, clock, storage, log }) {
    const n = await purgeExpired(db, clock(), storage);
    if (n.sites + n.dataSources + n.entities > 0) {
      log(`Purged deleted assets: ${n.sites} sites, ${n.dataSources} data sources, ${n.entities} entities.`);
    }
    return n;
  },
});
