import {
  ActionIcon,
  Alert,
  Anchor,
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
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { decodeGraph } from '@verdant/contracts/graphs';
import { FAVOURITE_NAME_MAX } from '@verdant/domain/constants';
import { seriesName } from '@verdant/domain/graphs/series';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  useDeleteFavouriteGraph,
  useFavouriteGraphs,
  useRenameFavouriteGraph,
} from '../../../components/favourite-graphs-api';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { FavouritesEmpty } from './favourites-empty';

/** What a saved graph shows, in a few words ('Yearly Chart by month: Head Office - Energy consumption, …'). */
function describe(graph: string): string {
  const g = decodeGraph(graph);
  if (!g) return 'This graph can no longer be read.';
  const chart = g.chart === 'yearly' ? 'Yearly Chart' : 'Timeseries Chart';
  const names = g.series.map(seriesName);
  const shown = names.slice(0, 3).join(', ');
  return `${chart} by ${g.period}: ${shown}${names.length > 3 ? ` and ${names.length - 3} more` : ''}`;
}

/**
 * The dashboard's Favourite Graphs tab (core-portal.md, Dashboard): each favourite opens the time series as
 * saved (/reports/ts?defaults=…), and can be renamed or deleted. No chart code loads here.
 */
export function FavouriteGraphs() {
  const favourites = useFavouriteGraphs();
  const remove = useDeleteFavouriteGraph();
  const [renaming, setRenaming] = useState<string | null>(null);
  if (favourites.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading favourite graphs" />
      </Center>
    );
  if (favourites.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(favourites.error)}
      </Alert>
    );
  if (favourites.data.length === 0) return <FavouritesEmpty kind="graphs" />;

  const confirmDelete = (name: string) =>
    modals.openConfirmModal({
      title: 'Delete favourite graph',
      centered: true,
      children: (
        <Text fz="sm">{`Delete the favourite graph ${name}? The figures behind it are not touched.`}</Text>
      ),
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
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Favourite graphs">
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
              <Anchor
                component={Link}
                to={`/reports/ts?${new URLSearchParams({ defaults: f.graph })}`}
                fw={500}
              >
                {f.name}
              </Anchor>
              <Text fz="sm" c="dimmed">
                {describe(f.graph)}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
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

/** The rename dialog (data-portal.md 5): Rename is disabled while the name is empty or unchanged. */
function RenameModal({ name, onClose }: { name: string | null; onClose: () => void }) {
  const [value, setValue] = useState('');
  const rename = useRenameFavouriteGraph();
  const reset = rename.reset;
  useEffect(() => {
    if (name !== null) {
      setValue(name);
      reset();
    }
  }, [name, reset]);
  const trimmed = value.trim();
  return (
    <Modal opened={name !== null} onClose={onClose} title="Rename favourite graph">
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!trimmed || trimmed === name} loading={rename.isPending}>
              Rename
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
