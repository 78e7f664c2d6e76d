import { FAVOURITE_NAME_MAX } from '@verdant/domain/constants';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { z } from 'zod';
import { member } from '../access';
import { errorResponse, idNumber, int4, nameText, okResponse, text } from '../common';
import type { OperationSpec } from '../operations';
import { relativePeriod, reportLevel, reportOutput, runReport } from './run';

/**
 * Favourite reports (data-portal.md 3 Favourite report: id, name, extension; 7: the favourites calls, the
 * same shapes as favourite graphs): a person's own, in the current organisation. Saving under a name in use
 * replaces it. A favourite keeps a fixed period or slides with the day it runs.
 */

const favouriteName = nameText({ error: REPORT_MSG.favouriteNameRequired })
  .trim()
  .min(1, REPORT_MSG.favouriteNameRequired)
  .max(FAVOURITE_NAME_MAX, `A name has at most ${FAVOURITE_NAME_MAX} characters`);

export const favouriteReport = z.object({
  /** The report's id, as the spec names it. */
  id: int4(),
  name: text(),
  /** The output's file extension. */
  extension: text(),
  output: reportOutput,
  reportName: text(),
  asset: z.object({ type: reportLevel, id: int4().nullable(), name: text() }),
  start: text().nullable(),
  end: text().nullable(),
  relative: relativePeriod.nullable(),
  /** 'Last full month' or '01/10/2026 to 31/10/2026'. */
  period: text(),
});
export type FavouriteReport = z.infer<typeof favouriteReport>;

/** The Create Report modal's favourite (POST /data/reporting/favourites/create). */
export const newFavouriteReport = runReport.extend({
  favouriteName,
  relative: relativePeriod.nullable().default(null),
});
export type NewFavouriteReport = z.input<typeof newFavouriteReport>;

/** POST /current-user/favourite-reports: a name and the report to run, as text (the favourite graphs' shape). */
export const favouriteReportText = z.object({ name: favouriteName, report: text().max(4000) });
export const renameFavouriteReport = z.object({
  name: nameText().trim().min(1).max(FAVOURITE_NAME_MAX),
  newName: favouriteName,
});
export const favouriteReportName = z.object({ name: nameText().trim().min(1).max(FAVOURITE_NAME_MAX) });
export const favouriteSaved = z.object({ success: z.literal(true), message: text(), data: favouriteReport });

/** What the form POST of a favourite carries (data-portal.md 7: id, token and file name). */
export const favouriteForm = z.object({
  id: idNumber(),
  token: text().max(200),
  fileName: nameText().max(200),
});
export type FavouriteForm = z.infer<typeof favouriteForm>;
export const favouriteFormAnswer = z.object({ id: int4(), token: text(), fileName: text() });

const own = member();

export const favouriteOperations = {
  favourites: {
    method: 'GET',
    path: '/current-user/favourite-reports',
    summary: 'My favourite reports here',
    access: own,
    answer: z.array(favouriteReport),
  },
  saveFavourite: {
    method: 'POST',
    path: '/current-user/favourite-reports',
    summary: 'Save a favourite report: a name and the report to run as JSON text (the same name replaces)',
    access: own,
    body: favouriteReportText,
    answer: favouriteSaved,
    answers: { 404: errorResponse },
  },
  renameFavourite: {
    method: 'PUT',
    path: '/current-user/favourite-reports',
    summary: 'Rename a favourite report',
    access: own,
    body: renameFavouriteReport,
    answer: favouriteReport,
    answers: { 404: errorResponse, 409: errorResponse },
  },
  deleteFavourite: {
    method: 'DELETE',
    path: '/current-user/favourite-reports',
    summary: 'Delete a favourite report',
    access: own,
    body: favouriteReportName,
    answer: okResponse,
    answers: { 404: errorResponse },
  },
  createFavourite: {
    method: 'POST',
    path: '/data/reporting/favourites/create',
    summary: "Set up a favourite from the Create Report modal ('Report set up!')",
    access: own,
    body: newFavouriteReport,
    answer: favouriteSaved,
    answers: { 404: errorResponse },
  },
  runFavourite: {
    method: 'POST',
    path: '/data/reporting/favourites/run',
    summary: 'Run a favourite report now; a sliding period is taken from today',
    access: own,
    intent: 'reads',
    body: favouriteReportName,
    answer: 'file',
    answers: { 404: errorResponse },
  },
  favouriteLink: {
    method: 'POST',
    path: '/data/reporting/favourites/link',
    summary:
      'What the form POST that runs a favourite carries: its id, a short-lived token and the file name',
    access: own,
    intent: 'reads',
    body: favouriteReportName,
    answer: favouriteFormAnswer,
    answers: { 404: errorResponse },
  },
  downloadFavourite: {
    method: 'POST',
    path: '/data/reporting/favourites/download',
    summary: 'Run a favourite by form POST (id, token, file name): the browser downloads the file itself',
    description: "The body is a form (application/x-www-form-urlencoded); the token is the favourite link's.",
    access: 'signed-link',
    intent: 'reads',
    body: favouriteForm,
    answer: 'file',
    answers: { 403: errorResponse, 404: errorResponse },
  },
} as const satisfies Record<string, OperationSpec>;
