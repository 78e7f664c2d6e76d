import { Anchor, Badge, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { SiteListItem } from '@verdant/contracts/sites';
import { MSG } from '@verdant/domain/messages';
import { formatQuantity } from '@verdant/domain/unit-scaling';
import { Link } from 'react-router';
import type { SiteFilters } from '../api';

type Sort = SiteFilters['sort'];
const COLUMNS: readonly { key: Sort; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'Site Name' },
  { key: 'consumption', label: 'Consumption', numeric: true },
  { key: 'groups', label: 'Groups' },
  { key: 'meters', label: 'Meters', numeric: true },
  { key: 'alerts', label: 'Alerts', numeric: true },
];

interface SitesTableProps {
  sites: SiteListItem[];
  sort: Sort;
  dir: 'asc' | 'desc';
  onSort: (sort: Sort) => void;
  /** The month's figures by site id (from the consumption call), else the list's own. */
  figures: Record<string, number> | undefined;
  unavailable: readonly number[];
  unit: string;
}

export function SitesTable({ sites, sort, dir, onSort, figures, unavailable, unit }: SitesTableProps) {
  const pending = new Set(unavailable);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Sites">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => {
              const active = sort === c.key;
              const Icon = !active ? IconArrowsSort : dir === 'asc' ? IconSortAscending : IconSortDescending;
              return (
                <Table.Th
                  key={c.key}
                  ta={c.numeric ? 'right' : undefined}
                  aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <UnstyledButton onClick={() => onSort(c.key)} fw={600} fz="sm">
                    {c.label}{' '}
                    <Icon size={14} style={{ verticalAlign: 'middle', opacity: active ? 1 : 0.4 }} />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sites.map((s) => {
            const figure = figures?.[String(s.id)] ?? (figures ? 0 : s.consumption);
            return (
              <Table.Tr key={s.id} data-site-id={s.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/sites/${s.id}`} fw={500}>
                    {s.name}
                  </Anchor>
                  {s.closed && (
                    <Badge ml="xs" color="gray" variant="light" size="sm">
                      {MSG.siteNoLongerActive}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {pending.has(s.id) ? (
                    <Loader size={12} aria-label="Recalculating" />
                  ) : (
                    formatQuantity(figure, unit)
                  )}
                </Table.Td>
                <Table.Td>
                  <Text fz="sm" c={s.groups.length ? undefined : 'dimmed'}>
                    {s.groups.join(', ') || '-'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{s.meters}</Table.Td>
                <Table.Td ta="right">{s.alerts}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
