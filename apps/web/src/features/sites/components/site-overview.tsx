import type { Site } from '@verdant/contracts/sites';
import type { AssetGraphData } from '@verdant/contracts/sites/figures';
import { reportingYearStart } from '@verdant/domain/reporting-year';
import { useMemo, useState } from 'react';
import { ComparisonChart, type ComparisonMeasure, lastYearShown } from '../../../components/comparison-chart';
import { useSiteGraph } from '../api';

/** The year (of its last month) of the reporting year that holds the last complete month. */
function currentYear(site: Site) {
  const start = reportingYearStart(`${site.lastCompleteMonth}-01`, site.reportingYearEnd);
  return Number(start.slice(0, 4)) + (site.reportingYearEnd === 12 ? 0 : 1);
}

/** Months after the last complete one: the current month (still filling) and any later ones. */
const incompleteOf = (graph: AssetGraphData, lastComplete: string) =>
  new Set(graph.months.filter((m) => m.slice(0, 7) > lastComplete.slice(0, 7)));

/** This reporting year against the year before, month by month, with year navigation. */
export function SiteOverview({ site }: { site: Site }) {
  const [measure, setMeasure] = useState<ComparisonMeasure>('cons');
  const [year, setYear] = useState(() => currentYear(site));
  const graph = useSiteGraph(site.id, measure, year, site.reportingYearEnd);
  const incomplete = useMemo(
    () => (graph.data ? incompleteOf(graph.data, site.lastCompleteMonth) : new Set<string>()),
    [graph.data, site.lastCompleteMonth],
  );
  return (
    <ComparisonChart
      graph={graph.data}
      measure={measure}
      onMeasure={setMeasure}
      year={year}
      onYear={setYear}
      incomplete={incomplete}
      maxYear={graph.data ? lastYearShown(graph.data.currentMonth, site.reportingYearEnd) : undefined}
    />
  );
}
