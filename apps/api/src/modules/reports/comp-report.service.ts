import { Writable } from 'node:stream';
import type { SavedCompReport } from '@verdant/contracts/reports/comp-report';
import type { ReportBasis } from '@verdant/contracts/reports/run';
import type { Db } from '@verdant/db/client';
import { compReports } from '@verdant/db/schema/comp-reports';
import { LIB } from '@verdant/domain/library-messages';
import { fill } from '@verdant/domain/messages';
import {
  COMP_PAGE_CLASSES,
  type CompPage,
  compPageClass,
  parseCompReport,
} from '@verdant/domain/reports/comp-report';
import { sql } from 'drizzle-orm';
import { audit, diff } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { orgOf } from '../../lib/organisation-context';
import type { Caller } from '../../plugins/auth';
import { COMPLIMENTARY_REPORT_ID, compReportOf } from './definitions/complimentary.report';
import { hasRestatements } from './provenance.queries';
import type { ReportRunService } from './report-run.service';

/**
 * The complimentary report (data-portal.md 7; docs/decisions/comp-report.md): an organisation's administrators
 * choose its pages and their parameters, saved as XML (checked with fast-xml-parser); the preview draws the
 * report with the reports machinery, each page a report of the catalogue run for the organisation as the
 * caller sees it.
 */
export function createCompReportService({ db, runner }: { db: Db; runner: ReportRunService }) {
  const named = (pages: CompPage[]) =>
    pages.map((p) => ({ ...p, name: compPageClass(p.pageClass)?.name ?? p.pageClass }));
  const listOf = (xml: string | null) => {
    const read = xml ? parseCompReport(xml) : null;
    return read?.ok
      ? read.pages.map((p) => `${p.pageClass}(${JSON.stringify(p.parameters)})`).join(', ')
      : null;
  };
  const parsed = (xml: string) => {
    const read = parseCompReport(xml);
    if (!read.ok) throw badRequest(read.message, { xml: [read.message] });
    return read.pages;
  };

  return {
    allPages: () => COMP_PAGE_CLASSES.map((c) => ({ ...c, parameters: [...c.parameters] })),

    parameters(pageClass: string) {
      const found = compPageClass(pageClass);
      if (!found) throw notFound(fill(LIB.compReportPage, { page: pageClass }));
      return [...found.parameters];
    },

    async pages(a: Caller): Promise<SavedCompReport> {
      const org = orgOf(a);
      const rows = await db.execute<{
        xml: string | null;
        savedAt: string | null;
        savedBy: string | null;
        email: string | null;
      }>(sql`
        select c.xml, to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "savedAt",
          nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.surname, '')), '') as "savedBy",
          o.comp_report_email as email
        from organisations o
        left join comp_reports c on c.organisation_id = ${org.id}
        left join users u on u.id = c.updated_by
        where o.id = ${org.id}`);
      const row = rows.rows[0];
      const read = row?.xml ? parseCompReport(row.xml) : null;
      return {
        basisOffered: await hasRestatements(db, org.id),
        xml: row?.xml ?? null,
        pages: read?.ok ? named(read.pages) : [],
        savedAt: row?.savedAt ?? null,
        savedBy: row?.savedBy ?? null,
        email: row?.email ?? null,
      };
    },

    async save(a: Caller, xml: string) {
      const org = orgOf(a);
      // A definition that does not read is refused before anything is stored.
      parsed(xml);
      await db.transaction(async (tx) => {
        const before = await tx.execute<{ xml: string }>(
          sql`select xml from comp_reports where organisation_id = ${org.id} for update`,
        );
        await tx
          .insert(compReports)
          .values({ organisationId: org.id, xml, updatedBy: a.user.id })
          .onConflictDoUpdate({
            target: compReports.organisationId,
            set: { xml, updatedBy: a.user.id, updatedAt: sql`now()` },
          });
        await audit(tx, a, {
          organisationId: org.id,
          action: before.rows[0] ? 'update' : 'create',
          asset: { type: 'comp-report', id: org.id, name: 'Complimentary report' },
          changes: diff({ pages: listOf(before.rows[0]?.xml ?? null) }, { pages: listOf(xml) }),
        });
      });
      return { success: true as const, message: LIB.compReportSaved };
    },

    /**
     * The report of the XML given, as a PDF: nothing is saved. Built as the catalogue's report is, restated or as
     * originally reported (docs/decisions/comp-report.md, Restated or as originally reported).
     */
    async preview(a: Caller, xml: string, basis: ReportBasis = 'restated'): Promise<Buffer> {
      const org = orgOf(a);
      const pages = parsed(xml);
      if (pages.length === 0) throw badRequest(LIB.compReportNoPages);
      const definition = compReportOf(pages);
      const request = {
        id: COMPLIMENTARY_REPORT_ID,
        output: 'pdf' as const,
        asset: { type: 'organisation' as const, id: null },
        start: null,
        end: null,
        settings: { basis },
      };
      const run = await runner.document(a.principal, org, request, definition);
      const chunks: Buffer[] = [];
      const out = new Writable({
        write(chunk, _encoding, done) {
          chunks.push(Buffer.from(chunk));
          done();
        },
      });
      await runner.draw(run.document, 'pdf', org, run.organisation, out);
      return Buffer.concat(chunks);
    },
  };
}
export type CompReportService = ReturnType<typeof createCompReportService>;
