import { Anchor, Badge, Table, Text, Tooltip } from '@mantine/core';
import { ENTITY_TYPE_LABELS, type EntityRow } from '@verdant/contracts/entities';
import { MSG } from '@verdant/domain/messages';
import { columnScale } from '@verdant/domain/unit-scaling';
import { Link } from 'react-router';
import { SortHeaderRow } from '../../../components/list-filters';
import type { EntityFilters } from '../api';

type Sort = EntityFilters['sort'];
const COLUMNS: readonly { key: Sort; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'Entity Name' },
  { key: 'facility', label: 'Facility Name' },
  { key: 'site', label: 'Site Name' },
  { key: 'consumption', label: 'Consumption', numeric: true },
  { key: 'type', label: 'Type' },
];

interface EntitiesTableProps {
  entities: EntityRow[];
  sort: Sort;
  dir: 'asc' | 'desc';
  onSort: (sort: Sort) => void;
}

export function EntitiesTable({ entities, sort, dir, onSort }: EntitiesTableProps) {
  const energy = columnScale(
    entities.map((e) => e.consumption),
    'kWh',
  );
  const columns = COLUMNS.map((c) =>
    c.key === 'consumption' ? { ...c, label: `Consumption (${energy.unit})` } : c,
  );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Entities">
        <Table.Thead>
          <SortHeaderRow columns={columns} sort={sort} dir={dir} onSort={onSort} />
        </Table.Thead>
        <Table.Tbody>
          {entities.map((e) => (
            <Table.Tr key={e.id} data-entity-id={e.id}>
              <Table.Td>
                <Anchor component={Link} to={`/entities/${e.id}`} fw={500} fz="sm">
                  {e.name}
                </Anchor>
                {e.closed && (
                  <Badge ml="xs" color="gray" variant="light" size="sm">
                    {MSG.entityNoLongerActive}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{e.facilityName ?? <Text c="dimmed">-</Text>}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/sites/${e.siteId}`} c="inherit" fz="sm">
                  {e.siteName}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right">
                {e.consumption === null ? (
                  <Tooltip label="No data source shares its consumption with this entity">
                    <Text component="span" c="dimmed" fz="sm">
                      -
                    </Text>
                  </Tooltip>
                ) : (
                  energy.format(e.consumption)
                )}
              </Table.Td>
              <Table.Td>{ENTITY_TYPE_LABELS[e.type]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
