import type { Organisation } from '@verdant/contracts/organisations';
import type { Db, DbOrTx } from '@verdant/db/client';
import { timeZoneMoves } from '@verdant/db/schema/organisation';
import { isIanaZone, slotShift } from '@verdant/domain/half-hour/clock-move';
import { fill, MSG } from '@verdant/domain/messages';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { JobQueue } from '../../jobs/job-definition';
import { audit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import type { Caller } from '../../plugins/auth';
import type * as q from './organisations.queries';

export const MOVE_HALF_HOURS_JOB = 'organisations.move-half-hours';

/** The years an organisation's stored half hours fall in, first and last, or null when it has none. */
async function halfHourYears(db: DbOrTx, organisationId: number) {
  const rows = await db.execute<{ first: number | null; last: number | null }>(sql`
    select extract(year from min(read_date))::int as first, extract(year from max(read_date))::int as last
    from half_hour_days where organisation_id = ${organisationId}`);
  const r = rows.rows[0];
  return r?.first == null || r.last == null ? null : { first: r.first, last: r.last + 1 };
}

/** A zone of the IANA list, trimmed, or the refusal that names the field. */
export function ianaZoneOf(value: unknown): string {
  if (typeof value !== 'string' || !isIanaZone(value.trim()))
    throw badRequest(MSG.timeZoneUnknown, { timeZone: [MSG.timeZoneUnknown] });
  return value.trim();
}

/**
 * The organisation's time zone, a setting of its administrators (docs/decisions/organisations.md, Time zone):
 * a zone of the IANA list; changed at once (the stored half hours keep their dates), or, where the administrator
 * asks, with the stored half hours moved to the new clock by a job that changes the zone with them.
 */
export function createTimeZoneSetting({ db, jobQueue }: { db: Db; jobQueue: JobQueue }) {
  return {
    /** The organisation's latest move of its half hours, as the organisation's answer shows it. */
    async latestMove(organisationId: number): Promise<Organisation['timeZoneMove']> {
      const [row] = await db
        .select()
        .from(timeZoneMoves)
        .where(eq(timeZoneMoves.organisationId, organisationId))
        .orderBy(desc(timeZoneMoves.id))
        .limit(1);
      if (!row) return null;
      return {
        fromZone: row.fromZone,
        toZone: row.toZone,
        status: row.status as NonNullable<Organisation['timeZoneMove']>['status'],
        meters: row.meters,
        days: row.days,
        error: row.error,
      };
    },

    /** Changes the zone, or asks the job to move the half hours and change it with them. */
    async change(a: Caller, org: q.OrganisationRow, value: unknown, moveHalfHours: boolean) {
      const zone = ianaZoneOf(value);
      const [busy] = await db
        .select({ toZone: timeZoneMoves.toZone })
        .from(timeZoneMoves)
        .where(
          and(
            eq(timeZoneMoves.organisationId, org.id),
            inArray(timeZoneMoves.status, ['pending', 'running']),
          ),
        );
      if (busy) throw badRequest(fill(MSG.timeZoneMoving, { zone: busy.toZone }));
      if (zone === org.timeZone) return;
      const years = moveHalfHours ? await halfHourYears(db, org.id) : null;
      if (years) {
        for (let year = years.first; year <= years.last; year++)
          if (slotShift(org.timeZone, zone, year) === null)
            throw badRequest(fill(MSG.timeZoneNotMovable, { from: org.timeZone, to: zone }));
      }
      const changes = { timeZone: { before: org.timeZone, after: zone } };
      const asset = { type: 'organisation' as const, id: org.id, name: org.name };
      const moveId = await db.transaction(async (tx) => {
        if (!years) {
          await tx.execute(sql`update organisations set time_zone = ${zone} where id = ${org.id}`);
          await audit(tx, a, { organisationId: org.id, action: 'change time zone', asset, changes });
          return null;
        }
        const [move] = await tx
          .insert(timeZoneMoves)
          .values({ organisationId: org.id, fromZone: org.timeZone, toZone: zone, createdBy: a.user.id })
          .returning({ id: timeZoneMoves.id });
        await audit(tx, a, {
          organisationId: org.id,
          action: 'change time zone, moving half-hour data',
          asset,
          changes,
        });
        return move?.id ?? null;
      });
      if (moveId !== null) await jobQueue.send(MOVE_HALF_HOURS_JOB, { moveId });
    },
  };
}

export type TimeZoneSetting = ReturnType<typeof createTimeZoneSetting>;
