import { Alert, List, Paper, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { GraphData } from '@verdant/contracts/graphs';
import { CHART_BARS_MAX } from '@verdant/domain/constants';
import { restatedRow } from '@verdant/domain/editions/editions-text';
import { completenessNote, graphTableRows } from '@verdant/domain/graphs/completeness';
import { MSG } from '@verdant/domain/messages';
import { type RefObject, useMemo } from 'react';
import { Chart, type ChartHandle } from '../../../components/chart';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { ScrollTable } from '../../../components/scroll-table';
import { useWide } from '../../../lib/use-wide';
import { type GraphAxes, graphOption, type LegendPosition } from '../graph-option';

export const linesOf = (data: GraphData) => data.series.flatMap((s) => s.lines);

/** A figure in the table: money with cents, quantities and emissions whole (data-portal.md 9), grouped. */
const formatFigure = (value: number, unit: string) =>
  value.toLocaleString(
    'en-NZ',
    unit === '$' ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 },
  );

/** The table rows of a graph: a row per period, each line's figure and its note. */
export const tableOf = (data: GraphData) => graphTableRows(data.labels, linesOf(data));

/** Whether a graph shows kg CO2e: it then names the editions of emission factors that produced them. */
export const showsEmissions = (data: GraphData) =>
  data.editions.length > 0 || data.series.some((s) => s.unit === 'kg CO2e');

/** The CSV rows of a graph: its table, closed by the basis and editions of its kg CO2e when it shows any. */
export function csvOf(data: GraphData): string[][] {
  const rows = tableOf(data);
  return showsEmissions(data)
    ? [...rows, restatedRow(data.restatements, data.editions, rows[0]?.length ?? 1)]
    : rows;
}

/**
 * The drawn graph, what it says about completeness (incomplete and estimated months, each series named), bar
 * series drawn as lines past the ten-bar limit, and the data table.
 */
export function GraphView({
  data,
  loading,
  stale,
  title,
  legend,
  axes,
  table,
  handle,
}: {
  data: GraphData | undefined;
  loading: boolean;
  stale: boolean;
  title: string;
  legend: LegendPosition;
  axes: GraphAxes;
  table: boolean;
  handle: RefObject<ChartHandle | null>;
}) {
  const narrow = !useWide();
  const option = useMemo(
    () => (data ? graphOption(data, { title, legend, narrow, axes }) : {}),
    [data, title, legend, narrow, axes],
  );
  const notes = data ? linesOf(data).flatMap((l) => completenessNote(l, data.labels) ?? []) : [];
  const demoted = data?.series.filter((s) => s.demoted) ?? [];
  const empty = data && linesOf(data).every((l) => l.values.every((v) => v === null) && !l.forecast);
  const rows = data && table ? tableOf(data) : null;
  const units = data ? linesOf(data).map((l) => l.unit) : [];
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm" pos="relative">
        <Chart
          option={option}
          height={narrow ? 380 : 460}
          label={title || 'Graph of the series chosen'}
          loading={loading}
          empty={empty ? MSG.noPieData : null}
          handle={handle}
          style={{ opacity: stale ? 0.6 : 1 }}
        />
        {data && showsEmissions(data) && <FactorEditionsNote editions={data.editions} />}
      </Paper>
      {data?.series.some((s) => s.unavailable) && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          Figures of some data sources are being recalculated; the graph updates by itself.
        </Alert>
      )}
      {demoted.length > 0 && (
        <Text
          fz="sm"
          c="dimmed"
        >{`A group of bars holds at most ${CHART_BARS_MAX} bars, so ${demoted.map((s) => s.name).join(', ')} ${demoted.length > 1 ? 'are' : 'is'} drawn as lines.`}</Text>
      )}
      {notes.length > 0 && (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={MSG.incompleteMonth}
          data-testid="completeness"
        >
          <Text fz="sm" mb={4}>
            Faded bars and triangles: incomplete (fewer days of data than the data source was open). Hatched
            bars and diamonds: estimated reads.
          </Text>
          <List size="sm" spacing={2}>
            {notes.map((n) => (
              <List.Item key={n}>{n}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {rows && (
        <Paper withBorder radius="md" p="sm">
          <ScrollTable label="Data table" minWidth={Math.max(480, 160 + (rows[0]?.length ?? 0) * 90)}>
            <Table striped fz="sm" verticalSpacing={4} data-testid="graph-table">
              <Table.Thead>
                <Table.Tr>
                  {rows[0]?.map((h) => (
                    <Table.Th key={h}>{h}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.slice(1).map((r) => (
                  <Table.Tr key={r[0]}>
                    {r.map((cell, i) => {
                      // Cells: the period, then each line's figure and its note.
                      const figure = i % 2 === 1;
                      const unit = units[(i - 1) / 2] ?? '';
                      return (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are positional
                        <Table.Td key={i} ta={figure ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                          {figure && cell !== '' ? formatFigure(Number(cell), unit) : cell}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Paper>
      )}
    </Stack>
  );
}
