import { describe, expect, it } from 'vitest';
import { COMP_PAGE_CLASSES, compReportXml, newCompPage, parseCompReport } from './comp-report';

const page = (pageClass: string, parameters: string) => `<page class="${pageClass}">${parameters}</page>`;
const report = (...pages: string[]) => `<?xml version="1.0"?><compReport>${pages.join('')}</compReport>`;

describe('the complimentary report XML', () => {
  it('round-trips a page list through its XML', () => {
    const pages = COMP_PAGE_CLASSES.map(newCompPage);
    const parsed = parseCompReport(compReportXml(pages));
    expect(parsed).toEqual({ ok: true, pages });
  });

  it('reads pages and their parameters', () => {
    const xml = report(
      page('MonthlySummary', '<parameter name="movers">7</parameter>'),
      page('SiteLeague', '<parameter name="months">6</parameter>'),
    );
    expect(parseCompReport(xml)).toEqual({
      ok: true,
      pages: [
        { pageClass: 'MonthlySummary', parameters: { movers: '7' } },
        { pageClass: 'SiteLeague', parameters: { months: '6' } },
      ],
    });
  });

  it('refuses XML that is not well-formed, an unknown page, and a parameter not chosen or not offered', () => {
    const bad = parseCompReport('<compReport><page class="MonthlySummary"></compReport>');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^The report is not well-formed XML: .*\(line 1\)$/);
    expect(parseCompReport(report(page('Horoscope', '')))).toEqual({
      ok: false,
      message: "There is no report page called 'Horoscope'",
    });
    expect(parseCompReport(report(page('MonthlySummary', '')))).toEqual({
      ok: false,
      message: "Choose a value for 'Top movers' on the page 'Monthly energy and carbon summary'",
    });
    expect(parseCompReport(report(page('SiteLeague', '<parameter name="months">5</parameter>')))).toEqual({
      ok: false,
      message: "'5' is not one of the choices for 'Months' on the page 'Site league table'",
    });
    expect(
      parseCompReport(report(page('MonthlySummary', '<parameter name="movers">99</parameter>'))).ok,
    ).toBe(false);
    expect(parseCompReport(report())).toEqual({ ok: false, message: 'Add at least one page to the report' });
    expect(parseCompReport('<other/>').ok).toBe(false);
  });

  it('expands no entities (no billion laughs)', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${report(
      page('MonthlySummary', '<parameter name="movers">&b;</parameter>'),
    )}`;
    const parsed = parseCompReport(bomb);
    expect(parsed.ok).toBe(false);
  });
});
