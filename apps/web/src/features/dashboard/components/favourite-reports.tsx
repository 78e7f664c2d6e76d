import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportsOperations as ops } from '@verdant/contracts/reports';
import type { FavouriteReport } from '@verdant/contracts/reports/favourites';
import { FAVOURITE_NAME_MAX } from '@verdant/domain/constants';
import { REPORT_MSG } from '@verdant/domain/reports/messages';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showInfoBanner, showSuccessBanner } from '../../../lib/banners';
import { call, invalidate, submitForm, useOperation } from '../../../lib/operations';
import { FavouritesEmpty } from './favourites-empty';

/**
 * The dashboard's Favourite Reports tab (core-portal.md, Dashboard): each favourite runs now (a sliding
 * period from today), and can be renamed or deleted.
 */
export function FavouriteReports() {
  const favourites = useOperation(ops.favourites, {});
  const client = useQueryClient();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [running, setRunning] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (name: string) => call(ops.deleteFavourite, { body: { name } }),
    onSettled: () => invalidate(client, ops.favourites),
  });

  if (favourites.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading favourite reports" />
      </Center>
    );
  if (favourites.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(favourites.error)}
      </Alert>
    );
  if (favourites.data.length === 0) return <FavouritesEmpty kind="reports" />;

  async function run(f: FavouriteReport) {
    setRunning(f.name);
    showInfoBanner(REPORT_MSG.downloadBegins);
    try {
      // The spec's form POST (id, token, file name): the browser downloads the file itself.
      submitForm(ops.downloadFavourite, await call(ops.favouriteLink, { body: { name: f.name } }));
    } catch (error) {
      showErrorBanner(errorMessage(error));
    } finally {
      setRunning(null);
    }
  }

  const confirmDelete = (name: string) =>
    modals.openConfirmModal({
      title: 'Delete favourite report',
      centered: true,
      children: <Text fz="sm">{`Delete the favourite report ${name}?`}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(name, {
          onSuccess: () => showSuccessBanner(`${name} deleted`),
          onError: (error) => showErrorBanner(`Could not delete ${name}.  ${errorMessage(error)}`),
        }),
    });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Favourite reports">
        {favourites.data.map((f, i) => (
          <Group
            key={f.name}
            component="li"
            justify="space-between"
            wrap="nowrap"
            gap="sm"
            py="xs"
            style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
          >
            <Stack gap={2} miw={0}>
              <Text fw={500}>{f.name}</Text>
              <Text fz="sm" c="dimmed">
                {`${f.reportName} · ${f.asset.name} · ${f.period} · ${f.extension.toUpperCase()}`}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Tooltip label="Run now">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Run ${f.name}`}
                  loading={running === f.name}
                  onClick={() => run(f)}
                >
                  <IconPlayerPlay size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Rename">
                <ActionIcon
                  variant="subtle"
                  aria-label={`Rename ${f.name}`}
                  onClick={() => setRenaming(f.name)}
                >
                  <IconPencil size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${f.name}`}
                  onClick={() => confirmDelete(f.name)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        ))}
      </Stack>
      <RenameModal name={renaming} onClose={() => setRenaming(null)} />
    </Paper>
  );
}

function RenameModal({ name, onClose }: { name: string | null; onClose: () => void }) {
  const [value, setValue] = useState('');
  const client = useQueryClient();
  const rename = useMutation({
    mutationFn: (v: { name: string; newName: string }) => call(ops.renameFavourite, { body: v }),
    onSuccess: () => invalidate(client, ops.favourites),
  });
  const reset = rename.reset;
  useEffect(() => {
    if (name !== null) {
      setValue(name);
      reset();
    }
  }, [name, reset]);
  const trimmed = value.trim();
  return (
    <Modal opened={name !== null} onClose={onClose} title="Rename favourite report">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (name === null) return;
          rename.mutate(
            { name, newName: trimmed },
            {
              onSuccess: () => {
                showSuccessBanner(`${name} renamed to ${trimmed}`);
                onClose();
              },
            },
          );
        }}
      >
        <TextInput
          label="Name"
          value={value}
          maxLength={FAVOURITE_NAME_MAX}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={rename.isError ? errorMessage(rename.error) : undefined}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={trimmed === '' || trimmed === name} loading={rename.isPending}>
            Rename
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
