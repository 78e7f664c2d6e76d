import { createHash } from 'node:crypto';
import type { DbOrTx } from '@verdant/db/client';
import { addMonths } from '@verdant/domain/calendar';
import { type CompPage, parseCompReport } from '@verdant/domain/reports/comp-report';
import { normalisePeriod } from '@verdant/domain/reports/periods';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../../lib/errors';
import type { ReportContext, ReportDefinition, SettingValues } from '../report-definition';
import type { Block, ReportDocument } from '../report-document';
import { settingsOf } from '../report-settings';
import { emissionsBySourcePage } from './emissions-by-source.page';
import { ghgInventoryReport } from './ghg-inventory.report';
import { monthlySummaryReport } from './monthly-summary.report';
import { BASIS_SETTING, basisOf, provenanceOf } from './report-kit';
import { siteLeagueReport } from './site-league.report';

/**
 * The complimentary report (docs/decisions/comp-report.md): the pages an organisation's administrators saved
 * in its editor, each a report of the catalogue (or a page of its own) run for the whole organisation up to
 * the last complete month, drawn as one PDF with one provenance page. In the catalogue it runs, is favourited
 * and is emailed on a schedule like any other report; the editor's preview draws unsaved pages the same way.
 */

export const COMPLIMENTARY_REPORT_ID = 10;
const NAME = 'Complimentary report';

/** What a page runs: a report and its period and settings, the last complete month being `last`. */
export function pageRequest(
  page: CompPage,
  last: string,
): { definition: ReportDefinition; start: string; end: string | null; settings: SettingValues } {
  const p = page.parameters;
  const months = (n: string | undefined) => ({ start: addMonths(last, 1 - Number(n ?? 12)), end: last });
  switch (page.pageClass) {
    case 'MonthlySummary':
      return {
        definition: monthlySummaryReport,
        start: last,
        end: null,
        settings: { movers: Number(p.movers) },
      };
    case 'GhgInventory':
      return {
        definition: ghgInventoryReport,
        start: p.year === 'previous' ? addMonths(last, -12) : last,
        end: null,
        settings: {},
      };
    case 'SiteLeague':
      return { definition: siteLeagueReport, ...months(p.months), settings: {} };
    default:
      return { definition: emissionsBySourcePage, ...months(p.months), settings: {} };
  }
}

/** One page built as its report would be for the organisation (its period and settings checked the same way). */
async function buildPage(ctx: ReportContext, page: CompPage): Promise<ReportDocument> {
  const { definition, start, end, settings } = pageRequest(page, ctx.org.lastCompleteMonth);
  const period = normalisePeriod(
    definition.type,
    definition.length ?? null,
    { start, end: end ?? undefined },
    { today: ctx.org.today, reportingYearEnd: ctx.org.reportingYearEnd },
  );
  if (!period.ok) throw badRequest(period.message);
  // Every page reads the report's Figures (docs/decisions/comp-report.md, Restated or as originally reported).
  return definition.build({
    ...ctx,
    period: period.range,
    settings: settingsOf(definition, { ...settings, basis: basisOf(ctx) }),
  });
}

/** Every page's rows of a list, once each (by `key`), in the order of `sort`. */
function union<T>(lists: T[][], key: (x: T) => string, sort: (a: T, b: T) => number): T[] {
  const byKey = new Map<string, T>();
  for (const x of lists.flat()) if (!byKey.has(key(x))) byKey.set(key(x), x);
  return [...byKey.values()].sort(sort);
}

/**
 * The pages as one document: a heading per page, one provenance (its fingerprint the hash of the pages'; the
 * editions and restatements of every page, so the basis line under the title names them all).
 */
function merged(built: ReportDocument[], organisationName: string): ReportDocument {
  const [first] = built;
  if (!first) throw new Error('a complimentary report needs a page');
  const blocks: Block[] = built.flatMap((d) => [
    { kind: 'heading', text: d.subtitle ? `${d.title} · ${d.subtitle}` : d.title } as Block,
    ...d.blocks,
  ]);
  const fingerprint = createHash('sha256')
    .update(built.map((d) => d.provenance.fingerprint).join('|'))
    .digest('hex');
  return {
    title: 'Complimentary Report',
    subtitle: organisationName,
    blocks,
    provenance: {
      ...first.provenance,
      report: `Complimentary Report (${built.map((d) => d.title).join('; ')})`,
      fingerprint,
      editions: union(
        built.map((d) => d.provenance.editions),
        (e) => `${e.source}|${e.edition ?? ''}`,
        (a, b) => a.source.localeCompare(b.source) || (a.edition ?? '').localeCompare(b.edition ?? ''),
      ),
      restatements: union(
        built.map((d) => d.provenance.restatements),
        (r) => String(r.id),
        (a, b) => a.date.localeCompare(b.date) || a.id - b.id,
      ),
      notes: [...new Set(built.flatMap((d) => d.provenance.notes))],
    },
    empty: built.every((d) => d.empty),
  };
}

const base = {
  id: COMPLIMENTARY_REPORT_ID,
  name: NAME,
  description:
    "The organisation's complimentary report as its administrators saved it: each page up to the last complete month.",
  type: 'NoLength',
  outputs: ['pdf'],
  levels: ['organisation'],
  tags: ['Complimentary', 'Energy', 'Carbon'],
  settings: [BASIS_SETTING],
} as const satisfies Omit<ReportDefinition, 'build'>;

/** The complimentary report of the pages given (the editor's preview of a draft). */
export function compReportOf(pages: readonly CompPage[]): ReportDefinition {
  return {
    ...base,
    outputs: [...base.outputs],
    levels: [...base.levels],
    tags: [...base.tags],
    settings: [...base.settings],
    async build(ctx) {
      const built: ReportDocument[] = [];
      for (const page of pages) built.push(await buildPage(ctx, page));
      return merged(built, ctx.organisationName);
    },
  };
}

async function savedPages(db: DbOrTx, organisationId: number): Promise<CompPage[]> {
  const rows = await db.execute<{ xml: string }>(
    sql`select xml from comp_reports where organisation_id = ${organisationId}`,
  );
  const xml = rows.rows[0]?.xml;
  const read = xml ? parseCompReport(xml) : null;
  return read?.ok ? read.pages : [];
}

/** The catalogue's complimentary report: the pages saved when it runs (none saved yet says so). */
export const complimentaryReport: ReportDefinition = {
  ...compReportOf([]),
  async build(ctx) {
    const pages = await savedPages(ctx.db, ctx.org.id);
    if (pages.length > 0) return compReportOf(pages).build(ctx);
    // Empty, so the file says 'No data found' and a schedule set not to send empty reports sends nothing.
    return {
      title: 'Complimentary Report',
      subtitle: `${ctx.organisationName} · no complimentary report is saved yet`,
      blocks: [],
      provenance: await provenanceOf(ctx, NAME),
      empty: true,
    };
  },
};
