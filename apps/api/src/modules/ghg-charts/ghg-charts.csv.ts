import { type Co2eFigures, type GhgChart, MARKET_COLUMNS } from '@verdant/contracts/ghg-charts';
import { restatedRow } from '@verdant/domain/editions/editions-text';
import { csvText } from '../../lib/spreadsheet';

/**
 * A GHG chart's figures as CSV: the row's labels (activity, the groupings' groups), whole kg CO2e by scope
 * with scope 2 both location-based and market-based, the kWh behind the market-based figure by basis, and
 * how complete each figure is. Then the total, and last a line saying which figures they are and naming the factor
 * editions that produced the kg CO2e ("Restated: emissions as they stand; … Factors: MfE 2025, MfE 2026."; the
 * editions as under the chart), its other cells blank so the table stays rectangular.
 */
export function chartCsv(chart: GhgChart): string {
  const [first, second] = chart.groupings;
  // Every chart but the groups by scope lists activities (with no rows, the one-grouping charts show none).
  const hasActivity = chart.groupings.length !== 1 || chart.rows.some((r) => r.activity);
  const labels: string[] = [
    ...(first ? [first.name] : []),
    ...(second ? [second.name] : []),
    ...(hasActivity ? ['Activity'] : []),
  ];
  const header = [
    ...labels,
    'Scope 1 (kg CO2e)',
    'Scope 2 location-based (kg CO2e)',
    'Scope 2 market-based (kg CO2e)',
    'Scope 3 (kg CO2e)',
    'Total, scope 2 location-based (kg CO2e)',
    ...MARKET_COLUMNS.map(([, label]) => label),
    'Complete',
    'Days with emissions (%)',
    'Estimated',
  ];
  const figures = (f: Co2eFigures) => [
    f.scope1,
    f.scope2,
    f.scope2Market,
    f.scope3,
    f.total,
    ...MARKET_COLUMNS.map(([key]) => f.market[key]),
    f.completeness.complete ? 'Yes' : 'No',
    f.completeness.coverage,
    f.completeness.estimated ? 'Yes' : 'No',
  ];
  const rows = chart.rows.map((r) => [
    ...(first ? [r.group?.name ?? ''] : []),
    ...(second ? [r.secondGroup?.name ?? ''] : []),
    ...(hasActivity ? [r.activity?.name ?? ''] : []),
    ...figures(r),
  ]);
  const total = [
    ...labels.map((_, i) => (i === 0 ? `Total ${chart.from} to ${chart.to}` : '')),
    ...figures(chart.totals),
  ];
  return csvText([header, ...rows, total, restatedRow(chart.restatements, chart.editions, header.length)]);
}
