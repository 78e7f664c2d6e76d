import { Button, Group, Modal, Paper, Select, Stack, Table, Text } from '@mantine/core';
import type { BenchmarkSetSummary } from '@verdant/contracts/benchmark';
import { useState } from 'react';
import { useReferenceList } from '../../../components/reference-lists';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useWide } from '../../../lib/use-wide';
import { type BenchmarkMapping, useSaveMappings } from '../api';

const WHOLE = '0';

/**
 * Which type of a series each building segmentation (occupancy), or a function within it, compares with. A
 * mapping belongs to the series, so a new edition keeps it (docs/decisions/benchmark.md, The library).
 */
export function MappingsModal({ set, onClose }: { set: BenchmarkSetSummary; onClose: () => void }) {
  const save = useSaveMappings();
  const wide = useWide();
  const occupancies = useReferenceList('building-segmentations');
  const functions = useReferenceList('entity-descriptors');
  const [rows, setRows] = useState<BenchmarkMapping[]>(
    set.mappings.map((m) => ({ buildsegId: m.buildsegId, entdescId: m.entdescId ?? 0, typeKey: m.typeKey })),
  );
  const occupancyOptions = (occupancies.data ?? []).map((o) => ({ value: String(o.Id), label: o.Descr }));
  const functionOptions = [
    { value: WHOLE, label: 'The whole segmentation' },
    ...(functions.data ?? []).map((f) => ({ value: String(f.Id), label: f.Descr })),
  ];
  const typeOptions = set.types.map((t) => ({ value: t.typeKey, label: t.typeName }));
  const change = (i: number, patch: Partial<BenchmarkMapping>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  /** A mapping's three fields; on a phone each carries its column's name as a visible label. */
  const fields = (r: BenchmarkMapping, i: number, labels?: string[]) => [
    <Select
      key="segmentation"
      label={labels?.[0]}
      aria-label={`Segmentation of mapping ${i + 1}`}
      data={occupancyOptions}
      value={r.buildsegId > 0 ? String(r.buildsegId) : null}
      onChange={(x) => change(i, { buildsegId: Number(x ?? 0) })}
      searchable
    />,
    <Select
      key="function"
      label={labels?.[1]}
      aria-label={`Function of mapping ${i + 1}`}
      data={functionOptions}
      value={String(r.entdescId ?? 0)}
      onChange={(x) => change(i, { entdescId: Number(x ?? 0) })}
      searchable
    />,
    <Select
      key="type"
      label={labels?.[2]}
      aria-label={`Type of mapping ${i + 1}`}
      data={typeOptions}
      value={r.typeKey || null}
      onChange={(x) => change(i, { typeKey: x ?? '' })}
      searchable
    />,
  ];
  const removeButton = (i: number) => (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      aria-label={`Remove mapping ${i + 1}`}
      onClick={() => setRows(rows.filter((_, j) => j !== i))}
    >
      Remove
    </Button>
  );
  const complete = rows.every((r) => r.buildsegId > 0 && r.typeKey !== '');
  const submit = () =>
    save.mutate(
      { series: set.series, mappings: rows },
      {
        onSuccess: (answer) => {
          showSuccessBanner(answer.message);
          onClose();
        },
        onError: (error) => showErrorBanner(errorMessage(error)),
      },
    );
  return (
    <Modal opened onClose={onClose} title={`Type mappings: ${set.name}`} size="xl" fullScreen={!wide}>
      <Stack>
        <Text fz="sm" c="dimmed">
          An entity compares with the type its function is mapped to, else the type of its whole segmentation.
        </Text>
        {wide ? (
          <ScrollTable label="Mappings" minWidth={600}>
            <Table aria-label="Mappings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Building segmentation</Table.Th>
                  <Table.Th>Function</Table.Th>
                  <Table.Th>Type of {set.name}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
                  <Table.Tr key={i}>
                    {fields(r, i).map((field) => (
                      <Table.Td key={field.key}>{field}</Table.Td>
                    ))}
                    <Table.Td>{removeButton(i)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ) : (
          // On a phone each mapping is a card of its three fields, labelled, one under another.
          <Stack gap="sm" role="list" aria-label="Mappings">
            {rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
              <Paper key={i} withBorder p="sm" role="listitem">
                <Stack gap="xs">
                  <Group justify="space-between">
                    <Text fw={600} fz="sm">
                      Mapping {i + 1}
                    </Text>
                    {removeButton(i)}
                  </Group>
                  {fields(r, i, ['Building segmentation', 'Function', `Type of ${set.name}`])}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
        <Group justify="space-between">
          <Button
            variant="light"
            onClick={() => setRows([...rows, { buildsegId: 0, entdescId: 0, typeKey: '' }])}
          >
            Add a mapping
          </Button>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} loading={save.isPending} disabled={!complete}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
