import type { Co2eFigures, GhgChart, GhgRow, GroupingType } from '@verdant/contracts/ghg-charts';

/** The six GHG charts of data-portal.md 2.7: what each needs and where its figures come from. */
export type ChartKind =
  | 'total-pie'
  | 'sources-bar'
  | 'division-pie'
  | 'division-scope'
  | 'activity'
  | 'division-activity';

export interface GroupingChoice {
  type: GroupingType;
  id: number;
  name: string;
}

export interface ChartDef {
  kind: ChartKind;
  title: string;
  description: string;
  /** How many groupings the chart needs (its grouping dropdowns). */
  groupings: 0 | 1 | 2;
  /** The chart's operation of the GHG charts' table (data-portal.md 7) and its parameters. */
  call: (g: GroupingChoice[]) => ChartCall;
  /** The downloads' file name, before the range. */
  file: string;
}

/** Which chart operation a chart calls, with the groupings it names. */
export type ChartCall =
  | { op: 'scopeActivity' }
  | { op: 'groupingByScope' | 'activityByGrouping'; params: { type: GroupingType; id: number } }
  | {
      op: 'groupingByActivityByGrouping';
      params: { typeA: GroupingType; idA: number; typeB: GroupingType; idB: number };
    };

const one = (g: GroupingChoice[]) => ({ type: g[0]?.type ?? 'site', id: g[0]?.id ?? 0 });
const scopeActivity = (): ChartCall => ({ op: 'scopeActivity' });
const byScope = (g: GroupingChoice[]): ChartCall => ({ op: 'groupingByScope', params: one(g) });

export const CHARTS: ChartDef[] = [
  {
    kind: 'total-pie',
    title: 'Total Emissions Pie Chart',
    description: 'The organisation’s emissions split by scope 1, 2 and 3.',
    groupings: 0,
    call: scopeActivity,
    file: 'total-emissions',
  },
  {
    kind: 'sources-bar',
    title: 'Emissions Sources Bar Chart',
    description: 'Emissions of each activity (electricity, gas, fuel, water, …) by scope.',
    groupings: 0,
    call: scopeActivity,
    file: 'emissions-sources',
  },
  {
    kind: 'division-pie',
    title: 'Emissions By Division Pie Chart',
    description: 'Each group’s share of the emissions, for a grouping of sites or data sources.',
    groupings: 1,
    call: byScope,
    file: 'emissions-by-division',
  },
  {
    kind: 'division-scope',
    title: 'Emissions By Division By Scope',
    description: 'Each group’s emissions by scope 1, 2 and 3.',
    groupings: 1,
    call: byScope,
    file: 'emissions-by-division-by-scope',
  },
  {
    kind: 'activity',
    title: 'Emissions By Activity',
    description: 'Each activity’s emissions, split by the groups of a grouping.',
    groupings: 1,
    call: (g) => ({ op: 'activityByGrouping', params: one(g) }),
    file: 'emissions-by-activity',
  },
  {
    kind: 'division-activity',
    title: 'Emissions By Division By Activity',
    description: 'The emissions of each pair of groups of two groupings, by activity.',
    groupings: 2,
    call: (g) => {
      const [a, b] = [one(g), one(g.slice(1))];
      return {
        op: 'groupingByActivityByGrouping',
        params: { typeA: a.type, idA: a.id, typeB: b.type, idB: b.id },
      };
    },
    file: 'emissions-by-division-by-activity',
  },
];

/** The charts the organisation's groupings allow: the grouping charts need one, the last two. */
export const chartsFor = (groupings: number) => CHARTS.filter((c) => c.groupings <= groupings);

export const SCOPES = [
  { key: 'scope1', label: 'Scope 1' },
  { key: 'scope2', label: 'Scope 2 (location-based)' },
  { key: 'scope3', label: 'Scope 3' },
] as const;
export const MARKET_LABEL = 'Scope 2 (market-based)';

/** '*' for a figure built from incomplete months, '†' for one with estimated months. */
export function marks(c: Co2eFigures['completeness']): string {
  const m = `${c.complete ? '' : '*'}${c.estimated ? '†' : ''}`;
  return m ? ` ${m}` : '';
}

/** How complete a figure is, in words (tables, tooltips and the HTML download). */
export function completenessText(c: Co2eFigures['completeness']): string {
  const state = c.complete ? 'Complete' : `Incomplete (${c.coverage}% of days)`;
  return c.estimated ? `${state}, some estimated` : state;
}

/** The label of a row for the chart's categories and its table's first columns. */
export function rowLabels(kind: ChartKind, row: GhgRow): string[] {
  if (kind === 'total-pie' || kind === 'sources-bar') return [row.activity?.name ?? ''];
  if (kind === 'division-pie' || kind === 'division-scope') return [row.group?.name ?? ''];
  if (kind === 'activity') return [row.activity?.name ?? '', row.group?.name ?? ''];
  return [row.group?.name ?? '', row.secondGroup?.name ?? '', row.activity?.name ?? ''];
}

/** The table's label columns, named after the groupings. */
export function labelHeaders(kind: ChartKind, chart: GhgChart): string[] {
  const [a, b] = chart.groupings;
  if (kind === 'total-pie' || kind === 'sources-bar') return ['Activity'];
  if (kind === 'division-pie' || kind === 'division-scope') return [a?.name ?? 'Group'];
  if (kind === 'activity') return ['Activity', a?.name ?? 'Group'];
  return [a?.name ?? 'Group', b?.name ?? 'Group', 'Activity'];
}

/** Whether any row with a figure in a scope is incomplete or estimated (a scope slice's marks). */
export function scopeCompleteness(rows: GhgRow[], key: 'scope1' | 'scope2' | 'scope3') {
  const used = rows.filter((r) => r[key] !== 0);
  return {
    complete: used.every((r) => r.completeness.complete),
    coverage: Math.min(100, ...used.map((r) => r.completeness.coverage)),
    estimated: used.some((r) => r.completeness.estimated),
  };
}

export const kg = (v: number) => `${Math.round(v).toLocaleString('en-NZ')} kg CO2e`;
export const kwh = (v: number) => `${Math.round(v).toLocaleString('en-NZ')} kWh`;

/** The chart's figures as a table (on screen, in the HTML download): labels, scopes, total, completeness. */
export function figuresTable(kind: ChartKind, chart: GhgChart) {
  const whole = (v: number) => Math.round(v).toLocaleString('en-NZ');
  const figures = (f: Co2eFigures) => [
    whole(f.scope1),
    whole(f.scope2),
    whole(f.scope2Market),
    whole(f.scope3),
    whole(f.total),
    completenessText(f.completeness),
  ];
  const labels = labelHeaders(kind, chart);
  return {
    headers: [
      ...labels,
      'Scope 1',
      'Scope 2 location-based',
      'Scope 2 market-based',
      'Scope 3',
      'Total (location-based)',
      'Completeness',
    ],
    rows: [
      ...chart.rows.map((r) => [...rowLabels(kind, r), ...figures(r)]),
      [...labels.map((_, i) => (i === 0 ? 'Total' : '')), ...figures(chart.totals)],
    ],
    notes: [
      'kg CO2e, rounded to whole kilograms. Totals take scope 2 location-based (the grid average).',
      '* Built from months that do not have figures for every day the data sources were open. † Includes estimated figures.',
    ],
  };
}
