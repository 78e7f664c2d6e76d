import { Anchor, Badge, Center, Loader, Paper, Table, Text } from '@mantine/core';
import { entityTypeLabel } from '@verdant/contracts/entities';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { useSiteEntities, useSiteMeters } from '../api';

function ListFrame({
  label,
  query,
  empty,
  head,
  children,
}: {
  label: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data?: unknown[] };
  empty: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md">
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label={`Loading ${label.toLowerCase()}`} />
        </Center>
      ) : query.isError ? (
        <Text c="red" p="md" role="alert">
          {errorMessage(query.error)}
        </Text>
      ) : (query.data?.length ?? 0) === 0 ? (
        <Text c="dimmed" fz="sm" p="md">
          {empty}
        </Text>
      ) : (
        <ScrollTable label={label} minWidth={480}>
          <Table verticalSpacing="xs" aria-label={label} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {head.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Paper>
  );
}

const closedBadge = (closed: boolean, text: string) =>
  closed ? (
    <Badge ml="xs" size="sm" color="gray" variant="light">
      {text}
    </Badge>
  ) : null;

/** /sites/{id}/entities: the site's entities, each linking to its page. */
export function SiteEntities({ siteId }: { siteId: number }) {
  const query = useSiteEntities(siteId);
  return (
    <ListFrame
      label="Entities"
      query={query}
      empty="This site has no entities."
      head={['Entity Name', 'Facility Name', 'Type']}
    >
      {query.data?.map((e) => (
        <Table.Tr key={e.id}>
          <Table.Td>
            <Anchor component={Link} to={`/entities/${e.id}`}>
              {e.name}
            </Anchor>
            {closedBadge(e.closed, 'Entity is no longer active')}
          </Table.Td>
          <Table.Td>{e.facility ?? '-'}</Table.Td>
          <Table.Td>{entityTypeLabel(e.type)}</Table.Td>
        </Table.Tr>
      ))}
    </ListFrame>
  );
}

/** /sites/{id}/data-sources: the site's meters, each linking to its page. */
export function SiteDataSources({ siteId }: { siteId: number }) {
  const query = useSiteMeters(siteId);
  return (
    <ListFrame
      label="Data sources"
      query={query}
      empty="This site has no data sources."
      head={['Name', 'Meter Number', 'Data Type', 'Level']}
    >
      {query.data?.map((m) => (
        <Table.Tr key={m.id}>
          <Table.Td>
            <Anchor component={Link} to={`/data-sources/${m.id}`}>
              {m.name}
            </Anchor>
            {closedBadge(m.closed, 'Data source is no longer active')}
          </Table.Td>
          <Table.Td>{m.meterNumber ?? '-'}</Table.Td>
          <Table.Td>{m.energy ?? '-'}</Table.Td>
          <Table.Td>{m.level === 2 ? 'Check meter' : 'Supply meter'}</Table.Td>
        </Table.Tr>
      ))}
    </ListFrame>
  );
}
