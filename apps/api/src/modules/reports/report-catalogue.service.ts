import type { CreationData, Report, ReportAsset } from '@verdant/contracts/reports';
import type { Db } from '@verdant/db/client';
import { addMonths } from '@verdant/domain/calendar';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { relativeOptions } from '@verdant/domain/reports/periods';
import { type Level, RELATIVE_LABELS } from '@verdant/domain/reports/report-types';
import { badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import { visibleMetersOf } from '../../lib/rights';
import type { Caller } from '../../plugins/auth';
import { targetsOf } from './definitions/target-performance.figures';
import { hasRestatements } from './provenance.queries';
import { assetsOfLevel } from './report-assets.queries';
import { REPORTS, reportById } from './report-catalogue';
import type { ReportDefinition } from './report-definition';

/** The catalogue calls (data-portal.md 7, Graphs and reports): tags, reports, creation data, assets. */

export function reportOf(r: ReportDefinition): Report {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    type: r.type,
    output: [...r.outputs],
    target: [...r.levels],
    tags: [...r.tags],
    length: r.length ?? null,
    additionalSettings: r.settings.map(({ contents: _contents, ...s }) => s),
    restrictions: {
      favourite: r.restrictions?.favourite ?? true,
      email: r.restrictions?.email ?? true,
      schedule: r.restrictions?.schedule ?? true,
    },
  };
}

/**
 * Figures as originally reported are offered only once a restatement has replaced some of the organisation's facts
 * (docs/decisions/factor-editions.md, Every report of kg CO2e restated or as originally reported); a request, a
 * favourite or a schedule may still name the basis.
 */
const offered = (report: Report, restated: boolean): Report =>
  restated
    ? report
    : { ...report, additionalSettings: report.additionalSettings.filter((s) => s.name !== 'basis') };

export function definitionOf(reportId: number): ReportDefinition {
  const r = reportById(reportId);
  if (!r) throw notFound(REPORT_MSG.reportNotFound);
  return r;
}

const lastDay = (month: string) => {
  const next = new Date(`${addMonths(month, 1)}T00:00:00Z`);
  return new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
};

export function createReportCatalogueService({ db }: { db: Db }) {
  return {
    tags(): string[] {
      return [...new Set(REPORTS.flatMap((r) => r.tags))].sort((a, b) => a.localeCompare(b));
    },

    /** The catalogue as the organisation's forms offer it (the basis only once it has a restatement). */
    async list(a: Caller): Promise<Report[]> {
      const restated = await hasRestatements(db, orgOf(a).id);
      return REPORTS.map((r) => offered(reportOf(r), restated));
    },

    async creationData(a: Caller, reportId: number): Promise<CreationData> {
      const r = definitionOf(reportId);
      const org = orgOf(a);
      const last = org.lastCompleteMonth;
      // The default period: the last complete month (or the months up to it), never a month not yet lived.
      const defaults =
        r.type === 'NoLength'
          ? { start: null, end: null }
          : r.type === 'VariableLength' || r.type === 'VariableMonth'
            ? { start: addMonths(last, -11), end: lastDay(last) }
            : { start: last, end: lastDay(last) };
      const report = reportOf(r);
      // A setting whose options are the organisation's own (its targets) is offered them here.
      if (r.settings.some((s) => s.contents === 'targets')) {
        const targets = await targetsOf(db, org.id);
        report.additionalSettings = report.additionalSettings.map((s, i) =>
          r.settings[i]?.contents === 'targets'
            ? { ...s, options: targets.map((t) => ({ value: String(t.id), label: t.name })) }
            : s,
        );
      }
      return {
        report: r.settings.some((s) => s.name === 'basis')
          ? offered(report, await hasRestatements(db, org.id))
          : report,
        today: org.today,
        lastCompleteMonth: last,
        reportingYearEnd: org.reportingYearEnd,
        defaults,
        relativePeriods: relativeOptions(r.type).map((value) => ({ value, label: RELATIVE_LABELS[value] })),
      };
    },

    async availableAssets(a: Caller, reportId: number, level: Level): Promise<ReportAsset[]> {
      const r = definitionOf(reportId);
      if (!r.levels.includes(level)) throw badRequest(REPORT_MSG.levelNotOffered.replace('{level}', level));
      const org = orgOf(a);
      const visible = await visibleMetersOf(db, a, org.id);
      const rows = await assetsOfLevel(db, org.id, level, visible);
      return rows.map((row) => ({ type: level, id: row.id, name: row.name }));
    },
  };
}

export type ReportCatalogueService = ReturnType<typeof createReportCatalogueService>;
