import { type FactSums, sumFacts } from '@verdant/db/ledger/read-model';
import { monthOf } from '@verdant/domain/calendar';
import { reportingYearLabel } from '@verdant/domain/reporting-year';
import { REPORT_COLOURS } from '../report-colours';
import type { ReportDefinition } from '../report-definition';
import type { Block, Column, Row } from '../report-document';
import {
  BASIS_SETTING,
  completenessWarning,
  factQuery,
  flagOf,
  provenanceOf,
  subtitleOf,
} from './report-kit';

/**
 * GHG inventory (PDF and XLSX): a reporting year's emissions by scope (scope 2 both location- and
 * market-based), by activity (data type) and by division (site), in kg CO2e from the read model
 * (docs/decisions/reports.md, The catalogue). Totals are location-based; market-based scope 2 stands beside
 * them, never added in.
 */

const SCOPE_COLUMNS: Column[] = [
  { key: 'scope1', label: 'Scope 1', unit: 'kg CO2e', format: 'number' },
  { key: 'scope2', label: 'Scope 2 location-based', unit: 'kg CO2e', format: 'number' },
  { key: 'scope2m', label: 'Scope 2 market-based', unit: 'kg CO2e', format: 'number' },
  { key: 'scope3', label: 'Scope 3', unit: 'kg CO2e', format: 'number' },
  { key: 'total', label: 'Total location-based', unit: 'kg CO2e', format: 'number' },
];

const scopeCells = (r: FactSums | undefined) => ({
  scope1: r ? r.scope1 : null,
  scope2: r ? r.scope2 : null,
  scope2m: r ? r.scope2_market : null,
  scope3: r ? r.scope3 : null,
  total: r ? r.co2e : null,
});

const scopeFlags = (r: FactSums | undefined) => {
  const f = flagOf(r, 'co2e');
  return f ? { scope1: f, scope2: f, scope2m: f, scope3: f, total: f } : undefined;
};

export const ghgInventoryReport: ReportDefinition = {
  id: 2,
  name: 'GHG inventory',
  description:
    "A reporting year's emissions by scope (scope 2 location- and market-based), by activity and by site, with the factor sources behind them.",
  type: 'Yearly',
  outputs: ['pdf', 'xlsx', 'csv'],
  levels: ['organisation', 'site-group', 'site'],
  tags: ['Carbon', 'Annual'],
  settings: [BASIS_SETTING],
  async build(ctx) {
    const period = ctx.period ?? { start: ctx.org.lastCompleteMonth, end: ctx.org.today };
    const from = monthOf(period.start);
    const till = monthOf(period.end);
    const [totals, byActivity, bySite] = await Promise.all([
      sumFacts(ctx.db, factQuery(ctx, from, till, [])),
      sumFacts(ctx.db, factQuery(ctx, from, till, ['activity'])),
      sumFacts(ctx.db, factQuery(ctx, from, till, ['site'])),
    ]);
    const total = totals[0];
    const empty = !total || total.facts === 0;
    const provenance = await provenanceOf(ctx, this.name, {
      totals: total,
      units: ['kg CO2e'],
      scope2Method:
        'Totals are location-based (grid average); market-based scope 2 is shown beside them and not added in',
    });

    const names = new Map<number, string>();
    for (const m of ctx.meters) if (m.energy_id !== null) names.set(m.energy_id, m.data_type ?? '');
    const activityRows: Row[] = byActivity
      .filter((r) => r.co2e !== 0 || r.scope2_market !== 0)
      .map((r) => ({
        cells: {
          activity: names.get(Number(r.activity_id)) ?? `Data type ${r.activity_id}`,
          ...scopeCells(r),
        },
        flags: scopeFlags(r),
      }))
      .sort((a, b) => String(a.cells.activity).localeCompare(String(b.cells.activity)));
    const siteNames = new Map(ctx.meters.map((m) => [m.site_id, m.site_name]));
    const siteRows: Row[] = bySite
      .filter((r) => r.co2e !== 0 || r.scope2_market !== 0)
      .map((r) => ({
        cells: { site: siteNames.get(Number(r.site_id)) ?? `Site ${r.site_id}`, ...scopeCells(r) },
        flags: scopeFlags(r),
      }))
      .sort((a, b) => String(a.cells.site).localeCompare(String(b.cells.site)));
    const totalRow = (label: string, key: string): Row => ({
      cells: { [key]: label, ...scopeCells(total) },
      flags: scopeFlags(total),
      total: true,
    });

    const year = reportingYearLabel(from);
    const warning = completenessWarning(provenance, ['Emissions']);
    const blocks: Block[] = [
      ...(warning ? [warning] : []),
      {
        kind: 'figures',
        items: [
          { label: 'Scope 1', value: kg(total?.scope1) },
          {
            label: 'Scope 2 location-based',
            value: kg(total?.scope2),
            note: `market-based ${kg(total?.scope2_market)}`,
          },
          { label: 'Scope 3', value: kg(total?.scope3) },
          { label: 'Total location-based', value: kg(total?.co2e) },
        ],
      },
      {
        kind: 'chart',
        title: `Emissions by scope, ${year} (kg CO2e)`,
        height: 170,
        option: {
          grid: { left: 150, right: 16, top: 8, bottom: 24 },
          xAxis: { type: 'value', axisLabel: { fontSize: 8 } },
          yAxis: {
            type: 'category',
            inverse: true,
            data: ['Scope 1', 'Scope 2 location-based', 'Scope 2 market-based', 'Scope 3'],
          },
          series: [
            {
              type: 'bar',
              data: [
                { value: round(total?.scope1), itemStyle: { color: REPORT_COLOURS.scope1 } },
                { value: round(total?.scope2), itemStyle: { color: REPORT_COLOURS.scope2 } },
                { value: round(total?.scope2_market), itemStyle: { color: REPORT_COLOURS.market } },
                { value: round(total?.scope3), itemStyle: { color: REPORT_COLOURS.scope3 } },
              ],
            },
          ],
        },
      },
      {
        kind: 'table',
        title: `By activity, ${year}`,
        sheet: 'By activity',
        primary: true,
        columns: [{ key: 'activity', label: 'Activity', width: 2.2 }, ...SCOPE_COLUMNS],
        rows: activityRows.length > 0 ? [...activityRows, totalRow('Total', 'activity')] : [],
      },
      {
        kind: 'table',
        title: `By site, ${year}`,
        sheet: 'By site',
        columns: [{ key: 'site', label: 'Site', width: 2.2 }, ...SCOPE_COLUMNS],
        rows: siteRows.length > 0 ? [...siteRows, totalRow('Total', 'site')] : [],
      },
    ];
    // As originally reported, the title says so (../report-basis.ts).
    return { title: `${this.name}, ${year}`, subtitle: subtitleOf(ctx), blocks, provenance, empty };
  },
};

const round = (n: number | undefined) => (n === undefined ? null : Math.round(n));
const kg = (n: number | undefined) =>
  n === undefined ? '–' : `${Math.round(n).toLocaleString('en-NZ')} kg CO2e`;
