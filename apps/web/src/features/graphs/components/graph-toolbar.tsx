import { Button, Group, MultiSelect, SegmentedControl, Select, Switch } from '@mantine/core';
import { IconDownload, IconPhoto, IconSettings, IconStar } from '@tabler/icons-react';
import { GRAPH_MIN_YEAR, GRAPH_YEARS_MAX } from '@verdant/domain/constants';
import { MonthField } from '../../../components/date-fields';
import { useOrganisationToday } from '../../../lib/organisation-today';
import { type BuilderGraph, defaultYears, thisMonth, yearOf } from '../builder-state';

const PERIODS = [
  { value: 'month', label: 'Month' },
  { value: 'quarter', label: 'Quarter' },
  { value: 'year', label: 'Year' },
  { value: 'day', label: 'Day' },
] as const;

/**
 * How the graph is drawn: Yearly Chart or Timeseries Chart, the period, the years (or the first year), the end
 * month, and the actions: data table, CSV, image, favourite, graph options.
 */
export function GraphToolbar({
  graph,
  yearEnd,
  halfHour,
  table,
  hasData,
  onChange,
  onTable,
  onCsv,
  onImage,
  onFavourite,
  onOptions,
}: {
  graph: BuilderGraph;
  yearEnd: number;
  /** Whether the sources have half-hour data (the Day period). */
  halfHour: boolean;
  table: boolean;
  hasData: boolean;
  onChange: (change: Partial<BuilderGraph>) => void;
  onTable: (shown: boolean) => void;
  onCsv: () => void;
  onImage: () => void;
  onFavourite: () => void;
  onOptions: () => void;
}) {
  const month = thisMonth(useOrganisationToday());
  const current = yearOf(month, yearEnd);
  const years = Array.from({ length: current - GRAPH_MIN_YEAR + 1 }, (_, i) => String(current - i));
  const periods = PERIODS.filter((p) => p.value !== 'day' || (halfHour && graph.chart === 'timeseries'));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Chart"
        value={graph.chart}
        onChange={(v) => {
          const chart = v as BuilderGraph['chart'];
          onChange({
            chart,
            years: defaultYears(chart, current),
            period: chart === 'yearly' && graph.period === 'day' ? 'month' : graph.period,
          });
        }}
        data={[
          { value: 'yearly', label: 'Yearly Chart' },
          { value: 'timeseries', label: 'Timeseries Chart' },
        ]}
      />
      <Select
        label="Period"
        w={120}
        allowDeselect={false}
        data={periods.map((p) => ({ value: p.value, label: p.label }))}
        value={graph.period}
        onChange={(v) => v && onChange({ period: v as BuilderGraph['period'] })}
      />
      {graph.chart === 'yearly' ? (
        <MultiSelect
          label="Years"
          w={260}
          data={years}
          value={graph.years.map(String)}
          maxValues={GRAPH_YEARS_MAX}
          onChange={(v) => v.length > 0 && onChange({ years: v.map(Number).sort((a, b) => a - b) })}
        />
      ) : (
        <Select
          label="From year"
          w={120}
          allowDeselect={false}
          data={years}
          value={String(graph.years[0] ?? current)}
          onChange={(v) => v && onChange({ years: [Number(v)] })}
        />
      )}
      <MonthField
        label="End month"
        w={150}
        value={graph.endMonth}
        onChange={(v) => {
          if (v && /^\d{4}-\d{2}$/.test(v) && v <= month) onChange({ endMonth: v });
        }}
      />
      <Switch label="Data table" checked={table} onChange={(e) => onTable(e.currentTarget.checked)} mb={6} />
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={!hasData}
          onClick={onCsv}
        >
          Download data CSV
        </Button>
        <Button variant="default" leftSection={<IconPhoto size={16} />} disabled={!hasData} onClick={onImage}>
          Download image
        </Button>
        <Button
          variant="default"
          leftSection={<IconStar size={16} />}
          disabled={graph.series.length === 0}
          onClick={onFavourite}
        >
          Set as favourite
        </Button>
        <Button variant="default" leftSection={<IconSettings size={16} />} onClick={onOptions}>
          Graph options
        </Button>
      </Group>
    </Group>
  );
}
