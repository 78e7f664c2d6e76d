import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { FAVOURITE_NAME_MAX } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { useEffect, useState } from 'react';
import { useSaveFavouriteGraph } from '../../../components/favourite-graphs-api';
import { FormActions } from '../../../components/form-actions';
import { errorMessage } from '../../../lib/api-errors';
import { showSuccessBanner } from '../../../lib/banners';
import type { BuilderGraph } from '../builder-state';
import type { GraphAxes, LegendPosition } from '../graph-option';

/** Set as favourite: a name is required; saving under a name already used replaces that favourite. */
export function FavouriteModal({
  opened,
  onClose,
  encoded,
  suggestion,
  existing,
}: {
  opened: boolean;
  onClose: () => void;
  /** The graph, encoded. */
  encoded: string;
  suggestion: string;
  /** The names already used (a warning that saving replaces). */
  existing: string[];
}) {
  const [name, setName] = useState(suggestion);
  const save = useSaveFavouriteGraph();
  useEffect(() => {
    if (opened) {
      setName(suggestion);
      save.reset();
    }
  }, [opened, suggestion, save.reset]);
  const trimmed = name.trim();
  return (
    <Modal opened={opened} onClose={onClose} title="Set as favourite">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!trimmed) return;
          save.mutate(
            { name: trimmed, graph: encoded },
            {
              onSuccess: (answer) => {
                showSuccessBanner(answer.message);
                onClose();
              },
            },
          );
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            required
            data-autofocus
            maxLength={FAVOURITE_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={
              name !== '' && !trimmed
                ? MSG.favouriteNameRequired
                : save.isError
                  ? errorMessage(save.error)
                  : null
            }
          />
          {existing.includes(trimmed) && (
            <Text
              fz="sm"
              c="orange.9"
            >{`A favourite called ${trimmed} exists: saving replaces its graph.`}</Text>
          )}
          <Text fz="sm" c="dimmed">
            Favourites are listed on the dashboard&apos;s Favourite Graphs tab. They keep their years relative
            to this year, so last year and this year stay last year and this year.
          </Text>
          <FormActions onCancel={onClose} type="submit" disabled={!trimmed} loading={save.isPending}>
            Save favourite
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}

const LEGENDS: { value: LegendPosition; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'top', label: 'Top' },
  { value: 'right', label: 'Right' },
  { value: 'bottom', label: 'Bottom' },
  { value: 'left', label: 'Left' },
];

const AXES: { value: GraphAxes; label: string }[] = [
  { value: 'unit', label: 'One per unit' },
  { value: 'series', label: 'One per series' },
];

/**
 * Graph options: the title drawn above the chart (and in its image), where the legend goes, and the y axes
 * (one per series lets a meter be read beside its whole site).
 */
export function OptionsModal({
  opened,
  onClose,
  graph,
  onChange,
}: {
  opened: boolean;
  onClose: () => void;
  graph: Pick<BuilderGraph, 'title' | 'legend' | 'axes'>;
  onChange: (change: Pick<BuilderGraph, 'title' | 'legend' | 'axes'>) => void;
}) {
  const [title, setTitle] = useState(graph.title);
  const [legend, setLegend] = useState<LegendPosition>(graph.legend);
  const [axes, setAxes] = useState<GraphAxes>(graph.axes);
  useEffect(() => {
    if (opened) {
      setTitle(graph.title);
      setLegend(graph.legend);
      setAxes(graph.axes);
    }
  }, [opened, graph.title, graph.legend, graph.axes]);
  return (
    <Modal opened={opened} onClose={onClose} title="Graph options">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ title: title.trim(), legend, axes });
          onClose();
        }}
      >
        <Stack>
          <TextInput
            label="Title"
            maxLength={200}
            data-autofocus
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <Select
            label="Legend"
            allowDeselect={false}
            data={LEGENDS}
            value={legend}
            onChange={(v) => v && setLegend(v as LegendPosition)}
          />
          <Select
            label="Y axes"
            allowDeselect={false}
            data={AXES}
            value={axes}
            onChange={(v) => v && setAxes(v as GraphAxes)}
          />
          <FormActions onCancel={onClose} type="submit">
            Apply
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
