import { sql } from 'drizzle-orm';
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
  record: {
    async describe({ moveId }, db) {
      const rows = await db.execute<{
        organisation_id: number;
        created_by: number | null;
        from_zone: string;
        to_zone: string;
      }>(
        sql`select organisation_id, created_by, from_zone, to_zone from time_zone_moves where id = ${moveId}`,
      );
      const move = rows.rows[0];
      return {
        kind: 'time zone move',
        title: `Half hours moved from ${move?.from_zone ?? '?'} to ${move?.to_zone ?? '?'}`,
        ownerId: move?.created_by ?? null,
        organisationId: move?.organisation_id ?? null,
        parameters: { moveId },
      };
    },
    async outcome(_output, { moveId }, db) {
      const rows = await db.execute<{ status: string; error: string | null; meters: number; days: number }>(
        sql`select status, error, meters, days from time_zone_moves where id = ${moveId}`,
      );
      const move = rows.rows[0];
      const result = { meters: move?.meters ?? 0, days: move?.days ?? 0 };
      return move?.status === 'failed' ? { error: move.error ?? 'The move failed', result } : { result };
    },
  },
  handler: ({ moveId }, { db, clock, log }) => runHalfHourMove(moveId, { db, clock, log }),
});
