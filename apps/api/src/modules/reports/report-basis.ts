import { reportBasisText } from '@verdant/domain/editions/editions-text';
import type { ReportDefinition } from './report-definition';
import type { ReportDocument } from './report-document';

/**
 * A report of kg CO2e says which figures it shows (docs/decisions/factor-editions.md, Every report of kg CO2e
 * restated or as originally reported): as originally reported, its title says so and a line under it names the
 * restatements whose figures it predates and the editions that produced its kg CO2e; restated, the same line
 * once a restatement has replaced some of its months. The line is a text block, so the PDF and the XLSX's
 * Summary sheet print it alike; its provenance names the basis too. The words are kept as `basisText` for the
 * delimited outputs' closing line, restated or not (they have no provenance page).
 */
export function withBasisLine(r: ReportDefinition, doc: ReportDocument): ReportDocument {
  if (!r.settings.some((s) => s.name === 'basis')) return doc;
  const { basis } = doc.provenance;
  const done = doc.provenance.restatements.filter((x) => x.status === 'done');
  const names = [
    ...new Set(doc.provenance.editions.map((e) => e.edition ?? `${e.source} (entered by hand)`)),
  ].sort((a, b) => a.localeCompare(b));
  const text = reportBasisText(
    basis,
    done,
    names.map((name) => ({ name })),
  );
  // A delimited output closes with the line whatever the basis: it has no provenance page to say it.
  if (basis === 'restated' && done.length === 0) return { ...doc, basisText: text };
  const title =
    basis === 'original' && !doc.title.endsWith(ORIGINAL_TITLE) ? `${doc.title}${ORIGINAL_TITLE}` : doc.title;
  return { ...doc, title, basisText: text, blocks: [{ kind: 'text', tone: 'note', text }, ...doc.blocks] };
}

const ORIGINAL_TITLE = ', as originally reported';
