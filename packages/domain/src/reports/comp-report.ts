import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { LIB } from '../library-messages';

/**
 * The complimentary report (data-portal.md 7 and 9; docs/decisions/comp-report.md): an organisation's free
 * report made of pages, each a page class with its parameters, kept as XML:
 *
 *   <compReport><page class="MonthlySummary"><parameter name="movers">5</parameter></page></compReport>
 *
 * The page classes and their parameters are listed here; the API builds each page with the reports machinery.
 */

/** A parameter of a page class (the shape of a report's additional settings: name, className, hint, default). */
export interface CompParameter {
  name: string;
  label: string;
  className: 'select' | 'number';
  hint: string;
  defaultValue: string;
  options?: { value: string; label: string }[];
  min?: number;
  max?: number;
}

export interface CompPageClass {
  pageClass: string;
  name: string;
  description: string;
  parameters: CompParameter[];
}

const MONTHS: CompParameter = {
  name: 'months',
  label: 'Months',
  className: 'select',
  hint: 'How many complete months, up to the last one',
  defaultValue: '12',
  options: [
    { value: '3', label: 'Last 3 months' },
    { value: '6', label: 'Last 6 months' },
    { value: '12', label: 'Last 12 months' },
  ],
};

export const COMP_PAGE_CLASSES: readonly CompPageClass[] = [
  {
    pageClass: 'MonthlySummary',
    name: 'Monthly energy and carbon summary',
    description: 'The last complete month against the same month a year earlier, with the top movers',
    parameters: [
      {
        name: 'movers',
        label: 'Top movers',
        className: 'number',
        hint: 'How many meters with the largest increase and decrease to list',
        defaultValue: '5',
        min: 0,
        max: 20,
      },
    ],
  },
  {
    pageClass: 'EmissionsBySource',
    name: 'Emissions by source',
    description: 'Emissions by data type as a pie: the top 5 named, the rest as Others',
    parameters: [MONTHS],
  },
  {
    pageClass: 'GhgInventory',
    name: 'GHG inventory',
    description: 'Scopes 1, 2 and 3 of a reporting year, by activity and by site',
    parameters: [
      {
        name: 'year',
        label: 'Reporting year',
        className: 'select',
        hint: 'Which reporting year the page covers',
        defaultValue: 'latest',
        options: [
          { value: 'latest', label: 'The year of the last complete month' },
          { value: 'previous', label: 'The year before it' },
        ],
      },
    ],
  },
  {
    pageClass: 'SiteLeague',
    name: 'Site league table',
    description: 'Sites ranked by energy per square metre',
    parameters: [MONTHS],
  },
];

export const compPageClass = (name: string) => COMP_PAGE_CLASSES.find((p) => p.pageClass === name);

export interface CompPage {
  pageClass: string;
  parameters: Record<string, string>;
}

/** At most this many pages, and this many characters of XML. */
export const COMP_REPORT_MAX_PAGES = 20;
export const COMP_REPORT_MAX_XML = 100_000;

export type ParsedCompReport = { ok: true; pages: CompPage[] } | { ok: false; message: string };

const fill = (m: string, values: Record<string, string>) =>
  m.replace(/\{(\w+)\}/g, (whole, k: string) => values[k] ?? whole);

/** Whether a parameter's value is one it takes: a choice of a select, a whole number in range. */
export function parameterAccepts(p: CompParameter, value: string): boolean {
  if (p.className === 'select') return (p.options ?? []).some((o) => o.value === value);
  if (!/^-?\d+$/.test(value)) return false;
  const n = Number(value);
  return (p.min === undefined || n >= p.min) && (p.max === undefined || n <= p.max);
}

/** Checks a page list: known classes, every parameter chosen (data-portal.md 5) and a value it takes. */
export function checkPages(pages: readonly CompPage[]): string | null {
  if (pages.length === 0) return LIB.compReportNoPages;
  if (pages.length > COMP_REPORT_MAX_PAGES) return `A report has at most ${COMP_REPORT_MAX_PAGES} pages`;
  for (const page of pages) {
    const known = compPageClass(page.pageClass);
    if (!known) return fill(LIB.compReportPage, { page: page.pageClass });
    for (const p of known.parameters) {
      const value = page.parameters[p.name]?.trim() ?? '';
      if (value === '') return fill(LIB.compReportParameter, { parameter: p.label, page: known.name });
      if (!parameterAccepts(p, value))
        return fill(LIB.compReportParameterValue, { value, parameter: p.label, page: known.name });
    }
  }
  return null;
}

type Node = { '@_class'?: unknown; '@_name'?: unknown; '#text'?: unknown; parameter?: Node[] };

/** Reads and checks the XML (well-formed first, with fast-xml-parser, which expands no entities). */
export function parseCompReport(xml: string): ParsedCompReport {
  if (xml.length > COMP_REPORT_MAX_XML)
    return { ok: false, message: fill(LIB.compReportXml, { reason: 'it is too long' }) };
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    return {
      ok: false,
      message: fill(LIB.compReportXml, { reason: `${valid.err.msg} (line ${valid.err.line})` }),
    };
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    processEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => name === 'page' || name === 'parameter',
  }).parse(xml) as Record<string, unknown>;
  const root = doc.compReport as { page?: Node[] } | '' | undefined;
  if (root === undefined)
    return { ok: false, message: fill(LIB.compReportXml, { reason: 'the root element is not compReport' }) };
  const pages: CompPage[] = [];
  for (const node of (root === '' ? undefined : root.page) ?? []) {
    const parameters: Record<string, string> = {};
    for (const p of node.parameter ?? []) {
      const value = typeof p === 'object' ? p['#text'] : p;
      if (typeof p === 'object' && typeof p['@_name'] === 'string')
        parameters[p['@_name']] = typeof value === 'string' ? value : String(value ?? '');
    }
    pages.push({ pageClass: String(node['@_class'] ?? ''), parameters });
  }
  const problem = checkPages(pages);
  return problem ? { ok: false, message: problem } : { ok: true, pages };
}

/** The XML of a page list (what the editor saves). */
export function compReportXml(pages: readonly CompPage[]): string {
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });
  const body = builder.build({
    compReport: {
      page: pages.map((p) => ({
        '@_class': p.pageClass,
        parameter: Object.entries(p.parameters).map(([name, value]) => ({ '@_name': name, '#text': value })),
      })),
    },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

/** A new page of a class, each parameter at its default. */
export const newCompPage = (c: CompPageClass): CompPage => ({
  pageClass: c.pageClass,
  parameters: Object.fromEntries(c.parameters.map((p) => [p.name, p.defaultValue])),
});
