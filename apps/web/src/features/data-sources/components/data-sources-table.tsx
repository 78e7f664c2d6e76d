import { ActionIcon, Anchor, Badge, Checkbox, Loader, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { DataSourceListItem } from '@verdant/contracts/data-sources/list';
import { alertBadge, dataSourcePath } from '@verdant/domain/data-sources';
import { formatDisplayDate } from '@verdant/domain/dates';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { AlertPanel } from '../../../components/alert-panel';
import { FirstOfList } from '../../../components/first-of-list';
import { SortHeaderCell } from '../../../components/list-filters';

// Expenditure is the ledger's cost, before GST (docs/decisions/formats.md, Cost says which side of GST).
const MEASURE_LABELS = { cons: 'Usage', cost: 'Expenditure (excl. GST)', co2: 'Emissions' } as const;

interface Column {
  no: number;
  label: string;
  numeric?: boolean;
  /** Shown from 'sm' up only (the phone keeps name and figure). */
  wide?: boolean;
}

interface DataSourcesTableProps {
  rows: DataSourceListItem[];
  sort: number;
  onSort: (sort: number) => void;
  measure: 'cons' | 'cost' | 'co2';
  /** The month's figures by meter id (the polled call), else the list's own. */
  figures: Record<string, number> | undefined;
  unavailable: readonly number[];
  memberOfLabel: string;
  audit: boolean;
  /** Bulk mode: the selected ids, and how to change them. */
  selected: Set<number> | null;
  onSelect: (ids: number[], on: boolean) => void;
  mayEdit: boolean;
}

const number = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 0 });
const money = new Intl.NumberFormat('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The data sources (spec 2.1): normal or Data Audit View columns, sortable by column number; bulk mode selects. */
export function DataSourcesTable({
  rows,
  sort,
  onSort,
  measure,
  figures,
  unavailable,
  memberOfLabel,
  audit,
  selected,
  onSelect,
  mayEdit,
}: DataSourcesTableProps) {
  const [expanded, setExpanded] = useState<number | null>(null);
  const pending = new Set(unavailable);
  const columns: Column[] = audit
    ? [
        { no: 1, label: 'Name' },
        { no: 2, label: 'Type', wide: true },
        { no: 3, label: 'Measuring', wide: true },
        { no: 7, label: 'Retailer', wide: true },
        { no: 8, label: 'Data Last Entered' },
      ]
    : [
        { no: 1, label: 'Name' },
        { no: 2, label: 'Type', wide: true },
        { no: 3, label: 'Measuring', wide: true },
        { no: 4, label: MEASURE_LABELS[measure], numeric: true },
        { no: 5, label: memberOfLabel, wide: true },
        { no: 6, label: 'Alerts', numeric: true },
      ];
  const figureOf = (r: DataSourceListItem) => figures?.[String(r.id)] ?? (figures ? 0 : r.figure);
  const format = (r: DataSourceListItem) => {
    const value = figureOf(r);
    if (measure === 'cost') return `$${money.format(value)}`;
    if (measure === 'co2') return `${number.format(value)} kg`;
    return `${number.format(value)}${r.unit ? ` ${r.unit}` : ''}`;
  };
  const allSelected = selected !== null && rows.length > 0 && rows.every((r) => selected.has(r.id));
  const span = columns.length + (selected ? 1 : 0) + 1;

  return (
    <Table.ScrollContainer minWidth={340}>
      <Table highlightOnHover verticalSpacing="xs" aria-label={audit ? 'Data Audit View' : 'Data sources'}>
        <Table.Thead>
          <Table.Tr>
            {selected && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select every row shown"
                  checked={allSelected}
                  indeterminate={!allSelected && rows.some((r) => selected.has(r.id))}
                  onChange={(e) =>
                    onSelect(
                      rows.map((r) => r.id),
                      e.currentTarget.checked,
                    )
                  }
                />
              </Table.Th>
            )}
            <Table.Th w={32} aria-label="Expand" />
            {columns.map((c) => {
              const active = Math.abs(sort) === c.no;
              return (
                <SortHeaderCell
                  key={c.no}
                  label={c.label}
                  numeric={c.numeric}
                  wide={c.wide}
                  sorted={active ? (sort > 0 ? 'asc' : 'desc') : null}
                  onClick={() => onSort(active ? -sort : c.numeric ? -c.no : c.no)}
                />
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const open = expanded === r.id;
            return (
              <Fragment key={r.id}>
                <Table.Tr data-meter-id={r.id}>
                  {selected && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${r.name}`}
                        checked={selected.has(r.id)}
                        onChange={(e) => onSelect([r.id], e.currentTarget.checked)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td px={4}>
                    {r.alerts > 0 && !audit && (
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={`${open ? 'Hide' : 'Show'} alerts of ${r.name}`}
                        aria-expanded={open}
                        onClick={() => setExpanded(open ? null : r.id)}
                      >
                        {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                      </ActionIcon>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={dataSourcePath(r.kind, r.id)} fw={500}>
                      {r.name}
                    </Anchor>
                    {r.closed && (
                      <Badge ml="xs" color="gray" variant="light" size="sm">
                        Closed
                      </Badge>
                    )}
                    {r.transient && (
                      <Badge ml="xs" color="grape" variant="light" size="sm">
                        Transient
                      </Badge>
                    )}
                    {r.account && (
                      <Text fz="xs" c="dimmed">
                        {r.account}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{r.type}</Table.Td>
                  <Table.Td visibleFrom="sm">{r.measuring ?? '-'}</Table.Td>
                  {audit ? (
                    <>
                      <Table.Td visibleFrom="sm">{r.retailer ?? '-'}</Table.Td>
                      <Table.Td>{r.lastEntry ? formatDisplayDate(r.lastEntry) : '-'}</Table.Td>
                    </>
                  ) : (
                    <>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {pending.has(r.id) ? <Loader size={12} aria-label="Recalculating" /> : format(r)}
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{r.memberOf ?? '-'}</Table.Td>
                      <Table.Td ta="right">
                        {r.alerts > 0 ? (
                          <Badge color="red" variant="filled" size="sm" title={`${r.alerts} alerts`}>
                            {alertBadge(r.alerts)}
                          </Badge>
                        ) : null}
                      </Table.Td>
                    </>
                  )}
                </Table.Tr>
                {open && !audit && (
                  <Table.Tr>
                    <Table.Td colSpan={span} bg="var(--mantine-color-gray-0)">
                      <AlertPanel meterId={r.id} name={r.name} mayEdit={mayEdit} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The list before the organisation has any data source: what they bring, and New Meter for an editor. */
export function NoDataSourcesYet({ mayEdit, onAdd }: { mayEdit: boolean; onAdd: () => void }) {
  return (
    <FirstOfList
      text="No data sources yet. Add the meters of the organisation's sites: their invoices, readings and half hours make its figures."
      action={mayEdit ? 'New Meter' : null}
      icon={<IconPlus size={14} />}
      onAdd={onAdd}
    />
  );
}
