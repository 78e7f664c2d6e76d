import { clientOf, type Db } from '@verdant/db/client';
import { openDayWriter } from '@verdant/db/ledger/half-hour-direct';
import { createStage, mergeStage } from '@verdant/db/ledger/half-hour-ingest';
import { lockMeters } from '@verdant/db/ledger/lock';
import { recomputeOrganisationFacts } from '@verdant/db/ledger/recompute';
import { moveDays, type StoredDay, slotShift } from '@verdant/domain/half-hour/clock-move';
import { fill, MSG } from '@verdant/domain/messages';
import { todayIn } from '@verdant/domain/time-zone';
import { sql } from 'drizzle-orm';
import { audit, systemJob } from '../../lib/audit';
import { MOVE_HALF_HOURS_JOB } from './time-zone.service';

type MoveRow = {
  id: number;
  organisation_id: number;
  from_zone: string;
  to_zone: string;
  status: string;
};

/**
 * The job that moves an organisation's stored half hours to a new zone's clock and changes its zone with them, in
 * one transaction (docs/decisions/organisations.md, Time zone): every data source of the organisation locked (so
 * a load waits, then finds the zone changed and is refused), each meter's days read, moved by the difference of
 * the two standard clocks, and written back; its facts recomputed; audited. A move that fails changes nothing
 * and says why.
 */
export async function runHalfHourMove(
  moveId: number,
  { db, clock, log }: { db: Db; clock: () => Date; log: (message: string) => void },
) {
  const [move] = (
    await db.execute<MoveRow>(sql`select id, organisation_id, from_zone, to_zone, status
      from time_zone_moves where id = ${moveId}`)
  ).rows;
  if (!move || (move.status !== 'pending' && move.status !== 'running'))
    return { status: move?.status ?? 'gone' };
  await db.execute(sql`update time_zone_moves set status = 'running' where id = ${moveId}`);
  try {
    const result = await db.transaction(async (tx) => {
      const org = (
        await tx.execute<{ time_zone: string; name: string }>(
          sql`select time_zone, name from organisations where id = ${move.organisation_id} for update`,
        )
      ).rows[0];
      if (!org) throw new Error('the organisation is gone');
      const from = org.time_zone;
      const all = await tx.execute<{ id: number }>(
        sql`select id from meters where organisation_id = ${move.organisation_id} order by id`,
      );
      await lockMeters(
        tx,
        all.rows.map((r) => r.id),
      );
      const shifts = new Map<number, number>();
      const shift = (year: number) => {
        let k = shifts.get(year);
        if (k === undefined) {
          const found = slotShift(from, move.to_zone, year);
          if (found === null) throw new Error(fill(MSG.timeZoneNotMovable, { from, to: move.to_zone }));
          k = found;
          shifts.set(year, k);
        }
        return k;
      };
      const withData = await tx.execute<{ meter_id: number }>(sql`
        select distinct meter_id from half_hour_days where organisation_id = ${move.organisation_id}
        order by meter_id`);
      const client = clientOf(tx);
      await createStage(client);
      let days = 0;
      for (const { meter_id: meterId } of withData.rows) {
        const stored = await tx.execute<StoredDay & Record<string, unknown>>(sql`
          select register, read_date::text as date, kwh, kw, pf, quality, parts from half_hour_days
          where organisation_id = ${move.organisation_id} and meter_id = ${meterId}
          order by register, read_date`);
        const moved = moveDays(stored.rows, shift);
        await tx.execute(sql`delete from half_hour_days
          where organisation_id = ${move.organisation_id} and meter_id = ${meterId}`);
        // Every moved day is staged (none goes straight in): the merge rebuilds each from the stage.
        const stage = openDayWriter(client, { organisationId: move.organisation_id, direct: null });
        try {
          await stage.write(moved.map((d) => ({ ...d, meterId })));
        } finally {
          days += (await stage.end()).staged;
        }
      }
      await mergeStage(client, move.organisation_id);
      await tx.execute(
        sql`update organisations set time_zone = ${move.to_zone} where id = ${move.organisation_id}`,
      );
      const meterIds = withData.rows.map((r) => r.meter_id);
      await recomputeOrganisationFacts(tx, move.organisation_id, meterIds, todayIn(move.to_zone, clock()));
      await tx.execute(sql`update time_zone_moves set status = 'finished', meters = ${meterIds.length},
        days = ${days}, finished_at = ${clock().toISOString()} where id = ${moveId}`);
      await audit(tx, systemJob(MOVE_HALF_HOURS_JOB), {
        organisationId: move.organisation_id,
        action: 'move half-hour data to a new clock',
        asset: { type: 'organisation', id: move.organisation_id, name: org.name },
        changes: {
          timeZone: { before: from, after: move.to_zone },
          halfHourDays: { before: null, after: days },
        },
      });
      return { meters: meterIds.length, days };
    });
    return { status: 'finished', ...result };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    log(`time zone move ${moveId} failed: ${error instanceof Error ? error.stack : detail}`);
    await db.execute(sql`update time_zone_moves set status = 'failed',
      error = ${fill(MSG.timeZoneMoveFailed, { zone: move.from_zone, detail })},
      finished_at = ${clock().toISOString()} where id = ${moveId}`);
    return { status: 'failed', error: detail };
  }
}
