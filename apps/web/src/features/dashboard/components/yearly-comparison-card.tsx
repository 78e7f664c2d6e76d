import { ColorSwatch, Group, Stack, Text, useMantineTheme, VisuallyHidden } from '@mantine/core';
import type { FigureBasis, Measure, YearlyComparison } from '@verdant/contracts/dashboard';
import { withGstNote } from '@verdant/domain/gst-labels';
import { formatMonth } from '@verdant/domain/month-labels';
import { useMemo, useState } from 'react';
import { PairedBarChart } from '../../../components/paired-bar-chart';
import type { PairedSeries } from '../../../components/paired-bars';
import { useYearlyComparison } from '../api';
import {
  comparisonAxis,
  comparisonBars,
  comparisonFigure,
  comparisonTooltip,
  INCOMPLETE_MARK,
  missingNote,
} from '../comparison-chart';
import { hasFigures, INCOMPLETE_MONTH, MEASURE_LABELS } from '../dashboard-figures';
import { DashboardCard, QueryContent } from './dashboard-card';
import { EmissionsSource } from './figures-basis';
import { MeasureSwitch } from './measure-switch';

const CHART_HEIGHT = 300;

/** The current reporting year, month by month, against the reporting year before. */
export function YearlyComparisonCard({ basis }: { basis: FigureBasis }) {
  const [measure, setMeasure] = useState<Measure>('cons');
  const comparison = useYearlyComparison(measure, basis);
  const original = comparison.data?.basis === 'original';
  return (
    <DashboardCard
      title="12 month overall comparison"
      subtitle={
        comparison.data
          ? `${withGstNote(measure, MEASURE_LABELS[measure])} in ${comparisonAxis(comparison.data).unit}${original ? ', as originally reported' : ''}`
          : undefined
      }
      controls={<MeasureSwitch value={measure} onChange={setMeasure} />}
      data-measure={measure}
      data-basis={comparison.data?.basis}
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
  const bars = useMemo(() => comparisonBars(comparison), [comparison]);
  const { months, seriesLabels, incompleteMonths, futureMonths } = comparison;
  const missing = missingNote(comparison);
  const series = useMemo<[PairedSeries, PairedSeries]>(
    () => [
      { name: seriesLabels[0], colour: colours.recent, values: bars.values[0] },
      { name: seriesLabels[1], colour: colours.earlier, values: bars.values[1] },
    ],
    [seriesLabels, colours, bars],
  );

  return (
    <>
      <PairedBarChart
        height={CHART_HEIGHT}
        label={`12 month overall comparison of ${MEASURE_LABELS[measure]}`}
        categories={bars.categories}
        series={series}
        format={bars.format}
        mark={{ text: INCOMPLETE_MARK, colour: colours.incomplete }}
        empty={hasFigures(comparison) ? null : 'No data found for that period.'}
        tooltip={(index) => {
          const { rows, incomplete } = comparisonTooltip(comparison, index);
          return (
            <Stack gap={2}>
              {rows.map((row) => (
                <Group key={row.series} gap={6} wrap="nowrap">
                  <ColorSwatch color={series[row.series].colour} size={10} withShadow={false} />
                  <Text fz="sm">
                    {`${row.label}: `}
                    <b>{row.value}</b>
                  </Text>
                </Group>
              ))}
              {incomplete && (
                <Text fz="sm" c={colours.incomplete}>{`${INCOMPLETE_MARK} ${INCOMPLETE_MONTH}`}</Text>
              )}
            </Stack>
          );
        }}
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
                    {formatMonth(month)}
                    {incompleteMonths.includes(month) ? ` (${INCOMPLETE_MONTH})` : ''}
                  </th>
                  <td>{futureMonths.includes(month) ? '' : comparisonFigure(comparison, 0, i)}</td>
                  <td>{comparisonFigure(comparison, 1, i)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </PairedBarChart>
      {incompleteMonths.length > 0 && hasFigures(comparison) && (
        <Group gap={4} c="orange" aria-hidden>
          <Text fz="xs" fw={700}>
            {INCOMPLETE_MARK}
          </Text>
          <Text fz="xs">{INCOMPLETE_MONTH}</Text>
        </Group>
      )}
      {missing && hasFigures(comparison) && (
        <Text fz="xs" c="dimmed" data-testid="comparison-missing">
          {missing}
        </Text>
      )}
      {measure === 'co2e' && hasFigures(comparison) && (
        <EmissionsSource
          editions={comparison.editions}
          basis={comparison.basis}
          restatements={comparison.restatements}
        />
      )}
    </>
  );
}
