import type { DbOrTx } from '@verdant/db/client';
import { organisations } from '@verdant/db/schema/core';
import { emailedReportSends, emailedReports } from '@verdant/db/schema/emailed-reports';
import { and, asc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';

/**
 * SQL of the scheduled sends (docs/decisions/reports.md, Sending once): the sweep takes due schedules and open
 * sends with `for update skip locked`, so two sweeps at once never take the same row; a send is claimed by one
 * conditional update, so two workers never both mail it.
 */

export type SendRow = typeof emailedReportSends.$inferSelect;

/** Schedules whose next send is due, each with its organisation's zone and reporting year end. */
export function dueSchedules(tx: DbOrTx, now: Date, limit: number) {
  return tx
    .select({
      report: emailedReports,
      timeZone: organisations.timeZone,
      reportingYearEnd: organisations.reportingYearEnd,
    })
    .from(emailedReports)
    .innerJoin(organisations, eq(organisations.id, emailedReports.organisationId))
    .where(lte(emailedReports.nextSendAt, now))
    .orderBy(asc(emailedReports.nextSendAt), asc(emailedReports.id))
    .limit(limit)
    .for('update', { of: emailedReports, skipLocked: true });
}

export function setNextSend(tx: DbOrTx, id: number, next: Date | null) {
  return tx.update(emailedReports).set({ nextSendAt: next }).where(eq(emailedReports.id, id));
}

/** Makes the send of one occurrence; none when the occurrence has one already. */
export async function insertSend(
  tx: DbOrTx,
  values: {
    organisationId: number;
    emailedReportId: number;
    dueOn: string;
    start: string | null;
    end: string | null;
  },
  now: Date,
) {
  const [row] = await tx
    .insert(emailedReportSends)
    .values({
      organisationId: values.organisationId,
      emailedReportId: values.emailedReportId,
      dueOn: values.dueOn,
      periodStart: values.start,
      periodEnd: values.end,
      checkAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** An older send of the same period still waiting gives way to the new one: the period goes once. */
export function supersedeWaiting(tx: DbOrTx, send: SendRow) {
  return tx
    .update(emailedReportSends)
    .set({ status: 'superseded', message: 'A later send of the same period took its place' })
    .where(
      and(
        eq(emailedReportSends.emailedReportId, send.emailedReportId),
        ne(emailedReportSends.id, send.id),
        inArray(emailedReportSends.status, ['due', 'waiting']),
        sql`${emailedReportSends.periodStart} is not distinct from ${send.periodStart}`,
        sql`${emailedReportSends.periodEnd} is not distinct from ${send.periodEnd}`,
      ),
    );
}

/**
 * Open sends whose time to look again has come (a send left 'sending' by a worker that died comes back when
 * its lease runs out); each is leased for `leaseMs` so the next sweep does not hand it out again.
 */
export async function takeOpenSends(tx: DbOrTx, now: Date, leaseMs: number, limit: number) {
  const rows = await tx
    .select({ id: emailedReportSends.id })
    .from(emailedReportSends)
    .where(
      and(
        inArray(emailedReportSends.status, ['due', 'waiting', 'sending']),
        lte(emailedReportSends.checkAt, now),
      ),
    )
    .orderBy(asc(emailedReportSends.checkAt), asc(emailedReportSends.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    await tx
      .update(emailedReportSends)
      .set({ checkAt: new Date(now.getTime() + leaseMs) })
      .where(inArray(emailedReportSends.id, ids));
  }
  return ids;
}

/** Claims a send for one worker: open, or 'sending' with its lease run out. None: another has it or it is done. */
export async function claimSend(db: DbOrTx, id: number, now: Date, leaseMs: number) {
  const [row] = await db
    .update(emailedReportSends)
    .set({
      status: 'sending',
      checkAt: new Date(now.getTime() + leaseMs),
      attempts: sql`${emailedReportSends.attempts} + 1`,
    })
    .where(
      and(
        eq(emailedReportSends.id, id),
        or(
          inArray(emailedReportSends.status, ['due', 'waiting']),
          and(eq(emailedReportSends.status, 'sending'), lte(emailedReportSends.checkAt, now)),
        ),
      ),
    )
    .returning();
  return row;
}

export function updateSend(db: DbOrTx, id: number, set: Partial<typeof emailedReportSends.$inferInsert>) {
  return db.update(emailedReportSends).set(set).where(eq(emailedReportSends.id, id));
}

export function setLastStatus(db: DbOrTx, organisationId: number, id: number, lastStatus: string) {
  return db
    .update(emailedReports)
    .set({ lastStatus })
    .where(and(eq(emailedReports.organisationId, organisationId), eq(emailedReports.id, id)));
}

export async function scheduleOf(db: DbOrTx, organisationId: number, id: number) {
  const [row] = await db
    .select()
    .from(emailedReports)
    .where(and(eq(emailedReports.organisationId, organisationId), eq(emailedReports.id, id)));
  return row;
}
