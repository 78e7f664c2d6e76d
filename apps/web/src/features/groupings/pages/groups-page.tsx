import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Grouping, GroupingsList, GroupSummary, GroupType } from '@verdant/contracts/groupings';
import { formatQuantity } from '@verdant/domain/unit-scaling';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageActions } from '../../../components/page-actions';
import { PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGroupings } from '../api';
import { NewGroupDialog } from '../components/new-group-dialog';

const TYPE_LABEL: Record<GroupType, string> = { site: 'Site', meter: 'Data source' };

function Waiting({
  query,
  label,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  label: string;
}) {
  if (query.isPending)
    return (
      <Center py="lg">
        <Loader aria-label={`Loading ${label}`} />
      </Center>
    );
  return (
    <Alert color="red" variant="light" role="alert">
      {errorMessage(query.error)}
    </Alert>
  );
}

function GroupingsTable({ type, groupings }: { type: GroupType; groupings: Grouping[] }) {
  const label = `${TYPE_LABEL[type]} groupings`;
  if (groupings.length === 0) return <Text c="dimmed">No {label.toLowerCase()} yet.</Text>;
  return (
    <ScrollTable label={label} minWidth={520}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th ta="right">Groups</Table.Th>
            <Table.Th ta="right">Consumption (12 months)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groupings.map((g) => (
            <Table.Tr key={g.id}>
              <Table.Td>
                <Anchor component={Link} to={`/${type}-groupings/${g.id}`}>
                  {g.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{g.controlled ? 'Controlled' : 'Uncontrolled'}</Table.Td>
              <Table.Td ta="right">{g.groups.length}</Table.Td>
              <Table.Td ta="right">
                {formatQuantity(
                  g.groups.reduce((s, x) => s + x.consumption, 0),
                  'kWh',
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** /groups: the site and data source groupings, each with its groups' consumption. */
export function GroupingsPage() {
  useDocumentTitle('Groupings');
  const sites = useGroupings('site');
  const meters = useGroupings('meter');
  const [creating, setCreating] = useState(false);
  const mayEdit = sites.data?.mayEdit === true;
  return (
    <>
      <PageHeader title="Groupings" description="Groupings of site groups and of data source groups." />
      {mayEdit && (
        <PageActions>
          <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New grouping
          </Button>
        </PageActions>
      )}
      <Stack gap="lg">
        {(['site', 'meter'] as const).map((type) => {
          const query = type === 'site' ? sites : meters;
          return (
            <Paper key={type} withBorder p="md">
              <Title order={2} fz="lg" mb="sm">
                {TYPE_LABEL[type]} groupings
              </Title>
              {query.data ? (
                <GroupingsTable type={type} groupings={query.data.groupings} />
              ) : (
                <Waiting query={query} label={`${type} groupings`} />
              )}
            </Paper>
          );
        })}
      </Stack>
      {creating && <NewGroupDialog mode="grouping" onClose={() => setCreating(false)} />}
    </>
  );
}

function groupRows(list: GroupingsList): (GroupSummary & { grouping: string | null })[] {
  return [
    ...list.groupings.flatMap((g) => g.groups.map((x) => ({ ...x, grouping: g.name }))),
    ...list.ungroupingedGroups.map((x) => ({ ...x, grouping: null })),
  ].sort((a, b) => a.name.localeCompare(b.name));
}

/** /groups/site-groups and /groups/meter-groups: every group of the kind, controlled or not. */
export function GroupsListPage() {
  const { kind } = useParams();
  const type = kind === 'site-groups' ? 'site' : kind === 'meter-groups' ? 'meter' : null;
  useDocumentTitle(type === 'meter' ? 'Data source groups' : 'Site groups');
  const navigate = useNavigate();
  const sites = useGroupings('site');
  const meters = useGroupings('meter');
  const [creating, setCreating] = useState(false);
  if (type === null) return <NotFoundPage />;
  const query = type === 'site' ? sites : meters;
  const mayEdit = query.data?.mayEdit === true;
  const label = type === 'site' ? 'Site groups' : 'Data source groups';
  return (
    <>
      <PageHeader
        title="Groups"
        description="Groups of sites or of data sources, in a grouping or on their own."
      />
      {mayEdit && (
        <PageActions>
          <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New group
          </Button>
        </PageActions>
      )}
      <Stack gap="md">
        <SegmentedControl
          aria-label="Kind of group"
          value={type}
          onChange={(v) => navigate(`/groups/${v}-groups`)}
          data={[
            { value: 'site', label: 'Site groups' },
            { value: 'meter', label: 'Data source groups' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {query.data ? (
          <ScrollTable label={label} minWidth={560}>
            <Table striped aria-label={label}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Grouping</Table.Th>
                  <Table.Th ta="right">Members</Table.Th>
                  <Table.Th ta="right">Consumption (12 months)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {groupRows(query.data).map((g) => (
                  <Table.Tr key={g.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/${type}-groups/${g.id}`}>
                        {g.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {g.grouping ?? (
                        <Text c="dimmed" span fz="sm">
                          Uncontrolled
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{g.memberCount}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(g.consumption, 'kWh')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ) : (
          <Waiting query={query} label={label.toLowerCase()} />
        )}
      </Stack>
      {creating && (
        <NewGroupDialog
          mode="group"
          onClose={() => setCreating(false)}
          lists={{ site: sites.data, meter: meters.data }}
          initialType={type}
        />
      )}
    </>
  );
}
