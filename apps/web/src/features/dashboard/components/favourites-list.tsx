import { Alert, Center, Group, Loader, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { FAVOURITE_NAME_MAX } from '@verdant/domain/constants';
import { type ReactNode, useEffect, useState } from 'react';
import { FormActions } from '../../../components/form-actions';
import { RowAction, RowActions } from '../../../components/row-actions';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { FavouritesEmpty } from './favourites-empty';

export interface FavouriteRow {
  name: string;
  /** The name as shown: plain text, or a link that opens the favourite. */
  title: ReactNode;
  description: string;
}

type Rename = UseMutationResult<unknown, Error, { name: string; newName: string }>;

/**
 * The list of the dashboard's favourite graphs or reports (core-portal.md, Dashboard): each row names the
 * favourite and what it shows, and offers Run now (reports), Rename and Delete (data-portal.md 5: Rename is
 * disabled while the name is empty or unchanged; Delete asks first).
 */
export function FavouritesList({
  kind,
  query,
  rows,
  remove,
  rename,
  deleteText,
  run,
}: {
  kind: 'graphs' | 'reports';
  query: { isPending: boolean; isError: boolean; error: Error | null };
  rows: FavouriteRow[];
  remove: UseMutationResult<unknown, Error, string>;
  rename: Rename;
  deleteText: (name: string) => string;
  run?: { running: string | null; start: (name: string) => void };
}) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const noun = kind === 'graphs' ? 'favourite graph' : 'favourite report';
  if (query.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={`Loading favourite ${kind}`} />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(query.error)}
      </Alert>
    );
  if (rows.length === 0) return <FavouritesEmpty kind={kind} />;

  const confirmDelete = (name: string) =>
    modals.openConfirmModal({
      title: `Delete ${noun}`,
      centered: true,
      children: <Text fz="sm">{deleteText(name)}</Text>,
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
      <Stack
        gap={0}
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={`Favourite ${kind}`}
      >
        {rows.map((f, i) => (
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
              {f.title}
              <Text fz="sm" c="dimmed">
                {f.description}
              </Text>
            </Stack>
            <RowActions>
              {run && (
                <RowAction
                  tip="Run now"
                  label={`Run ${f.name}`}
                  icon={IconPlayerPlay}
                  loading={run.running === f.name}
                  onClick={() => run.start(f.name)}
                />
              )}
              <RowAction
                tip="Rename"
                label={`Rename ${f.name}`}
                icon={IconPencil}
                onClick={() => setRenaming(f.name)}
              />
              <RowAction
                tip="Delete"
                label={`Delete ${f.name}`}
                icon={IconTrash}
                danger
                onClick={() => confirmDelete(f.name)}
              />
            </RowActions>
          </Group>
        ))}
      </Stack>
      <RenameModal
        title={`Rename ${noun}`}
        name={renaming}
        rename={rename}
        onClose={() => setRenaming(null)}
      />
    </Paper>
  );
}

function RenameModal({
  title,
  name,
  rename,
  onClose,
}: {
  title: string;
  name: string | null;
  rename: Rename;
  onClose: () => void;
}) {
  const [value, setValue] = useState('');
  const reset = rename.reset;
  useEffect(() => {
    if (name !== null) {
      setValue(name);
      reset();
    }
  }, [name, reset]);
  const trimmed = value.trim();
  return (
    <Modal opened={name !== null} onClose={onClose} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!name || !trimmed || trimmed === name) return;
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
        <Stack>
          <TextInput
            label="Name"
            data-autofocus
            maxLength={FAVOURITE_NAME_MAX}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={rename.isError ? errorMessage(rename.error) : null}
          />
          <FormActions
            onCancel={onClose}
            type="submit"
            disabled={!trimmed || trimmed === name}
            loading={rename.isPending}
          >
            Rename
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
