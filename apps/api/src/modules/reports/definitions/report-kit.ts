import type { FactBasis, FactQuery, FactSums } from '@verdant/db/ledger/read-model';
import { addMonths, monthOf } from '@verdant/domain/calendar';
import { formatMonth } from '@verdant/domain/month-labels';
import { gatherProvenance, type ProvenanceInput } from '../provenance';
import type { ReportContext, SettingDefinition } from '../report-definition';
import type { Block, CellFlag, Provenance } from '../report-document';
import { displayDate } from '../report-format';

/** What most report modules share: the read model's query for the asset, flags, labels and provenance. */

/** The read model's query over the report's asset (its meters the caller may see) for a range of months. */
export function factQuery(ctx: ReportContext, from: string, till: string, by: FactQuery['by']): FactQuery {
  return {
    organisationId: ctx.org.id,
    by,
    from: monthOf(from),
    till: monthOf(till),
    visible: ctx.asset.meterIds,
    basis: basisOf(ctx),
  };
}

/**
 * The figures a report reads: the facts as they stand (restated, the default), or as originally reported where a
 * report offers the `basis` setting (docs/decisions/factor-editions.md, Reports as originally reported).
 */
export const basisOf = (ctx: Pick<ReportContext, 'settings'>): FactBasis =>
  ctx.settings.basis === 'original' ? 'original' : 'restated';

/** The `basis` setting of a report that can be produced as originally reported. */
export const BASIS_SETTING: SettingDefinition = {
  name: 'basis',
  label: 'Figures',
  className: 'select',
  hint: 'Restated: emissions as they stand now. As originally reported: emissions as they stood before any restatement of the period',
  defaultValue: 'restated',
  options: [
    { value: 'restated', label: 'Restated (current)' },
    { value: 'original', label: 'As originally reported' },
  ],
};

/** The flag a figure of the read model carries: incomplete before estimated. */
export function flagOf(
  r: FactSums | undefined,
  measure: 'cons' | 'cost' | 'co2e' | 'units',
): CellFlag | undefined {
  if (!r) return 'missing';
  if (r[`${measure}_incomplete`]) return 'incomplete';
  if (measure !== 'units' && r[`${measure}_estimated`]) return 'estimated';
  return undefined;
}

/** A month that has not begun (or not ended) yet is blank or still filling, never 0. */
export const monthLived = (ctx: ReportContext, month: string) => month <= ctx.org.currentMonth;

export const monthLabel = (month: string) => formatMonth(month);
export const sameMonthLastYear = (month: string) => addMonths(month, -12);

export function periodText(ctx: ReportContext): string {
  const p = ctx.period;
  if (!p) return `as of ${displayDate(ctx.org.today)}`;
  return `${displayDate(p.start)} to ${displayDate(p.end)}`;
}

export const subtitleOf = (ctx: ReportContext, what?: string) =>
  [ctx.asset.name, what ?? periodText(ctx)].filter(Boolean).join(' · ');

export function provenanceOf(
  ctx: ReportContext,
  report: string,
  more: Partial<Pick<ProvenanceInput, 'units' | 'scope2Method' | 'notes' | 'totals' | 'readsFrom'>> = {},
): Promise<Provenance> {
  return gatherProvenance({
    db: ctx.db,
    org: ctx.org,
    organisationName: ctx.organisationName,
    report,
    asset: ctx.asset,
    meters: ctx.meters,
    period: ctx.period,
    units: more.units ?? ['kWh (energy)', '$ excluding GST', 'kg CO2e'],
    scope2Method: more.scope2Method,
    notes: more.notes,
    totals: more.totals,
    basis: basisOf(ctx),
    readsFrom: more.readsFrom,
  });
}

/**
 * A warning when a measure's days with data fall short of the days its meters were open (a meter with no
 * figure at all in a month counts as missing): the tables' own marks only see the facts that exist.
 */
export function completenessWarning(p: Provenance, measures: string[]): Block | null {
  const short = p.completeness.filter(
    (c) => measures.includes(c.measure) && c.daysOpen > 0 && c.daysCovered < c.daysOpen,
  );
  if (short.length === 0) return null;
  const parts = short.map(
    (c) =>
      `${c.measure.toLowerCase()} covers ${c.daysCovered.toLocaleString('en-NZ')} of ${c.daysOpen.toLocaleString('en-NZ')} days the meters were open (${c.percent} %)`,
  );
  return {
    kind: 'text',
    tone: 'warning',
    text: `Incomplete: ${parts.join('; ')}. Missing days count as no data, not as 0.`,
  };
}
