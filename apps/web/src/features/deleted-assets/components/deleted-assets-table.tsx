import { Button, Group, Pagination, Paper, Table, Text } from '@mantine/core';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import {
  DELETED_ASSETS_PAGE_SIZE,
  type DeletedAsset,
  type DeletedAssetType,
} from '@verdant/contracts/deleted-assets';
import { formatDisplayDate } from '@verdant/domain/dates';
import { useState } from 'react';
import { paginationLabels } from '../../../components/pagination-labels';
import { EmptyRow, QueryPending } from '../../../components/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDeletedAssetAction, useDeletedAssets } from '../api';
import { PurgeModal } from './purge-modal';

/** One tab of /manage-deleted: the archived assets of one type, 100 a page, newest first. */
export function DeletedAssetsTable({ type, noun }: { type: DeletedAssetType; noun: string }) {
  const [page, setPage] = useState(1);
  const list = useDeletedAssets(type, page);
  const action = useDeletedAssetAction(type);
  const [purging, setPurging] = useState<DeletedAsset | null>(null);

  function run(kind: 'restore' | 'purge', asset: DeletedAsset) {
    setPurging(null);
    action.mutate(
      { action: kind, id: asset.id },
      {
        onSuccess: (answer) => showSuccessBanner(answer.message),
        onError: (error) => {
          if (!isSilentError(error)) showErrorBanner(errorMessage(error));
        },
      },
    );
  }

  if (list.isPending || list.isError) return <QueryPending query={list} />;
  const { items, total } = list.data;
  const busy = (asset: DeletedAsset) => action.isPending && action.variables?.id === asset.id;
  return (
    <>
      <Paper withBorder radius="md">
        <ScrollTable label={`Deleted ${noun}`} minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="deleted-assets-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Organisation</Table.Th>
                <Table.Th>Site</Table.Th>
                <Table.Th>Deleted by</Table.Th>
                <Table.Th w={120}>Deleted on</Table.Th>
                <Table.Th w={120}>Purge on</Table.Th>
                <Table.Th w={210} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.length === 0 && <EmptyRow cols={7} text={`No deleted ${noun}.`} />}
              {items.map((asset) => (
                <Table.Tr key={asset.id}>
                  <Table.Td>{asset.name}</Table.Td>
                  <Table.Td>{asset.organisation}</Table.Td>
                  <Table.Td>{asset.site}</Table.Td>
                  <Table.Td>{asset.deletedBy ?? <Text c="dimmed">Unknown</Text>}</Table.Td>
                  <Table.Td>{formatDisplayDate(asset.deletedOn)}</Table.Td>
                  <Table.Td>{formatDisplayDate(asset.purgeOn)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconRestore size={14} />}
                        loading={busy(asset) && action.variables?.action === 'restore'}
                        disabled={action.isPending}
                        onClick={() => run('restore', asset)}
                        aria-label={`Restore ${asset.name}`}
                      >
                        Restore
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        leftSection={<IconTrashX size={14} />}
                        loading={busy(asset) && action.variables?.action === 'purge'}
                        disabled={action.isPending}
                        onClick={() => setPurging(asset)}
                        aria-label={`Purge ${asset.name}`}
                      >
                        Purge
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      {total > DELETED_ASSETS_PAGE_SIZE && (
        <Group justify="center" mt="md">
          <Pagination
            total={Math.ceil(total / DELETED_ASSETS_PAGE_SIZE)}
            value={page}
            onChange={setPage}
            size="sm"
            {...paginationLabels}
          />
        </Group>
      )}
      <PurgeModal asset={purging} onCancel={() => setPurging(null)} onConfirm={(a) => run('purge', a)} />
    </>
  );
}
