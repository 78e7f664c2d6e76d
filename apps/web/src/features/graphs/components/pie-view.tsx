import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import type { PieData } from '@verdant/contracts/graphs';
import { restatedRow } from '@verdant/domain/editions/editions-text';
import { OTHERS_SLICE, shareLabel } from '@verdant/domain/graphs/pie';
import { MSG } from '@verdant/domain/messages';
import { formatQuantity } from '@verdant/domain/unit-scaling';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import { Chart, type ChartHandle } from '../../../components/chart';
import { FactorEditionsNote } from '../../../components/factor-editions-note';
import { ScrollTable } from '../../../components/scroll-table';
import { useWide } from '../../../lib/use-wide';
import { type PieSlice, pieOption, sliceLabel } from '../pie-option';

const note = (s: Pick<PieSlice, 'incomplete' | 'estimated'>) =>
  [s.incomplete ? 'incomplete' : '', s.estimated ? 'estimated' : ''].filter(Boolean).join('; ');

/** The CSV of a breakdown: every part (the Others' too), its figure, share and completeness. */
export function pieRows(data: PieData): string[][] {
  const parts = data.slices.flatMap((s) => (s.others ? s.others : [s]));
  const rows = [
    ['Part', `Value (${data.unit})`, 'Share', 'Notes'],
    ...parts.map((s) => [s.name, String(s.value), shareLabel(s.value, data.total), note(s)]),
    ...data.left.map((s) => [s.name, String(s.value), '', 'not drawn: zero or less']),
  ];
  // Closed by the basis and editions of its kg CO2e (docs/decisions/factor-editions.md).
  return data.unit === 'kg CO2e' ? [...rows, restatedRow(data.restatements, data.editions, 4)] : rows;
}

/**
 * The pie with its table. Clicking 'Others (<1%)' (the slice or its row) opens it into its own slices; Back
 * returns to the whole. A period without data says so instead of drawing an empty pie.
 */
export function PieView({
  data,
  loading,
  title,
  handle,
}: {
  data: PieData | undefined;
  loading: boolean;
  title: string;
  handle: RefObject<ChartHandle | null>;
}) {
  const narrow = !useWide();
  const [expanded, setExpanded] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer closes the Others
  useEffect(() => setExpanded(false), [data]);
  const others = data?.slices.find((s) => s.others)?.others ?? [];
  const shown: PieSlice[] = expanded ? others : (data?.slices ?? []);
  const option = useMemo(
    () =>
      data
        ? pieOption(shown, {
            unit: data.unit,
            total: data.total,
            title: expanded ? `${title}: ${OTHERS_SLICE}` : title,
            narrow,
          })
        : {},
    [data, shown, expanded, title, narrow],
  );

  useEffect(() => {
    const chart = handle.current?.instance();
    if (!chart) return;
    const open = (p: { name?: string }) => {
      if (p.name?.startsWith(OTHERS_SLICE)) setExpanded(true);
    };
    chart.on('click', open);
    return () => {
      chart.off('click', open);
    };
  }, [handle]);

  const incomplete = data?.slices.some((s) => s.incomplete || s.estimated) ?? false;
  return (
    <Stack gap="sm">
      {expanded && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconArrowLeft size={14} />}
            onClick={() => setExpanded(false)}
          >
            Back to every part
          </Button>
        </Group>
      )}
      <Chart
        option={option}
        height={narrow ? 420 : 440}
        label={title ? `Breakdown of ${title}` : 'Breakdown'}
        loading={loading}
        empty={data && data.slices.length === 0 ? MSG.noPieData : null}
        handle={handle}
      />
      {data && data.unit === 'kg CO2e' && data.slices.length > 0 && (
        <FactorEditionsNote editions={data.editions} />
      )}
      {incomplete && (
        <Alert
          variant="light"
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={MSG.incompleteMonth}
        >
          Parts marked ⚠ are built from months that are incomplete (fewer days of data than the data source
          was open) or estimated; the table says which.
        </Alert>
      )}
      {data && data.slices.length > 0 && (
        <ScrollTable label="Breakdown table" minWidth={440}>
          <Table fz="sm" verticalSpacing={4} data-testid="pie-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Part</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
                <Table.Th ta="right">Share</Table.Th>
                <Table.Th>Notes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((s) => (
                <Table.Tr key={s.name}>
                  <Table.Td>
                    {s.others && !expanded ? (
                      <Button variant="subtle" size="compact-sm" onClick={() => setExpanded(true)}>
                        {`${sliceLabel(s)}: show its ${s.others.length} parts`}
                      </Button>
                    ) : (
                      sliceLabel(s)
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatQuantity(s.value, data.unit)}
                  </Table.Td>
                  <Table.Td ta="right">{shareLabel(s.value, data.total)}</Table.Td>
                  <Table.Td>{note(s)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {data && data.left.length > 0 && (
        <Text
          fz="sm"
          c="dimmed"
        >{`Not drawn (zero or less): ${data.left.map((s) => s.name).join(', ')}.`}</Text>
      )}
    </Stack>
  );
}
