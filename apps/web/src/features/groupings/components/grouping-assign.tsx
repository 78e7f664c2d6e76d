import { Alert, NativeSelect, Table, Text } from '@mantine/core';
import type { GroupingDetail } from '@verdant/contracts/groupings';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useAssignAsset, useDistribution } from '../grouping-api';

const NOUN = { site: 'Site', meter: 'Data source' } as const;

/** Assign (every asset) and Unassociated Assets (those in none of its groups): choose each asset's group. */
export function GroupingAssign({
  grouping,
  unassociatedOnly,
}: {
  grouping: GroupingDetail;
  unassociatedOnly: boolean;
}) {
  const { type } = grouping;
  const distribution = useDistribution(type, grouping.id);
  const move = useAssignAsset(type);
  const options = grouping.groups.map((g) => ({ value: String(g.id), label: g.name }));
  const names = new Map(grouping.groups.map((g) => [g.id, g.name]));
  const assets = (distribution.data?.assets ?? []).filter((a) => !unassociatedOnly || !a.joined);
  const mayEdit = grouping.mayEdit && distribution.data?.mayEdit === true;
  const label = unassociatedOnly ? 'Unassociated assets' : 'Assign assets';
  if (distribution.isPending) return <Text c="dimmed">Loading assets…</Text>;
  if (distribution.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(distribution.error)}
      </Alert>
    );
  if (assets.length === 0)
    return (
      <Text c="dimmed">
        {unassociatedOnly ? 'Every asset is in a group of this grouping.' : 'No assets.'}
      </Text>
    );
  return (
    <ScrollTable label={label} minWidth={520}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{NOUN[type]}</Table.Th>
            {type === 'meter' && <Table.Th>Account</Table.Th>}
            <Table.Th>Group</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {assets.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{a.name}</Table.Td>
              {type === 'meter' && <Table.Td>{a.account}</Table.Td>}
              <Table.Td>
                {mayEdit && (grouping.controlled || a.relatedIds.length <= 1) ? (
                  <NativeSelect
                    aria-label={`Group of ${a.name}`}
                    size="xs"
                    w={220}
                    data={[{ value: '', label: 'None' }, ...options]}
                    value={a.relatedIds[0] === undefined ? '' : String(a.relatedIds[0])}
                    onChange={(e) => {
                      const v = e.currentTarget.value || null;
                      move.mutate(
                        { assetId: a.id, from: a.relatedIds, to: v === null ? null : Number(v) },
                        {
                          onSuccess: () =>
                            showSuccessBanner(
                              v === null
                                ? `${a.name} taken out of ${grouping.name}`
                                : `${a.name} assigned to ${names.get(Number(v))}`,
                            ),
                          onError: (error) => {
                            if (!isSilentError(error)) showErrorBanner(errorMessage(error));
                          },
                        },
                      );
                    }}
                  />
                ) : (
                  a.relatedIds.map((g) => names.get(g)).join(', ') || (
                    <Text span c="dimmed" fz="sm">
                      None
                    </Text>
                  )
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
