import { Alert, Button, Group, Loader, Menu, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { GhgChart } from '@verdant/contracts/ghg-charts';
import { editionsText } from '@verdant/domain/editions/editions-text';
import { BarChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Chart, type ChartHandle, registerChartParts } from '../../../components/chart';
import { MonthField } from '../../../components/date-fields';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { useWide } from '../../../lib/use-wide';
import { type ChartRange, fetchChartCsv, useGhgChart } from '../api';
import { type ChartDef, figuresTable, type GroupingChoice, kg } from '../chart-kinds';
import { chartOption } from '../chart-options';
import { downloadCsv, downloadHtml, downloadPng, marketNote } from '../downloads';

// The GHG charts draw pies and bars (components/chart.tsx registers only the renderer).
registerChartParts([BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent]);

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const keyOf = (g: GroupingChoice) => `${g.type}-${g.id}`;
const labelOf = (g: GroupingChoice) =>
  `${g.name} (${g.type === 'site' ? 'site groups' : 'data source groups'})`;
/** The five figure columns before the last (completeness) are numbers. */
const numeric = (i: number, columns: number) => i >= columns - 6 && i < columns - 1;
const monthText = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;

/**
 * One GHG chart in a closable modal (data-portal.md 2.7): the months it covers, its grouping dropdowns, a
 * loading indicator, the chart with the figures' table under it, and downloads as HTML, PNG and CSV.
 */
export function GhgChartModal({
  def,
  groupings,
  onClose,
}: {
  def: ChartDef;
  groupings: GroupingChoice[];
  onClose: () => void;
}) {
  const wide = useWide();
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [range, setRange] = useState<ChartRange | null>(null);
  const [chosen, setChosen] = useState<string[]>(groupings.slice(0, def.groupings).map(keyOf));
  const picked = chosen.map((k) => groupings.find((g) => keyOf(g) === k)).filter((g) => g !== undefined);
  const target = picked.length === def.groupings ? def.call(picked) : null;
  const answer = useGhgChart(target, range);
  const chart = answer.data;
  const handle = useRef<ChartHandle | null>(null);
  const picture = () => handle.current?.toPng() ?? null;

  // The first answer (the last complete reporting year) fills the month fields.
  useEffect(() => {
    if (chart && from === null && to === null) {
      setFrom(chart.from);
      setTo(chart.to);
    }
  }, [chart, from, to]);

  const orderError = from && to && MONTH.test(from) && MONTH.test(to) && from > to;
  const setMonth = (which: 'from' | 'to', value: string | null) => {
    const next = { from: which === 'from' ? value : from, to: which === 'to' ? value : to };
    if (which === 'from') setFrom(value);
    else setTo(value);
    if (next.from && next.to && MONTH.test(next.from) && MONTH.test(next.to) && next.from <= next.to) {
      setRange({ from: next.from, to: next.to });
    }
  };

  const option = useMemo(() => (chart ? chartOption(def.kind, chart, !wide) : {}), [chart, def.kind, wide]);
  const table = chart ? figuresTable(def.kind, chart) : null;
  const notes = chart && table ? [...table.notes, marketNote(chart.totals.market)] : [];
  const rangeText = chart ? `${monthText(chart.from)} to ${monthText(chart.to)}` : '';
  const file = chart ? `${def.file}-${chart.from}-${chart.to}` : def.file;

  return (
    <Modal opened onClose={onClose} title={def.title} size="80rem" fullScreen={!wide}>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <MonthField label="From" value={from} onChange={(v) => setMonth('from', v)} w={140} />
          <MonthField
            label="To"
            value={to}
            onChange={(v) => setMonth('to', v)}
            w={140}
            error={orderError ? 'The start month cannot be after the end month' : undefined}
          />
          {Array.from({ length: def.groupings }, (_, i) => (
            <Select
              // biome-ignore lint/suspicious/noArrayIndexKey: the dropdowns are fixed: first and second grouping
              key={i}
              label={i === 0 ? 'Grouping' : 'Second grouping'}
              w={260}
              data={groupings.map((g) => ({ value: keyOf(g), label: labelOf(g) }))}
              value={chosen[i] ?? null}
              onChange={(v) => v && setChosen((c) => c.map((x, j) => (j === i ? v : x)))}
              allowDeselect={false}
            />
          ))}
          {answer.isFetching && <Loader size="sm" aria-label="Loading the figures" />}
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconDownload size={16} />} disabled={!chart} ml="auto">
                Download
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                onClick={() =>
                  table &&
                  chart &&
                  downloadHtml(picture(), `${file}.html`, def.title, rangeText, {
                    ...table,
                    notes: [...notes, editionsText(chart.editions)],
                  })
                }
              >
                HTML
              </Menu.Item>
              <Menu.Item onClick={() => downloadPng(picture(), `${file}.png`)}>PNG</Menu.Item>
              <Menu.Item
                onClick={async () =>
                  target &&
                  chart &&
                  downloadCsv(await fetchChartCsv(target, { from: chart.from, to: chart.to }), `${file}.csv`)
                }
              >
                CSV
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        {answer.isError && <Alert color="red">{errorMessage(answer.error)}</Alert>}
        {chart && chart.pending > 0 && (
          <Alert color="yellow" role="status">
            {`Recalculating emissions: ${chart.pending} data ${chart.pending === 1 ? 'source is' : 'sources are'} left out until ${chart.pending === 1 ? 'it is' : 'they are'} ready.`}
          </Alert>
        )}
        {chart && <Summary chart={chart} range={rangeText} />}
        {chart && <FactorEditionsNote editions={chart.editions} />}
        <Chart
          option={option}
          height={wide ? 380 : 340}
          label={`${def.title}, ${rangeText}`}
          loading={answer.isPending}
          empty={chart && chart.rows.length === 0 ? 'No data found for that period.' : null}
          handle={handle}
        />
        {table && (
          <>
            <ScrollTable label={`${def.title}: figures`} minWidth={760}>
              <Table striped fz="sm" verticalSpacing={4} data-testid="ghg-figures">
                <Table.Thead>
                  <Table.Tr>
                    {table.headers.map((h, i) => (
                      <Table.Th key={h} ta={numeric(i, table.headers.length) ? 'right' : 'left'}>
                        {h}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.rows.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are redrawn whole with each answer
                    <Table.Tr key={i} fw={i === table.rows.length - 1 ? 600 : undefined}>
                      {r.map((c, j) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the chart
                        <Table.Td key={j} ta={numeric(j, r.length) ? 'right' : 'left'}>
                          {c}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            {notes.map((n) => (
              <Text key={n} fz="xs" c="dimmed">
                {n}
              </Text>
            ))}
          </>
        )}
      </Stack>
    </Modal>
  );
}

/** The totals in words: scope 2 location-based with the market-based figure beside it, and completeness. */
function Summary({ chart, range }: { chart: GhgChart; range: string }) {
  const t = chart.totals;
  const c = t.completeness;
  return (
    <Text fz="sm" data-testid="ghg-summary">
      {`${range}: ${kg(t.total)} in total. Scope 2 ${kg(t.scope2)} location-based, ${kg(t.scope2Market)} market-based.`}{' '}
      {c.complete ? 'Every figure is complete' : `Incomplete: figures for ${c.coverage}% of days`}
      {c.estimated ? ', some estimated.' : '.'}
    </Text>
  );
}
