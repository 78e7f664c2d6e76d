import { Group, Text, useMantineTheme, VisuallyHidden } from '@mantine/core';
import type { Measure, YearlyComparison } from '@verdant/contracts/dashboard';
import { shortMonthLabel } from '@verdant/domain/month-labels';
import { formatQuantity } from '@verdant/domain/unit-scaling';
import { useMemo, useState } from 'react';
import { Chart } from '../../../components/chart';
import { useYearlyComparison } from '../api';
import { comparisonAxis, comparisonChartOption, INCOMPLETE_MARK } from '../comparison-chart';
import { INCOMPLETE_MONTH, MEASURE_LABELS } from '../dashboard-figures';
import { DashboardCard, QueryContent } from './dashboard-card';
import { MeasureSwitch } from './measure-switch';

const CHART_HEIGHT = 300;

/** The current reporting year, month by month, against the reporting year before. */
export function YearlyComparisonCard() {
  const [measure, setMeasure] = useState<Measure>('cons');
  const comparison = useYearlyComparison(measure);
  return (
    <DashboardCard
      title="12 month overall comparison"
      subtitle={
        comparison.data ? `${MEASURE_LABELS[measure]} in ${comparisonAxis(comparison.data).unit}` : undefined
      }
      controls={<MeasureSwitch value={measure} onChange={setMeasure} />}
      data-measure={measure}
    >
      <QueryContent queries={[comparison]} skeletonHeight={CHART_HEIGHT}>
        {() => comparison.data && <ComparisonChart comparison={comparison.data} measure={measure} />}
      </QueryContent>
    </DashboardCard>
  );
}

function ComparisonChart({ comparison, measure }: { comparison: YearlyComparison; measure: Measure }) {
  const theme = useMantineTheme();
  const colours = useMemo(
    () => ({
      recent: theme.colors.verdant?.[6] ?? theme.colors.teal[6],
      earlier: theme.colors.gray[4],
      incomplete: theme.colors.orange[8],
    }),
    [theme],
  );
  const option = useMemo(() => comparisonChartOption(comparison, colours), [comparison, colours]);
  const { months, data, seriesLabels, unit, incompleteMonths, futureMonths } = comparison;

  return (
    <>
      <Chart
        option={option}
        height={CHART_HEIGHT}
        label={`12 month overall comparison of ${MEASURE_LABELS[measure]}`}
      >
        <VisuallyHidden>
          <table>
            <caption>{`12 month overall comparison, ${MEASURE_LABELS[measure].toLowerCase()}`}</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">{seriesLabels[0]}</th>
                <th scope="col">{seriesLabels[1]}</th>
              </tr>
            </thead>
            <tbody>
              {months.map((month, i) => (
                <tr key={month}>
                  <th scope="row">
                    {shortMonthLabel(month)}
                    {incompleteMonths.includes(month) ? ` (${INCOMPLETE_MONTH})` : ''}
                  </th>
                  <td>{futureMonths.includes(month) ? '' : formatQuantity(data[0][i] ?? 0, unit)}</td>
                  <td>{formatQuantity(data[1][i] ?? 0, unit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Chart>
      {incompleteMonths.length > 0 && (
        <Group gap={4} c="orange" aria-hidden>
          <Text fz="xs" fw={700}>
            {INCOMPLETE_MARK}
          </Text>
          <Text fz="xs">{INCOMPLETE_MONTH}</Text>
        </Group>
      )}
    </>
  );
}
