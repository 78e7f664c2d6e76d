import type { Provenance } from './report-document';
import { displayDate } from './report-format';

/**
 * The provenance of a report as lines of label and value (docs/decisions/reports.md, Provenance): the PDF's
 * last page and the XLSX's Provenance sheet print the same lines.
 */
export interface ProvenanceLine {
  section: string;
  label: string;
  value: string;
}

const pct = (p: number | null) =>
  p === null ? 'no data' : `${p.toLocaleString('en-NZ', { maximumFractionDigits: 1 })} %`;

export function provenanceLines(p: Provenance): ProvenanceLine[] {
  const lines: ProvenanceLine[] = [];
  const add = (section: string, label: string, value: string) => lines.push({ section, label, value });
  add('Report', 'Report', p.report);
  add('Report', 'Organisation', p.organisation);
  add('Report', 'Asset', p.asset);
  add(
    'Report',
    'Period',
    p.period ? `${displayDate(p.period.start)} to ${displayDate(p.period.end)}` : 'As of the day it was run',
  );
  add('Report', 'Reporting year', p.reportingYear);
  add('Report', 'Time zone', p.timeZone);
  add('Report', 'Generated', `${p.generatedAt.replace('T', ' ').slice(0, 19)} UTC`);
  add('Report', 'Units', p.units.join('; '));
  add(
    'Emissions',
    'Figures',
    p.basis === 'original'
      ? 'As originally reported: emissions as they stood before the restatements listed below replaced them'
      : 'Restated: emissions as they stand, after any restatement listed below',
  );
  add('Emissions', 'Scope 2 method', p.scope2Method);
  const named = p.editions.map((e) => e.edition ?? `${e.source} (factors entered by hand)`);
  if (named.length > 0) add('Emissions', 'Editions that produced the kg CO2e', named.join('; '));
  add('Emissions', 'Global warming potentials', p.gwpSets.length > 0 ? p.gwpSets.join(', ') : 'none used');
  if (p.editions.length === 0)
    add('Emissions', 'Factor sources', 'The ledger recorded no emission factor for these figures');
  for (const e of p.editions) {
    const what = [
      e.edition ? `${e.source}, ${e.edition}` : `${e.source} (factors entered by hand, no edition)`,
      e.publisher ? `published by ${e.publisher}` : null,
      e.published ? `on ${displayDate(e.published)}` : null,
      e.gwp ? `GWP ${e.gwp}` : null,
    ]
      .filter(Boolean)
      .join(', ');
    add('Emissions', 'Factor source and edition', what);
    if (e.title || e.url) add('Emissions', 'Publication', [e.title, e.url].filter(Boolean).join(' — '));
  }
  for (const c of p.completeness) {
    add(
      'Completeness',
      c.measure,
      c.daysOpen === 0
        ? 'no meter was open in the period'
        : `${c.daysCovered.toLocaleString('en-NZ')} days with data of ${c.daysOpen.toLocaleString('en-NZ')} days open (${pct(c.percent)})`,
    );
  }
  if (p.portalApproval) {
    const a = p.portalApproval;
    add(
      'Completeness',
      'Portal figures approved',
      `${a.approved.toLocaleString('en-NZ')} of ${a.received.toLocaleString('en-NZ')} received (${pct(a.percent)})${a.awaiting > 0 ? `; ${a.awaiting.toLocaleString('en-NZ')} awaiting review` : ''}`,
    );
  }
  for (const e of p.estimated) add('Estimates', `${e.measure} from estimated values`, pct(e.percent));
  if (p.restatements.length === 0) add('Restatements', 'Restatements', 'None touched the period');
  for (const r of p.restatements) add('Restatements', displayDate(r.date), `${r.reason} (${r.status})`);
  add('Reproducibility', 'Inputs', p.inputs);
  add('Reproducibility', 'Fingerprint (SHA-256)', p.fingerprint);
  for (const n of p.notes) add('Notes', 'Note', n);
  return lines;
}
