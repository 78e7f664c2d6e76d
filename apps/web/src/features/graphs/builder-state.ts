import {
  decodeGraph,
  encodeGraph,
  type GRAPH_AXES,
  type GraphDefinition,
  type GraphSeriesDef,
  type GraphSeriesInput,
  type LEGEND_POSITIONS,
} from '@verdant/contracts/graphs';
import { GRAPH_TIMESERIES_YEARS_BACK } from '@verdant/domain/constants';
import { yearOf as reportingYearOf } from '@verdant/domain/graphs/periods';

/**
 * The time series screen's graph (data-portal.md 2.7): its series and how it is drawn. Years are kept as
 * reporting years; a favourite stores them relative to the current year so it stays current.
 */
export interface BuilderGraph {
  series: GraphSeriesDef[];
  chart: 'yearly' | 'timeseries';
  period: 'month' | 'quarter' | 'year' | 'day';
  /** Yearly Chart: the years shown. Timeseries Chart: the first is where it starts. */
  years: number[];
  /** 'yyyy-MM': the last month shown. */
  endMonth: string;
  title: string;
  legend: (typeof LEGEND_POSITIONS)[number];
  axes: (typeof GRAPH_AXES)[number];
}

/** The month ('yyyy-MM') of the organisation's today ('yyyy-MM-dd', lib/organisation-today.ts). */
export function thisMonth(today: string): string {
  return today.slice(0, 7);
}

/** The reporting year (named by the year it ends in) a 'yyyy-MM' month falls in. */
export const yearOf = (month: string, yearEnd: number) => reportingYearOf(`${month}-01`, yearEnd);

/** Default years (data-portal.md 9): previous and current; a time series starts two years back. */
export function defaultYears(chart: BuilderGraph['chart'], current: number): number[] {
  return chart === 'yearly' ? [current - 1, current] : [current - GRAPH_TIMESERIES_YEARS_BACK];
}

export function emptyGraph(yearEnd: number, today: string): BuilderGraph {
  const end = thisMonth(today);
  return {
    series: [],
    chart: 'yearly',
    period: 'month',
    years: defaultYears('yearly', yearOf(end, yearEnd)),
    endMonth: end,
    title: '',
    legend: 'bottom',
    axes: 'unit',
  };
}

/** A graph opened from an encoded definition (a favourite or a link); null when it cannot be read. */
export function graphFromDefinition(encoded: string, yearEnd: number, today: string): BuilderGraph | null {
  const definition = decodeGraph(encoded);
  if (!definition) return null;
  const base = emptyGraph(yearEnd, today);
  const current = yearOf(base.endMonth, yearEnd);
  return {
    ...base,
    series: definition.series,
    chart: definition.chart,
    period: definition.period,
    years: definition.years?.map((offset) => current + offset) ?? defaultYears(definition.chart, current),
    title: definition.title,
    legend: definition.legend,
    axes: definition.axes,
  };
}

/** The graph as a definition to save or share: years relative to the current one, no end month. */
export function definitionOf(graph: BuilderGraph, yearEnd: number, today: string): GraphDefinition {
  const current = yearOf(thisMonth(today), yearEnd);
  return {
    chart: graph.chart,
    period: graph.period,
    years: graph.years.map((y) => Math.min(0, y - current)),
    series: graph.series,
    title: graph.title,
    legend: graph.legend,
    axes: graph.axes,
  };
}

export const encodeBuilderGraph = (graph: BuilderGraph, yearEnd: number, today: string) =>
  encodeGraph(definitionOf(graph, yearEnd, today));

/** Fills a series' optional fields the way the contract would. */
export function seriesOf(input: GraphSeriesInput): GraphSeriesDef {
  return {
    presentation: 'normal',
    barline: 'bar',
    forecast: false,
    removeLast: false,
    overrideName: null,
    ...input,
    quantity: { source: 'ledger', id: null, filter: null, split: null, ...input.quantity },
  };
}

const STORE = 'verdant.graph-builder';

/** The graph being built survives leaving the screen and coming back, per organisation, in this tab. */
export function storedGraph(orgId: number | null, yearEnd: number, today: string): BuilderGraph | null {
  if (orgId === null) return null;
  try {
    const text = sessionStorage.getItem(`${STORE}.${orgId}`);
    return text ? graphFromDefinition(text, yearEnd, today) : null;
  } catch {
    return null;
  }
}

export function storeGraph(orgId: number | null, yearEnd: number, graph: BuilderGraph, today: string) {
  if (orgId === null) return;
  try {
    sessionStorage.setItem(`${STORE}.${orgId}`, encodeBuilderGraph(graph, yearEnd, today));
  } catch {
    // A full or disabled storage only loses the convenience.
  }
}
