import type { Db } from '@verdant/db/client';
import { users } from '@verdant/db/schema/core';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import type { Level, Output } from '@verdant/domain/reports/report-types';
import { holdDeadline, sendDecision } from '@verdant/domain/reports/sends';
import { eq } from 'drizzle-orm';
import { audit, systemJob } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { loadOrganisationContext } from '../../lib/organisation-context';
import { can, type Principal } from '../../lib/rights';
import { periodCompleteness } from './period-completeness';
import { deliveryOf, type LinkDelivery } from './report-delivery';
import { displayDate } from './report-format';
import type { ReportRequest, ReportRunService } from './report-run.service';
import * as q from './sends.queries';

/**
 * One scheduled send (docs/decisions/reports.md, Schedules, Completeness hold, Sending once): claimed by one
 * worker, the period's completeness read, then waited for (the owner told once), skipped (no data, when asked)
 * or run as the owner sees it and mailed. A mail that fails puts the send back to be tried again.
 */

/** How long a worker holds a claimed send before another may take it. */
export const SEND_LEASE_MS = 15 * 60_000;
/** How often a held send looks at its data again. */
export const HOLD_RECHECK_MS = 60 * 60_000;
/** How soon a send whose mail failed is tried again by the sweep (the job's own retry may come first). */
const MAIL_RETRY_MS = 5 * 60_000;
export const SENDS_JOB = 'emailed-reports';

const dmy = (d: string) => displayDate(d);
const periodWords = (p: { start: string; end: string } | null) =>
  p ? `${dmy(p.start)} to ${dmy(p.end)}` : 'no period';

export interface SendDeps {
  db: Db;
  runner: ReportRunService;
  mailer: Mailer;
  now: Date;
  /** Above its size a report goes by signed link (docs/decisions/reports.md, Large files by link). */
  delivery?: LinkDelivery;
}

async function ownerOf(db: Db, ownerId: number, organisationId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, ownerId));
  if (!u) return null;
  const principal: Principal = { userId: u.id, productAdmin: u.productAdmin, statusId: u.statusId };
  // The owner must still be able to email reports here: a send is theirs, made with their rights.
  if (!(await can(db, principal, 'edit', organisationId))) return null;
  return { principal, email: u.email };
}

export async function sendScheduled(deps: SendDeps, sendId: number) {
  const { db, runner, mailer, now } = deps;
  const send = await q.claimSend(db, sendId, now, SEND_LEASE_MS);
  if (!send) return { outcome: 'taken' as const };
  const s = await q.scheduleOf(db, send.organisationId, send.emailedReportId);
  if (!s) return { outcome: 'taken' as const };
  const finish = async (status: q.SendRow['status'], lastStatus: string, set: Partial<q.SendRow> = {}) => {
    await db.transaction(async (tx) => {
      await q.updateSend(tx, send.id, { status, message: lastStatus, ...set });
      await q.setLastStatus(tx, s.organisationId, s.id, lastStatus);
    });
    return { outcome: status };
  };
  const owner = await ownerOf(db, s.ownerId, s.organisationId);
  if (!owner) return finish('failed', 'Not sent: its owner can no longer email reports here');
  const org = await loadOrganisationContext(db, s.organisationId, now);
  const period = send.periodStart && send.periodEnd ? { start: send.periodStart, end: send.periodEnd } : null;
  const request: ReportRequest = {
    id: s.reportId,
    output: s.output as Output,
    asset: { type: s.assetType as Level, id: s.assetId },
    start: period?.start ?? null,
    end: period?.end ?? null,
    settings: (s.settings ?? {}) as ReportRequest['settings'],
  };
  let checked: Awaited<ReturnType<ReportRunService['check']>>;
  try {
    checked = await runner.check(owner.principal, org, request);
  } catch (err) {
    if (err instanceof AppError) return finish('failed', `Not sent: ${err.message}`);
    throw err;
  }
  const range = checked.period;
  const meterIds = checked.whole && checked.visible === null ? null : checked.meters.map((m) => m.id);
  const completeness = range
    ? await periodCompleteness(db, org, meterIds, checked.meters, range)
    : { daysOpen: 0, daysCovered: 0, facts: 1 };
  const hold = { percent: s.holdPercent, maxDays: s.holdDays, skipWhenEmpty: s.skipWhenEmpty };
  const decision = sendDecision(completeness, hold, range, org.today);
  const report = checked.r.name;

  if (decision.action === 'skip') {
    return finish('skipped', `Not sent for ${periodWords(range)}: no data`, { percent: 0 });
  }
  if (decision.action === 'wait') {
    const until = holdDeadline(range, hold);
    const words = `Waiting: ${decision.percent} % of the data for ${periodWords(range)} (sends at ${hold.percent} %, or on ${until ? dmy(until) : 'its last day'} as it is)`;
    if (!send.ownerToldAt) {
      await mailer.send({
        to: owner.email,
        subject: `Waiting for data: ${report} for ${checked.name}`,
        text: [
          `${report} for ${checked.name}, due on ${dmy(send.dueOn)}, has not been sent yet.`,
          `The data for ${periodWords(range)} is ${decision.percent} % complete; it goes once it is at least ${hold.percent} % complete, or on ${until ? dmy(until) : 'its last day'} as it is, saying how complete it is.`,
        ].join('\n\n'),
      });
    }
    return finish('waiting', words, {
      percent: decision.percent,
      checkAt: new Date(now.getTime() + HOLD_RECHECK_MS),
      ownerToldAt: send.ownerToldAt ?? now,
    });
  }

  const file = await runner.render(owner.principal, org, request);
  const sent = await deliveryOf(file, now, org.timeZone, deps.delivery);
  const incomplete =
    range && decision.percent < 100
      ? `This report is incomplete: the data for ${periodWords(range)} is ${decision.percent} % complete.`
      : '';
  try {
    await mailer.send({
      to: s.addresses,
      subject: s.subject || `${report}: ${checked.name}`,
      text: [
        s.htmlText.trim(),
        `${report} for ${checked.name}, ${periodWords(range)}, ${sent.words}`,
        incomplete,
        file.empty ? REPORT_MSG.noData : '',
        `Fingerprint of its inputs: ${file.fingerprint}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      attachments: sent.attachments,
    });
  } catch (err) {
    // Put back for another try; the job's retry or the next sweep takes it, whichever comes first.
    await q.updateSend(db, send.id, {
      status: 'due',
      checkAt: new Date(now.getTime() + MAIL_RETRY_MS),
      message: `The mail could not be sent: ${err instanceof Error ? err.message : String(err)}`,
    });
    throw err;
  }
  const sentWords = `Sent ${dmy(org.today)} for ${periodWords(range)}${incomplete ? `, ${decision.percent} % complete` : ''}`;
  await db.transaction(async (tx) => {
    await q.updateSend(tx, send.id, {
      status: 'sent',
      sentAt: now,
      percent: decision.action === 'send' || decision.action === 'send-late' ? decision.percent : null,
      message: sentWords,
    });
    await q.setLastStatus(tx, s.organisationId, s.id, sentWords);
    await audit(tx, systemJob(SENDS_JOB), {
      organisationId: s.organisationId,
      action: 'email',
      asset: { type: 'emailed-report', id: s.id, name: report },
      changes: { recipients: { before: null, after: s.addresses } },
    });
  });
  return { outcome: 'sent' as const, percent: decision.percent };
}
