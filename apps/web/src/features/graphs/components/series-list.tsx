import {
  Box,
  Checkbox,
  Paper,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { GraphSeriesDef } from '@verdant/contracts/graphs';
import { seriesName } from '@verdant/domain/graphs/series';
import { RowAction } from '../../../components/row-actions';
import { ScrollTable } from '../../../components/scroll-table';
import { PALETTE } from '../graph-option';

/**
 * The series on the graph, in order, each drawn as a bar or a line, normal or cumulative, with or without a
 * forecast; a name of its own may replace the asset and quantity.
 */
export function SeriesList({
  series,
  onChange,
}: {
  series: GraphSeriesDef[];
  onChange: (series: GraphSeriesDef[]) => void;
}) {
  if (series.length === 0) return null;
  const update = (i: number, change: Partial<GraphSeriesDef>) =>
    onChange(series.map((s, j) => (j === i ? { ...s, ...change } : s)));
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fw={600} fz="sm" mb="xs">{`Series (${series.length})`}</Text>
      <ScrollTable label="Series on the graph" minWidth={760}>
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Drawn as</Table.Th>
              <Table.Th>Presentation</Table.Th>
              <Table.Th>Forecast</Table.Th>
              <Table.Th>Leave out the end month</Table.Th>
              <Table.Th>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {series.map((s, i) => {
              const name = seriesName(s);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same source and quantity may be added twice
                <Table.Tr key={i}>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={`Name of series ${i + 1}`}
                      placeholder={`${s.asset.text} - ${s.quantity.label}`}
                      value={s.overrideName ?? ''}
                      onChange={(e) => update(i, { overrideName: e.currentTarget.value || null })}
                      leftSection={
                        <Box
                          w={10}
                          h={10}
                          style={{ borderRadius: 2, background: PALETTE[i % PALETTE.length] }}
                        />
                      }
                      miw={220}
                    />
                  </Table.Td>
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      aria-label={`Draw ${name} as`}
                      value={s.barline}
                      onChange={(v) => update(i, { barline: v as 'bar' | 'line' })}
                      data={[
                        { value: 'bar', label: 'Bar' },
                        { value: 'line', label: 'Line' },
                      ]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      aria-label={`Presentation of ${name}`}
                      value={s.presentation}
                      onChange={(v) => update(i, { presentation: v as 'normal' | 'cumulative' })}
                      data={[
                        { value: 'normal', label: 'Normal' },
                        { value: 'cumulative', label: 'Cumulative' },
                      ]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Forecast ${name}`}
                      checked={s.forecast}
                      onChange={(e) => update(i, { forecast: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Leave out the end month of ${name}`}
                      checked={s.removeLast}
                      onChange={(e) => update(i, { removeLast: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RowAction
                      tip="Remove from the graph"
                      label={`Remove ${name}`}
                      onClick={() => onChange(series.filter((_, j) => j !== i))}
                      icon={IconTrash}
                      danger
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Paper>
  );
}
