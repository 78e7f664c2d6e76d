import { Anchor, Badge, Loader, Table, Text } from '@mantine/core';
import type { SiteListItem } from '@verdant/contracts/sites';
import { EXCL_GST } from '@verdant/domain/gst-labels';
import { MSG } from '@verdant/domain/messages';
import { axisScale } from '@verdant/domain/unit-scaling';
import { Link } from 'react-router';
import { SortHeaderRow } from '../../../components/list-filters';
import type { SiteFilters } from '../api';

type Sort = SiteFilters['sort'];
// At phone width the name and the figure stay; groups, meters and alerts show from 'sm' up.
const COLUMNS: readonly { key: Sort; numeric?: boolean; wide?: boolean }[] = [
  { key: 'name' },
  { key: 'consumption', numeric: true },
  { key: 'groups', wide: true },
  { key: 'meters', numeric: true, wide: true },
  { key: 'alerts', numeric: true, wide: true },
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
  /** What the figure column shows ('Consumption', 'Cost', 'Emissions'); the header adds the column's unit. */
  measureLabel: string;
}

export function SitesTable({
  sites,
  sort,
  dir,
  onSort,
  figures,
  unavailable,
  unit,
  measureLabel,
}: SitesTableProps) {
  const pending = new Set(unavailable);
  const figureOf = (s: SiteListItem) => figures?.[String(s.id)] ?? (figures ? 0 : s.consumption);
  // One unit for the whole column, chosen from its largest figure, named once in the header.
  const scale = axisScale(Math.max(0, ...sites.map(figureOf)), unit);
  const labels: Record<Sort, string> = {
    name: 'Site Name',
    // Cost is the ledger's, before GST.
    consumption: `${measureLabel} (${scale.unit}${unit === '$' ? `, ${EXCL_GST}` : ''})`,
    groups: 'Groups',
    meters: 'Meters',
    alerts: 'Alerts',
  };
  return (
    <Table.ScrollContainer minWidth={340}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Sites">
        <Table.Thead>
          <SortHeaderRow
            columns={COLUMNS.map((c) => ({ ...c, label: labels[c.key] }))}
            sort={sort}
            dir={dir}
            onSort={onSort}
          />
        </Table.Thead>
        <Table.Tbody>
          {sites.map((s) => {
            const figure = figureOf(s);
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
                  {pending.has(s.id) ? <Loader size={12} aria-label="Recalculating" /> : scale.format(figure)}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text fz="sm" c={s.groups.length ? undefined : 'dimmed'}>
                    {s.groups.join(', ') || '-'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {s.meters}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {s.alerts}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
