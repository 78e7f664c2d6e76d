import type { DbOrTx } from '@verdant/db/client';
import { type FactBasis, type FactSums, factsProvenance, sumFacts } from '@verdant/db/ledger/read-model';
import { toLedgerMeter } from '@verdant/db/ledger/recompute';
import { countsIn, openDaysOver } from '@verdant/domain/ledger';
import { reportingYearLabel, reportingYearStart } from '@verdant/domain/reporting-year';
import { monthsOf } from '@verdant/domain/reports/periods';
import type { OrganisationContext } from '../../lib/organisation-context';
import { editionsOf, portalApprovalOf, restatementsOf } from './provenance.queries';
import type { AssetMeter } from './report-assets.queries';
import type { ReportAsset } from './report-definition';
import type { Provenance } from './report-document';

/**
 * A report's provenance (docs/decisions/reports.md, Provenance), read beside its figures: completeness as days
 * with data of the days its meters were open (a month with no figure at all counts as missing, never as
 * complete), the share from estimates, the factor editions the facts used, restatements of its months and the
 * fingerprint of its facts.
 */

const YEAR_END_NAMES: Record<number, string> = { 12: 'December', 3: 'March', 6: 'June' };
const pct = (part: number, whole: number) => (whole > 0 ? Math.floor((part / whole) * 1000) / 10 : null);

/** Days each measure's counted meters were open in the period's months (one run of months), up to today. */
export function expectedDays(meters: AssetMeter[], months: string[], today: string) {
  const days = { cons: 0, cost: 0, co2e: 0 };
  for (const m of meters) {
    const lm = toLedgerMeter(m);
    const [first, last] = [months[0], months.at(-1)];
    const open = first && last ? openDaysOver(first, last, lm, today) : 0;
    if (countsIn(lm, 'consumption') && m.type_id === 1) days.cons += open;
    if (countsIn(lm, 'cost')) days.cost += open;
    if (countsIn(lm, 'emissions')) days.co2e += open;
  }
  return days;
}

export interface ProvenanceInput {
  db: DbOrTx;
  org: OrganisationContext;
  organisationName: string;
  report: string;
  asset: ReportAsset;
  meters: AssetMeter[];
  period: { start: string; end: string } | null;
  units: string[];
  scope2Method?: string;
  notes?: string[];
  /** The totals of the period, when the report has read them already. */
  totals?: FactSums;
  /** The facts as they stand (default) or as originally reported (docs/decisions/factor-editions.md). */
  basis?: FactBasis;
  /**
   * The first month a report reads before its period ('yyyy-MM-01': a comparison with a year earlier, a target's
   * baseline), so that the restatements listed are those of every month its figures read.
   */
  readsFrom?: string;
}

export async function gatherProvenance(p: ProvenanceInput): Promise<Provenance> {
  const period = p.period ?? { start: `${p.org.currentMonth.slice(0, 4)}-01-01`, end: p.org.today };
  const months = monthsOf(period);
  const from = months[0] ?? period.start;
  const till = months.at(-1) ?? period.start;
  const visible = p.asset.meterIds;
  const basis = p.basis ?? 'restated';
  const query = { organisationId: p.org.id, from, till, visible, basis };
  const [totals, facts, restatements, portals] = await Promise.all([
    p.totals ? Promise.resolve([p.totals]) : sumFacts(p.db, { ...query, by: [] }),
    factsProvenance(p.db, query),
    restatementsOf(p.db, p.org.id, visible, p.readsFrom && p.readsFrom < from ? p.readsFrom : from, till),
    portalApprovalOf(p.db, p.org.id, visible, from, till),
  ]);
  const t = totals[0];
  const editions = await editionsOf(p.db, facts.factorVersions);
  const expected = expectedDays(p.meters, months, p.org.today);
  const measure = (name: string, covered: number, open: number) => {
    const daysOpen = Math.max(open, covered);
    return { measure: name, daysCovered: covered, daysOpen, percent: pct(covered, daysOpen) };
  };
  const yearStart = reportingYearStart(`${period.end.slice(0, 7)}-01`, p.org.reportingYearEnd);
  return {
    organisation: p.organisationName,
    report: p.report,
    asset: p.asset.name,
    period: p.period,
    reportingYear: `Ends in ${YEAR_END_NAMES[p.org.reportingYearEnd] ?? `month ${p.org.reportingYearEnd}`}; the period ends in ${reportingYearLabel(yearStart)}`,
    timeZone: p.org.timeZone,
    generatedAt: p.org.now.toISOString(),
    units: p.units,
    editions,
    gwpSets: [...new Set(editions.map((e) => e.gwp).filter((g): g is string => !!g))],
    basis,
    scope2Method:
      p.scope2Method ??
      'Location-based (grid average) in totals; market-based shown beside it where a report names it',
    completeness: [
      measure('Consumption', t?.cons_days_covered ?? 0, expected.cons),
      measure('Cost', t?.cost_days_costed ?? 0, expected.cost),
      measure('Emissions', t?.co2e_days_factored ?? 0, expected.co2e),
    ],
    // The share of the period's portal figures that is approved (docs/decisions/portals.md, Review); only
    // where portal figures arrived for the period.
    portalApproval:
      portals.received > 0 ? { ...portals, percent: pct(portals.approved, portals.received) } : null,
    estimated: [
      { measure: 'Consumption', percent: pct(t?.cons_from_estimates ?? 0, t?.cons ?? 0) },
      { measure: 'Cost', percent: pct(t?.cost_from_estimates ?? 0, t?.cost ?? 0) },
      { measure: 'Emissions', percent: pct(t?.co2e_from_estimates ?? 0, t?.co2e ?? 0) },
    ],
    restatements,
    fingerprint: facts.fingerprint,
    inputs: `${facts.facts.toLocaleString('en-NZ')} monthly facts of ${facts.meters.toLocaleString('en-NZ')} meters`,
    notes: p.notes ?? [],
  };
}
