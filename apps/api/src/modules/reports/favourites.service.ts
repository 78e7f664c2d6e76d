import type { FavouriteReport, NewFavouriteReport } from '@verdant/contracts/reports/favourites';
import { newFavouriteReport } from '@verdant/contracts/reports/favourites';
import type { Db } from '@verdant/db/client';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { resolveRelative } from '@verdant/domain/reports/periods';
import {
  type Level,
  OUTPUT_FILES,
  type Output,
  RELATIVE_LABELS,
  type RelativePeriod,
} from '@verdant/domain/reports/report-types';
import type { z } from 'zod';
import { audit, created, diff } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { type OrganisationContext, orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import * as q from './favourites.queries';
import { assetName } from './report-assets.queries';
import { reportById } from './report-catalogue';
import { displayDate } from './report-format';
import type { ReportRequest, ReportRunService } from './report-run.service';

/**
 * Favourite reports (docs/decisions/reports.md, Favourites): a person's own in the organisation. Saving checks
 * the report as running it would (report, output, asset, period, settings) and replaces a favourite of the
 * same name; running one takes a sliding period from the organisation's today.
 */

const ASSET = 'favourite-report';
type Saved = z.output<typeof newFavouriteReport>;

/** The run request a favourite stands for, its sliding period taken from `org`'s today. */
export function requestOf(f: q.FavouriteRow, org: OrganisationContext): ReportRequest {
  const period = f.relative
    ? resolveRelative(f.relative as RelativePeriod, {
        today: org.today,
        reportingYearEnd: org.reportingYearEnd,
      })
    : { start: f.startDate, end: f.endDate };
  return {
    id: f.reportId,
    output: f.output as Output,
    asset: { type: f.assetType as Level, id: f.assetId },
    start: period.start ?? null,
    end: period.end ?? null,
    settings: (f.settings ?? {}) as ReportRequest['settings'],
  };
}

function periodText(f: q.FavouriteRow) {
  if (f.relative) return RELATIVE_LABELS[f.relative as RelativePeriod] ?? f.relative;
  if (!f.startDate && !f.endDate) return 'No period';
  return [f.startDate, f.endDate]
    .filter((d): d is string => !!d)
    .map(displayDate)
    .join(' to ');
}

export function createFavouritesService({ db, runner }: { db: Db; runner: ReportRunService }) {
  const scope = (a: Caller) => {
    const organisationId = orgOf(a).id;
    return { organisationId, userId: a.user.id };
  };

  async function answerOf(organisationId: number, f: q.FavouriteRow): Promise<FavouriteReport> {
    const type = f.assetType as Level;
    const name = (await assetName(db, organisationId, type, f.assetId)) ?? 'No longer available';
    return {
      id: f.reportId,
      name: f.name,
      extension: OUTPUT_FILES[f.output as Output]?.extension ?? f.output,
      output: f.output as Output,
      reportName: reportById(f.reportId)?.name ?? 'No longer available',
      asset: { type, id: f.assetId, name },
      start: f.startDate,
      end: f.endDate,
      relative: (f.relative as RelativePeriod | null) ?? null,
      period: periodText(f),
    };
  }

  async function save(a: Caller, body: Saved) {
    const { organisationId, userId } = scope(a);
    const org = orgOf(a);
    const values: q.FavouriteValues = {
      reportId: body.id,
      output: body.output,
      assetType: body.asset.type,
      assetId: body.asset.id,
      startDate: body.relative ? null : body.start,
      endDate: body.relative ? null : body.end,
      relative: body.relative,
      settings: body.settings,
    };
    if (!reportById(body.id)) throw notFound(REPORT_MSG.reportNotFound);
    if (body.relative && !runner.slides(body.id, body.relative)) {
      throw badRequest(REPORT_MSG.relativeNotOffered.replace('{period}', RELATIVE_LABELS[body.relative]));
    }
    // Checked as a run would be, with the period it would take today: nothing is saved that cannot run.
    const checked = await runner.check(
      a.principal,
      org,
      requestOf({ ...values, name: body.favouriteName } as q.FavouriteRow, org),
    );
    // A fixed period is kept as the run would take it (a Monthly report's whole month).
    if (!body.relative) {
      values.startDate = checked.period?.start ?? null;
      values.endDate = checked.period?.end ?? null;
    }
    const row = await db.transaction(async (tx) => {
      const before = await q.findFavourite(tx, organisationId, userId, body.favouriteName);
      const saved = await q.upsertFavourite(tx, organisationId, userId, body.favouriteName, values);
      if (!saved) throw new AppError('CONFLICT', REPORT_MSG.favouriteNameTaken, 409);
      await audit(tx, a, {
        organisationId,
        action: before ? 'update' : 'create',
        asset: { type: ASSET, id: saved.id, name: saved.name },
        changes: before
          ? diff({ ...before }, { ...saved }, ['updatedAt', 'createdAt'])
          : created({ ...values }),
      });
      return saved;
    });
    return {
      success: true as const,
      message: REPORT_MSG.reportSetUp,
      data: await answerOf(organisationId, row),
    };
  }

  return {
    async list(a: Caller) {
      const { organisationId, userId } = scope(a);
      const rows = await q.listFavourites(db, organisationId, userId);
      return Promise.all(rows.map((r) => answerOf(organisationId, r)));
    },

    save,

    /** POST /current-user/favourite-reports: the report to run as JSON text, as favourite graphs keep theirs. */
    async saveText(a: Caller, name: string, text: string) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw badRequest(REPORT_MSG.favouriteInvalid);
      }
      const body = newFavouriteReport.safeParse({ ...(parsed as object), favouriteName: name });
      if (!body.success) throw badRequest(REPORT_MSG.favouriteInvalid);
      return save(a, body.data);
    },

    async rename(a: Caller, name: string, newName: string) {
      const { organisationId, userId } = scope(a);
      const row = await db.transaction(async (tx) => {
        const found = await q.findFavourite(tx, organisationId, userId, name);
        if (!found) throw notFound(REPORT_MSG.favouriteMissing);
        if (newName !== name && (await q.findFavourite(tx, organisationId, userId, newName))) {
          throw new AppError('CONFLICT', REPORT_MSG.favouriteNameTaken, 409, {
            newName: [REPORT_MSG.favouriteNameTaken],
          });
        }
        await q.renameFavourite(tx, organisationId, found.id, newName);
        await audit(tx, a, {
          organisationId,
          action: 'rename',
          asset: { type: ASSET, id: found.id, name: newName },
          changes: diff({ name }, { name: newName }),
        });
        return { ...found, name: newName };
      });
      return answerOf(organisationId, row);
    },

    async remove(a: Caller, name: string) {
      const { organisationId, userId } = scope(a);
      await db.transaction(async (tx) => {
        const found = await q.findFavourite(tx, organisationId, userId, name);
        if (!found) throw notFound(REPORT_MSG.favouriteMissing);
        await q.deleteFavourite(tx, organisationId, found.id);
        await audit(tx, a, {
          organisationId,
          action: 'delete',
          asset: { type: ASSET, id: found.id, name },
          changes: diff({ name: found.name, reportId: found.reportId }, null),
        });
      });
      return { success: true as const };
    },

    async run(a: Caller, name: string) {
      const { organisationId, userId } = scope(a);
      const found = await q.findFavourite(db, organisationId, userId, name);
      if (!found) throw notFound(REPORT_MSG.favouriteMissing);
      return runner.render(a.principal, orgOf(a), requestOf(found, orgOf(a)));
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
export type { NewFavouriteReport };
