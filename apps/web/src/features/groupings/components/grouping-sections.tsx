import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { GroupingDetail } from '@verdant/contracts/groupings';
import { MSG } from '@verdant/domain/messages';
import { formatQuantity } from '@verdant/domain/unit-scaling';
import { useState } from 'react';
import { Link } from 'react-router';
import { InlineField } from '../../../components/inline-field';
import { ScrollTable } from '../../../components/scroll-table';
import { ApiError, errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useAssignGroup, useNewGroupIn, useRenameGrouping, useUncontrolledGroups } from '../grouping-api';

function GroupsTable({ grouping, label }: { grouping: GroupingDetail; label: string }) {
  if (grouping.groups.length === 0) return <Text c="dimmed">No groups in this grouping yet.</Text>;
  return (
    <ScrollTable label={label} minWidth={420}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Group</Table.Th>
            <Table.Th ta="right">Members</Table.Th>
            <Table.Th ta="right">Consumption (12 months)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grouping.groups.map((g) => (
            <Table.Tr key={g.id}>
              <Table.Td>
                <Anchor component={Link} to={`/${grouping.type}-groups/${g.id}`}>
                  {g.name}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right">{g.memberCount}</Table.Td>
              <Table.Td ta="right">{formatQuantity(g.consumption, 'kWh')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** Groups: the grouping's groups; editors add a new group or an uncontrolled one (refused with the shared assets). */
export function GroupingGroups({ grouping }: { grouping: GroupingDetail }) {
  const { type, id } = grouping;
  const uncontrolled = useUncontrolledGroups(type);
  const assign = useAssignGroup(type, id);
  const create = useNewGroupIn(type, id);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [joining, setJoining] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; assets: string[] } | null>(null);

  function addExisting() {
    const group = uncontrolled.data?.find((g) => String(g.id) === joining);
    if (!group) return;
    setRefusal(null);
    assign.mutate(
      { groupId: group.id, join: true },
      {
        onSuccess: () => {
          setJoining(null);
          showSuccessBanner(`${group.name} added to ${grouping.name}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409)
            setRefusal({ message: error.message, assets: error.fields.assets ?? [] });
          else if (!isSilentError(error)) showErrorBanner(errorMessage(error));
        },
      },
    );
  }

  function addNew() {
    const trimmed = name.trim();
    if (trimmed.length < 2) return setNameError(MSG.nameTooShortToCreate);
    setNameError(null);
    create.mutate(trimmed, {
      onSuccess: (row) => {
        setName('');
        showSuccessBanner(`Group ${row.name} created`);
      },
      onError: (error) =>
        setNameError(
          error instanceof ApiError ? (error.fields.name?.[0] ?? error.message) : errorMessage(error),
        ),
    });
  }

  return (
    <Stack gap="md">
      <GroupsTable grouping={grouping} label="Groups of the grouping" />
      {grouping.mayEdit && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} fz="md">
              Add groups
            </Title>
            <Group align="flex-start" gap="sm">
              <TextInput
                label="New group"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={nameError}
                w={260}
                maw="100%"
              />
              <Button mt={25} onClick={addNew} loading={create.isPending}>
                Create group
              </Button>
            </Group>
            <Group align="flex-end" gap="sm">
              <Select
                label="Existing uncontrolled group"
                placeholder="Choose a group"
                data={(uncontrolled.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
                value={joining}
                onChange={setJoining}
                w={260}
                maw="100%"
              />
              <Button onClick={addExisting} disabled={joining === null} loading={assign.isPending}>
                Add to grouping
              </Button>
            </Group>
            {refusal && (
              <Alert
                color="red"
                variant="light"
                role="alert"
                title="Group not added"
                withCloseButton
                closeButtonLabel="Dismiss"
                onClose={() => setRefusal(null)}
              >
                <Text fz="sm">{refusal.message}</Text>
                <List size="sm" mt="xs" aria-label="Assets already in another group">
                  {refusal.assets.map((a) => (
                    <List.Item key={a}>{a}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** Details: the name (saved 500 ms after typing, only for editors), what it groups and whether it is controlled. */
export function GroupingDetails({ grouping }: { grouping: GroupingDetail }) {
  const rename = useRenameGrouping(grouping.type, grouping.id);
  return (
    <Paper withBorder p="md" maw={560}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          Grouping details
        </Title>
        <InlineField
          label="Name"
          name="name"
          value={grouping.name}
          readOnly={!grouping.mayEdit}
          validate={(v) => ((v ?? '').trim().length < 3 ? MSG.nameTooShort : null)}
          onSave={(v) => rename.mutateAsync((v ?? '').trim())}
        />
        <Text fz="sm">Groups of: {grouping.type === 'site' ? 'sites' : 'data sources'}</Text>
        <Group gap="xs">
          <Text fz="sm" fw={600}>
            {grouping.controlled ? 'Controlled' : 'Uncontrolled'}
          </Text>
          <Text fz="sm" c="dimmed">
            {grouping.controlled
              ? 'Each asset belongs to at most one of its groups.'
              : 'Assets may be in several of its groups.'}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Reports: the groups' consumption side by side, from the ledger. */
export function GroupingReports({ grouping }: { grouping: GroupingDetail }) {
  const total = grouping.groups.reduce((s, g) => s + g.consumption, 0);
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        Consumption over the last twelve complete months, {formatQuantity(total, 'kWh')} in all.
      </Text>
      <GroupsTable grouping={grouping} label="Consumption by group" />
    </Stack>
  );
}
