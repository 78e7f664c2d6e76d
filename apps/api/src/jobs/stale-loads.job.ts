import { z } from 'zod';
import { METER_LOAD_JOB } from '../modules/imports/imports.service';
import { retryStaleLoads } from '../modules/imports/load-heartbeat';
import { defineJob } from './job-definition';

/**
 * Every minute: data loads whose worker stopped beating (killed mid-run) are shown 'retrying' and sent again
 * (docs/decisions/security.md, "A killed load is retried within minutes").
 */
export const staleLoadsJob = defineJob({
  name: 'imports.stale-loads',
  schema: z.object({}),
  queue: { policy: 'singleton', retryLimit: 2, retryDelay: 10, expireInSeconds: 5 * 60 },
  cron: '* * * * *',
  async handler(_data, { db, log, send }) {
    const { retried, failed } = await retryStaleLoads(db, (uuid) => send(METER_LOAD_JOB, { uuid }));
    for (const uuid of retried) log(`import ${uuid}: its worker stopped; sent again`);
    for (const uuid of failed) log(`import ${uuid}: its worker stopped too often; failed`);
    return { retried: retried.length, failed: failed.length };
  },
});
