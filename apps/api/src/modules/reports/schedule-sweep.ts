import type { Db } from '@verdant/db/client';
import type { Frequency, RelativePeriod } from '@verdant/domain/reports/report-types';
import { nextSendAt, type Schedule, sendDate } from '@verdant/domain/reports/schedules';
import { occurrencePeriod } from '@verdant/domain/reports/sends';
import { SEND_LEASE_MS } from './schedule-send';
import * as q from './sends.queries';

/**
 * The sweep of emailed reports (docs/decisions/reports.md, Sending once), every minute on the job runner:
 * each schedule whose time has come gets the send of that occurrence (one row per occurrence, whatever runs
 * twice) with the period taken on its local date, and its next time; then every open send whose time to look
 * has come is handed to a worker. Occurrences missed while nothing ran are not made up: the latest goes.
 */

const BATCH = 500;

/** The domain's schedule of a stored emailed report. */
export const scheduleOf = (r: {
  frequency: string;
  reportOn: number | null;
  onceOn: string | null;
}): Schedule => ({
  frequency: r.frequency as Frequency,
  reportOn: r.reportOn,
  onceOn: r.onceOn,
});

export async function sweepSchedules(db: Db, now: Date, hand: (sendId: number) => Promise<void>) {
  const made = await db.transaction(async (tx) => {
    const due = await q.dueSchedules(tx, now, BATCH);
    let n = 0;
    for (const { report: r, timeZone, reportingYearEnd } of due) {
      if (!r.nextSendAt) continue;
      const dueOn = sendDate(r.nextSendAt, timeZone);
      const period = occurrencePeriod(
        { relative: r.relative as RelativePeriod | null, start: r.startDate, end: r.endDate },
        dueOn,
        reportingYearEnd,
      );
      const send = await q.insertSend(
        tx,
        { organisationId: r.organisationId, emailedReportId: r.id, dueOn, ...period },
        now,
      );
      if (send) {
        await q.supersedeWaiting(tx, send);
        n += 1;
      }
      await q.setNextSend(tx, r.id, nextSendAt(scheduleOf(r), now, timeZone));
    }
    return n;
  });
  const open = await db.transaction((tx) => q.takeOpenSends(tx, now, SEND_LEASE_MS, BATCH));
  for (const id of open) await hand(id);
  return { made, handed: open.length };
}
