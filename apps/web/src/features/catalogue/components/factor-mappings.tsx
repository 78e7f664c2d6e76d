import {
  Alert,
  Button,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { EditionDetail } from '@verdant/contracts/catalogue-editions';
import { useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { EmptyRow, QueryState } from '../../../components/query-state';
import { RowAction } from '../../../components/row-actions';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useAdminDataTypes } from '../api';
import { useDeleteFactorMapping, useFactorMappings, useSaveFactorMapping } from '../editions-api';

type Layout = 'documented' | 'desnz-flat' | 'mfe-long';
type Row = EditionDetail['unmapped'][number];

const LAYOUT_NAMES: Record<Layout, string> = {
  documented: 'Documented layout',
  'desnz-flat': 'DESNZ flat file',
  'mfe-long': 'MfE long CSV',
};

/**
 * The rows of a loaded file that no saved mapping covers, each with Map… to save one (docs/decisions/catalogue.md,
 * Editions loaded from files, Mappings). A mapping applies to every file of the layout loaded after it.
 */
export function UnmappedRows({ layout, rows }: { layout: Layout | null; rows: Row[] }) {
  const [mapping, setMapping] = useState<Row | null>(null);
  const saved = useFactorMappings();
  const done = new Set((saved.data ?? []).map((m) => `${m.layout}|${m.key}`));
  if (rows.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={`${rows.length} ${rows.length === 1 ? 'row maps' : 'rows map'} to no data type yet`}
    >
      <Text size="sm" mb="xs">
        Map a row to a data type, scope and unit; load the file again as a new draft to take the mappings in.
      </Text>
      <ScrollTable label="Rows with no mapping" minWidth={560}>
        <Table aria-label="Rows with no mapping" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Row</Table.Th>
              <Table.Th>Published as</Table.Th>
              <Table.Th>Unit</Table.Th>
              <Table.Th w={110} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((u) => (
              <Table.Tr key={u.line}>
                <Table.Td>{u.line}</Table.Td>
                <Table.Td>{u.label}</Table.Td>
                <Table.Td>{u.unit}</Table.Td>
                <Table.Td>
                  {done.has(`${layout}|${u.key.toLowerCase().replace(/\s+/g, ' ')}`) ? (
                    <Text size="xs" c="green.8">
                      Mapped
                    </Text>
                  ) : (
                    <Button
                      size="compact-xs"
                      variant="light"
                      disabled={layout === null}
                      onClick={() => setMapping(u)}
                      aria-label={`Map row ${u.line}`}
                    >
                      Map…
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {mapping && layout && <MappingModal layout={layout} row={mapping} onClose={() => setMapping(null)} />}
    </Alert>
  );
}

/**
 * The rows a refused file named as mapping to nothing ('Row 5: {label} ({unit}): {key}', the load's
 * `fields.unmapped`), so they can be mapped before the file is loaded again.
 */
export function refusedRows(lines: readonly string[]): Row[] {
  return lines.flatMap((text) => {
    const head = /^Row (\d+): /.exec(text);
    const cut = text.lastIndexOf('): ');
    if (!head || cut < 0) return [];
    const middle = text.slice(head[0].length, cut + 1);
    // The unit is the last parenthesis of the middle, itself perhaps with parentheses: 'kWh (Gross CV)'.
    let depth = 0;
    let open = middle.length - 1;
    for (; open >= 0; open--) {
      if (middle[open] === ')') depth++;
      if (middle[open] === '(' && --depth === 0) break;
    }
    return [
      {
        line: Number(head[1]),
        key: text.slice(cut + 3),
        label: middle.slice(0, Math.max(open, 0)).trim(),
        unit: middle.slice(open + 1, -1),
      },
    ];
  });
}

/** Map one published row: which global data type, scope (scope 2 with its basis) and unit it is. */
function MappingModal({ layout, row, onClose }: { layout: Layout; row: Row; onClose: () => void }) {
  const types = useAdminDataTypes(true);
  const save = useSaveFactorMapping();
  const [typeId, setTypeId] = useState<string | null>(null);
  const [scope, setScope] = useState('2');
  const [basis, setBasis] = useState<string>('location');
  const [unitId, setUnitId] = useState<string | null>(null);
  const global = (types.data ?? []).filter((t) => t.org === null && !t.retired && !t.composite);
  const chosen = global.find((t) => String(t.id) === typeId);
  const submit = () => {
    if (!typeId || !unitId) return;
    save.mutate(
      {
        layout,
        key: row.key,
        dataTypeId: Number(typeId),
        scope: Number(scope) as 1 | 2 | 3,
        basis: scope === '2' ? (basis as 'location' | 'residual-mix') : null,
        unitId: Number(unitId),
      },
      {
        onSuccess: (m) => {
          showSuccessBanner(`Row mapped to ${m.dataTypeName}, scope ${m.scope}`);
          onClose();
        },
        onError: (e) => showErrorBanner(errorMessage(e)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Map a published row">
      <Stack gap="sm">
        <Text size="sm">
          {row.label} ({row.unit}) · {LAYOUT_NAMES[layout]}
        </Text>
        <Select
          label="Data type"
          searchable
          required
          data={global.map((t) => ({ value: String(t.id), label: `${t.grouping}: ${t.energyDescr}` }))}
          value={typeId}
          onChange={(v) => {
            setTypeId(v);
            setUnitId(null);
          }}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Scope
          </Text>
          <SegmentedControl
            data={['1', '2', '3'].map((s) => ({ value: s, label: `Scope ${s}` }))}
            value={scope}
            onChange={setScope}
          />
        </div>
        {scope === '2' && (
          <Select
            label="Scope 2 basis"
            data={[
              { value: 'location', label: 'Location-based (grid average)' },
              { value: 'residual-mix', label: 'Market-based (residual mix)' },
            ]}
            value={basis}
            onChange={(v) => setBasis(v ?? 'location')}
          />
        )}
        <Select
          label="The published unit is"
          required
          disabled={!chosen}
          data={(chosen?.units ?? []).map((u) => ({ value: String(u.unitId), label: u.name }))}
          value={unitId}
          onChange={setUnitId}
        />
        <FormActions
          onCancel={onClose}
          onClick={submit}
          disabled={!typeId || !unitId}
          loading={save.isPending}
        >
          Save mapping
        </FormActions>
      </Stack>
    </Modal>
  );
}

/** Every saved mapping, by layout, with its removal. */
export function SavedMappings() {
  const mappings = useFactorMappings();
  const remove = useDeleteFactorMapping();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="xs">
        Saved mappings
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        How rows of the publishers' files reach data types. A year in a label is written {'{year}'}, so one
        mapping serves every edition.
      </Text>
      <QueryState query={mappings}>
        {(rows) => (
          <ScrollTable label="Saved mappings" minWidth={720}>
            <Table aria-label="Saved mappings" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Layout</Table.Th>
                  <Table.Th>Row (labels and unit)</Table.Th>
                  <Table.Th>Data type</Table.Th>
                  <Table.Th>Scope</Table.Th>
                  <Table.Th>Unit</Table.Th>
                  <Table.Th w={50} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{LAYOUT_NAMES[m.layout]}</Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
                        {m.key}
                      </Text>
                    </Table.Td>
                    <Table.Td>{m.dataTypeName}</Table.Td>
                    <Table.Td>
                      {m.scope}
                      {m.basis === 'residual-mix' ? ' (residual mix)' : m.scope === 2 ? ' (location)' : ''}
                    </Table.Td>
                    <Table.Td>{m.unitName}</Table.Td>
                    <Table.Td>
                      <RowAction
                        tip="Remove the mapping"
                        label={`Remove the mapping to ${m.dataTypeName}`}
                        loading={remove.isPending && remove.variables === m.id}
                        onClick={() =>
                          remove.mutate(m.id, {
                            onSuccess: () => showSuccessBanner('Mapping removed'),
                            onError: (e) => showErrorBanner(errorMessage(e)),
                          })
                        }
                        icon={IconTrash}
                        danger
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
                {rows.length === 0 && <EmptyRow cols={6} text="No mappings saved yet." />}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </QueryState>
    </Paper>
  );
}
