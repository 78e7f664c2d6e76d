import { Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import type { BenchmarkSetSummary } from '@verdant/contracts/benchmark';
import { useState } from 'react';
import { useReferenceList } from '../../../components/reference-lists';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { type BenchmarkMapping, useSaveMappings } from '../api';

const WHOLE = '0';

/**
 * Which type of a series each building segmentation (occupancy), or a function within it, compares with. A
 * mapping belongs to the series, so a new edition keeps it (docs/decisions/benchmark.md, The library).
 */
export function MappingsModal({ set, onClose }: { set: BenchmarkSetSummary; onClose: () => void }) {
  const save = useSaveMappings();
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
    <Modal opened onClose={onClose} title={`Type mappings: ${set.name}`} size="xl">
      <Stack>
        <Text fz="sm" c="dimmed">
          An entity compares with the type its function is mapped to, else the type of its whole segmentation.
        </Text>
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
                  <Table.Td>
                    <Select
                      aria-label={`Segmentation of mapping ${i + 1}`}
                      data={occupancyOptions}
                      value={r.buildsegId > 0 ? String(r.buildsegId) : null}
                      onChange={(x) => change(i, { buildsegId: Number(x ?? 0) })}
                      searchable
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Function of mapping ${i + 1}`}
                      data={functionOptions}
                      value={String(r.entdescId ?? 0)}
                      onChange={(x) => change(i, { entdescId: Number(x ?? 0) })}
                      searchable
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Type of mapping ${i + 1}`}
                      data={typeOptions}
                      value={r.typeKey || null}
                      onChange={(x) => change(i, { typeKey: x ?? '' })}
                      searchable
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove mapping ${i + 1}`}
                      onClick={() => setRows(rows.filter((_, j) => j !== i))}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
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
