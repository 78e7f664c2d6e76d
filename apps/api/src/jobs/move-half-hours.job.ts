import { z } from 'zod';
import { runHalfHourMove } from '../modules/organisations/half-hour-move.run';
import { MOVE_HALF_HOURS_JOB } from '../modules/organisations/time-zone.service';
import { defineJob } from './job-definition';

/**
 * An organisation's stored half hours moved to a new time zone's clock, the zone changed with them (one
 * transaction: retried whole when its worker died; a move that fails records why).
 */
export const moveHalfHoursJob = defineJob({
  name: MOVE_HALF_HOURS_JOB,
  schema: z.object({ moveId: z.number().int().positive() }),
  queue: { retryLimit: 2, retryDelay: 30, expireInSeconds: 3 * 60 * 60 },
  handler: ({ moveId }, { db, clock, log }) => runHalfHourMove(moveId, { db, clock, log }),
});
