import type { EmailedReport, emailedReportEdit, newEmailedReport } from '@verdant/contracts/reports/emailed';
import type { Db } from '@verdant/db/client';
import { parseAddresses } from '@verdant/domain/reports/addresses';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import {
  FREQUENCY_NAMES,
  type Level,
  type Output,
  RELATIVE_LABELS,
  type RelativePeriod,
} from '@verdant/domain/reports/report-types';
import {
  describeSchedule,
  nextSendAt,
  type Schedule,
  scheduleProblem,
} from '@verdant/domain/reports/schedules';
import { nowIn } from '@verdant/domain/time-zone';
import type { z } from 'zod';
import { audit, created, diff } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { type OrganisationContext, orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import * as q from './emailed.queries';
import { requestOf } from './favourites.service';
import { assetName } from './report-assets.queries';
import { reportById } from './report-catalogue';
import { definitionOf } from './report-catalogue.service';
import { displayDate } from './report-format';
import type { ReportRunService } from './report-run.service';

/**
 * Emailed reports (docs/decisions/reports.md, Schedules): set up from the Create Report modal by an editor,
 * listed on /emailed-reports, changed or stopped by an administrator or the owner, reassigned by an
 * administrator. Setting one up checks it as a run would; its sends are the job runner's (schedule-sweep.ts).
 */

const ASSET = 'emailed-report';
type When = Pick<z.output<typeof emailedReportEdit>, 'frequency' | 'on' | 'holdPercent' | 'holdDays'>;

/** The domain's schedule from the modal's frequency and 'on', refused with the spec's messages. */
function scheduleFrom(body: When, today: string): Schedule {
  const frequency = FREQUENCY_NAMES[body.frequency];
  const on = body.on;
  const s: Schedule =
    frequency === 'O'
      ? { frequency, reportOn: null, onceOn: String(on) }
      : { frequency, reportOn: typeof on === 'number' ? on : /^-?\d+$/.test(on) ? Number(on) : Number.NaN };
  const problem = scheduleProblem(s, today);
  if (problem) throw badRequest(problem.message, { [problem.field]: [problem.message] });
  if (!Number.isInteger(body.holdPercent) || body.holdPercent < 0 || body.holdPercent > 100) {
    throw badRequest(REPORT_MSG.holdPercent, { holdPercent: [REPORT_MSG.holdPercent] });
  }
  if (!Number.isInteger(body.holdDays) || body.holdDays < 0 || body.holdDays > 60) {
    throw badRequest(REPORT_MSG.holdDays, { holdDays: [REPORT_MSG.holdDays] });
  }
  return s;
}

function addressesFrom(text: string) {
  const parsed = parseAddresses(text);
  if (!parsed.ok) throw badRequest(parsed.message, { address: [parsed.message] });
  return parsed.addresses.join(', ');
}

function periodText(r: q.EmailedRow) {
  if (r.relative) return RELATIVE_LABELS[r.relative as RelativePeriod] ?? r.relative;
  if (!r.startDate) return 'No period';
  return [r.startDate, r.endDate]
    .filter((d): d is string => !!d)
    .map(displayDate)
    .join(' to ');
}

/** An instant as the organisation's wall clock shows it: 'dd/MM/yyyy HH:mm'. */
function wallClock(at: Date, timeZone: string) {
  const { date, minutes } = nowIn(timeZone, at);
  const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${displayDate(date)} ${hhmm}`;
}

export function createEmailedService({ db, runner }: { db: Db; runner: ReportRunService }) {
  const orgIdOf = (a: Caller) => orgOf(a).id;

  async function answerOf(a: Caller, r: q.EmailedWithOwner): Promise<EmailedReport> {
    const type = r.assetType as Level;
    const name = (await assetName(db, r.organisationId, type, r.assetId)) ?? 'No longer available';
    return {
      emailId: r.id,
      reportId: r.reportId,
      reportName: reportById(r.reportId)?.name ?? 'No longer available',
      emailAddress: r.addresses,
      ownerId: r.ownerId,
      owner: r.owner,
      frequency: r.frequency as EmailedReport['frequency'],
      reportOn: r.reportOn,
      onceOn: r.onceOn,
      assets: [{ type, id: r.assetId, name }],
      output: r.output as Output,
      subject: r.subject,
      htmlText: r.htmlText,
      period: periodText(r),
      when: describeSchedule({
        frequency: r.frequency as Schedule['frequency'],
        reportOn: r.reportOn,
        onceOn: r.onceOn,
      }),
      holdPercent: r.holdPercent,
      holdDays: r.holdDays,
      skipWhenEmpty: r.skipWhenEmpty,
      nextSendAt: r.nextSendAt?.toISOString() ?? null,
      nextSend: r.nextSendAt ? wallClock(r.nextSendAt, orgOf(a).timeZone) : null,
      lastStatus: r.lastStatus,
      canEdit: a.checked.mayAdminister || r.ownerId === a.user.id,
    };
  }

  /** The emailed report, refused unless the caller administers the organisation or owns it. */
  async function editable(a: Caller, id: number) {
    const found = await q.findEmailed(db, orgIdOf(a), id);
    if (!found) throw notFound(REPORT_MSG.emailedMissing);
    if (!a.checked.mayAdminister && found.ownerId !== a.user.id)
      throw forbidden(REPORT_MSG.emailedEditRefused);
    return found;
  }

  const timing = (s: Schedule, body: When & { skipWhenEmpty: boolean }, org: OrganisationContext) => ({
    frequency: s.frequency,
    reportOn: s.reportOn,
    onceOn: s.onceOn ?? null,
    holdPercent: body.holdPercent,
    holdDays: body.holdDays,
    skipWhenEmpty: body.skipWhenEmpty,
    nextSendAt: nextSendAt(s, org.now, org.timeZone),
  });

  return {
    async create(a: Caller, body: z.output<typeof newEmailedReport>) {
      const org = orgOf(a);
      const organisationId = orgIdOf(a);
      const address = addressesFrom(body.address);
      const s = scheduleFrom(body, org.today);
      const r = definitionOf(body.id);
      if (r.restrictions?.schedule === false) throw badRequest(REPORT_MSG.scheduleNotOffered);
      if (body.relative && !runner.slides(body.id, body.relative)) {
        throw badRequest(REPORT_MSG.relativeNotOffered.replace('{period}', RELATIVE_LABELS[body.relative]));
      }
      const kept = {
        reportId: body.id,
        output: body.output,
        assetType: body.asset.type,
        assetId: body.asset.id,
        startDate: body.relative ? null : body.start,
        endDate: body.relative ? null : body.end,
        relative: body.relative,
        settings: body.settings,
      };
      // Checked as a run would be, with the period it would take today: nothing is kept that cannot run.
      const checked = await runner.check(a.principal, org, requestOf({ ...kept, name: '' } as never, org));
      if (!body.relative) {
        kept.startDate = checked.period?.start ?? null;
        kept.endDate = checked.period?.end ?? null;
      }
      const values: q.EmailedValues = {
        ...kept,
        ownerId: a.user.id,
        addresses: address,
        subject: body.subject,
        htmlText: body.htmlText,
        ...timing(s, body, org),
      };
      const row = await db.transaction(async (tx) => {
        const saved = await q.insertEmailed(tx, organisationId, values);
        await audit(tx, a, {
          organisationId,
          action: 'create',
          asset: { type: ASSET, id: saved.id, name: r.name },
          changes: created({ ...values }),
        });
        return saved;
      });
      const found = await q.findEmailed(db, organisationId, row.id);
      return {
        success: true as const,
        message: REPORT_MSG.emailScheduled,
        data: await answerOf(a, found as q.EmailedWithOwner),
      };
    },

    async list(a: Caller) {
      const rows = await q.listEmailed(db, orgIdOf(a));
      return Promise.all(rows.map((r) => answerOf(a, r)));
    },

    async update(a: Caller, id: number, body: z.output<typeof emailedReportEdit>) {
      const org = orgOf(a);
      const organisationId = orgIdOf(a);
      const found = await editable(a, id);
      const address = addressesFrom(body.address);
      const s = scheduleFrom(body, org.today);
      const set = {
        addresses: address,
        subject: body.subject,
        htmlText: body.htmlText,
        ...timing(s, body, org),
      };
      await db.transaction(async (tx) => {
        await q.updateEmailed(tx, organisationId, id, set);
        await audit(tx, a, {
          organisationId,
          action: 'update',
          asset: { type: ASSET, id, name: reportById(found.reportId)?.name ?? null },
          changes: diff({ ...found }, { ...set }),
        });
      });
      const saved = (await q.findEmailed(db, organisationId, id)) as q.EmailedWithOwner;
      return { success: true as const, message: REPORT_MSG.emailScheduled, data: await answerOf(a, saved) };
    },

    async remove(a: Caller, id: number) {
      const organisationId = orgIdOf(a);
      const found = await editable(a, id);
      await db.transaction(async (tx) => {
        await q.deleteEmailed(tx, organisationId, id);
        await audit(tx, a, {
          organisationId,
          action: 'delete',
          asset: { type: ASSET, id, name: reportById(found.reportId)?.name ?? null },
          changes: diff(
            { reportId: found.reportId, addresses: found.addresses, ownerId: found.ownerId },
            null,
          ),
        });
      });
      return { success: true as const };
    },

    owners: (a: Caller) => q.reportOwners(db, orgIdOf(a)),

    async reassign(a: Caller, from: number, to: number, ids: number[]) {
      const organisationId = orgIdOf(a);
      const [owner] = await q.reportOwners(db, organisationId, to);
      if (!owner) throw badRequest(REPORT_MSG.ownerNotMember, { to: [REPORT_MSG.ownerNotMember] });
      const moved = await db.transaction(async (tx) => {
        const done = await q.reassignEmailed(tx, organisationId, from, to, ids.length > 0 ? ids : null);
        for (const id of done) {
          await audit(tx, a, {
            organisationId,
            action: 'reassign',
            asset: { type: ASSET, id },
            changes: diff({ ownerId: from }, { ownerId: to }),
          });
        }
        return done;
      });
      return {
        success: true as const,
        message: REPORT_MSG.reassigned.replace('{count}', String(moved.length)),
        count: moved.length,
      };
    },

    access: (a: Caller) => ({
      organisationId: orgIdOf(a),
      userId: a.user.id,
      administrator: a.checked.mayAdminister,
      editor: a.checked.mayEdit,
    }),
  };
}

export type EmailedService = ReturnType<typeof createEmailedService>;
