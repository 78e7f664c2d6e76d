import {
  Button,
  Checkbox,
  Group,
  Loader,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { GraphSeriesDef } from '@verdant/contracts/graphs';
import type { SearchResult } from '@verdant/contracts/search';
import type { GraphAsset, GraphQuantity, SplitKind } from '@verdant/domain/graphs/series';
import { useMemo, useState } from 'react';
import { AssetSearch } from '../../../components/asset-search';
import { ASSET_TYPE_LABELS, GRAPH_SOURCE_CHOICES } from '../../../components/asset-types';
import { errorMessage } from '../../../lib/api-errors';
import { useMeasured, useSplit } from '../api';
import { seriesOf } from '../builder-state';
import { PartList } from './part-list';
import { QuantitySelect } from './quantity-select';
import { splitChoices } from './split-choices';
import { StepCard } from './step-card';
import { isTimeMatched, withAverage } from './time-matched-series';

interface Draft {
  asset: GraphAsset | null;
  quantity: GraphQuantity | null;
  split: SplitKind | 'none' | null;
  excluded: Set<string>;
  barline: 'bar' | 'line';
  presentation: 'normal' | 'cumulative';
  forecast: boolean;
  /** Time-matched scope 2: the annual average and the difference added beside it. */
  beside: boolean;
}

/**
 * The four steps that make series: Select Source (search or browse any asset), Quantity (what it measures),
 * Deaggregation (none, child assets, data types or groups) and Data Series (which parts, drawn how), then
 * Add series. Each step's cancel icon resets it and the steps after it.
 */
export function BuilderSteps({
  initialAsset,
  room,
  onAdd,
}: {
  initialAsset: GraphAsset | null;
  /** Series the graph can still take. */
  room: number;
  onAdd: (series: GraphSeriesDef[]) => void;
}) {
  const [draft, setDraft] = useState<Draft>({
    asset: initialAsset,
    quantity: null,
    split: null,
    excluded: new Set(),
    barline: 'bar',
    presentation: 'normal',
    forecast: false,
    beside: true,
  });
  const offered = useMeasured(draft.asset).quantities.data?.quantities ?? [];
  const base = useMemo(
    () => (draft.asset && draft.quantity ? seriesOf({ asset: draft.asset, quantity: draft.quantity }) : null),
    [draft.asset, draft.quantity],
  );
  const splitKind = draft.split && draft.split !== 'none' ? draft.split : null;
  const parts = useSplit(splitKind ? base : null, splitKind);

  const reset = (from: 'asset' | 'quantity' | 'split' | 'series') =>
    setDraft((d) => ({
      ...d,
      asset: from === 'asset' ? null : d.asset,
      quantity: from === 'asset' || from === 'quantity' ? null : d.quantity,
      split: from === 'series' ? d.split : null,
      excluded: new Set(),
      ...(from === 'series'
        ? { barline: 'bar' as const, presentation: 'normal' as const, forecast: false }
        : {}),
    }));

  const partList = parts.data?.parts ?? [];
  const chosen: GraphSeriesDef[] =
    base === null || draft.split === null
      ? []
      : draft.split === 'none'
        ? withAverage(base, offered, draft.beside)
        : partList.filter((p) => !draft.excluded.has(p.name)).map((p) => p.series);
  const styled = chosen.map((s) => ({
    ...s,
    barline: draft.barline,
    presentation: draft.presentation,
    forecast: draft.forecast,
  }));
  const tooMany = styled.length > room;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="sm">
      <StepCard
        number={1}
        title="Select Source"
        enabled
        onReset={draft.asset ? () => reset('asset') : undefined}
      >
        {draft.asset ? (
          <Stack gap={2}>
            <Text fw={500}>{draft.asset.text}</Text>
            <Text fz="xs" c="dimmed">
              {ASSET_TYPE_LABELS[draft.asset.type]}
            </Text>
          </Stack>
        ) : (
          <AssetSearch
            types={GRAPH_SOURCE_CHOICES}
            selected={null}
            onSelect={(a: SearchResult | null) =>
              a &&
              setDraft((d) => ({
                ...d,
                asset: { type: a.type, id: a.id, text: a.name },
                quantity: null,
                split: null,
              }))
            }
          />
        )}
      </StepCard>

      <StepCard
        number={2}
        title="Quantity"
        enabled={draft.asset !== null}
        onReset={draft.quantity ? () => reset('quantity') : undefined}
      >
        <QuantitySelect
          asset={draft.asset}
          value={draft.quantity}
          onChange={(q) =>
            setDraft((d) => ({ ...d, quantity: q, split: q ? 'none' : null, excluded: new Set() }))
          }
        />
      </StepCard>

      <StepCard
        number={3}
        title="Deaggregation"
        enabled={draft.quantity !== null}
        onReset={
          draft.split && draft.split !== 'none'
            ? () => setDraft((d) => ({ ...d, split: 'none', excluded: new Set() }))
            : undefined
        }
      >
        {draft.asset && draft.quantity ? (
          <Radio.Group
            aria-label="Deaggregation"
            value={draft.split ?? 'none'}
            onChange={(v) => setDraft((d) => ({ ...d, split: v as SplitKind | 'none', excluded: new Set() }))}
          >
            <Stack gap={6}>
              {splitChoices(draft.asset, draft.quantity).map((c) => (
                <Radio key={c.value} value={c.value} label={c.label} disabled={!c.enabled} />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Text fz="sm" c="dimmed">
            Choose a quantity first.
          </Text>
        )}
      </StepCard>

      <StepCard
        number={4}
        title="Data Series"
        enabled={base !== null}
        onReset={base ? () => reset('series') : undefined}
      >
        <Stack gap="xs">
          {splitKind && parts.isFetching && <Loader size="sm" aria-label="Loading the parts" />}
          {splitKind && parts.isError && (
            <Text fz="sm" c="red" role="alert">
              {errorMessage(parts.error)}
            </Text>
          )}
          {splitKind && parts.data && (
            <PartList
              names={partList.map((p) => p.name)}
              excluded={draft.excluded}
              hidden={parts.data.hidden}
              onChange={(excluded) => setDraft((d) => ({ ...d, excluded }))}
            />
          )}
          {draft.split === 'none' && base && (
            <Text fz="sm">{`${base.asset.text} - ${base.quantity.label}`}</Text>
          )}
          {base === null && (
            <Text fz="sm" c="dimmed">
              Choose a source and a quantity first.
            </Text>
          )}
          <Group gap="xs" wrap="wrap" display={base === null ? 'none' : undefined}>
            <SegmentedControl
              size="xs"
              aria-label="Draw as"
              value={draft.barline}
              onChange={(v) => setDraft((d) => ({ ...d, barline: v as 'bar' | 'line' }))}
              data={[
                { value: 'bar', label: 'Bar' },
                { value: 'line', label: 'Line' },
              ]}
            />
            <SegmentedControl
              size="xs"
              aria-label="Presentation"
              value={draft.presentation}
              onChange={(v) => setDraft((d) => ({ ...d, presentation: v as 'normal' | 'cumulative' }))}
              data={[
                { value: 'normal', label: 'Normal' },
                { value: 'cumulative', label: 'Cumulative' },
              ]}
            />
          </Group>
          <Checkbox
            size="xs"
            display={isTimeMatched(base?.quantity ?? null) ? undefined : 'none'}
            label="With the annual average and the difference beside it"
            checked={draft.beside}
            onChange={(e) => setDraft((d) => ({ ...d, beside: e.currentTarget.checked }))}
          />
          <Checkbox
            size="xs"
            display={base === null ? 'none' : undefined}
            label="Forecast the rest of the last year"
            checked={draft.forecast}
            onChange={(e) => setDraft((d) => ({ ...d, forecast: e.currentTarget.checked }))}
          />
          {tooMany && (
            <Text
              fz="xs"
              c="red"
              role="alert"
            >{`The graph can take ${room} more series: choose fewer parts.`}</Text>
          )}
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={styled.length === 0 || tooMany}
            onClick={() => {
              onAdd(styled);
              setDraft((d) => ({ ...d, excluded: new Set() }));
            }}
          >
            {styled.length > 1 ? `Add ${styled.length} series` : 'Add series'}
          </Button>
        </Stack>
      </StepCard>
    </SimpleGrid>
  );
}
