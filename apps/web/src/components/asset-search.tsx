import {
  Group,
  Loader,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { SearchAssetType, SearchResult } from '@verdant/contracts/search';
import { SEARCH_MIN_CHARS } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { type ReactNode, useId, useState } from 'react';
import { AssetBrowseList } from './asset-browse';
import { ResultRow } from './asset-result-row';
import { ASSET_TYPE_CHOICES } from './asset-types';
import { useAssetSearch } from './use-asset-search';

interface AssetSearchProps {
  selected: SearchResult | null;
  onSelect: (asset: SearchResult | null) => void;
  /** The asset type chosen first; Sites unless the screen knows better. */
  initialType?: SearchAssetType;
  /** The types offered: the ones rights are granted on, unless the screen offers more (vehicles). */
  types?: readonly { value: SearchAssetType; label: string }[];
}

/**
 * Finds one asset of the current organisation: choose its type, then either type at least three characters
 * of its name (Search) or pick from the whole list (Browse). Later screens (reports, groups) reuse it.
 */
export function AssetSearch({
  selected,
  onSelect,
  initialType = 'site',
  types = ASSET_TYPE_CHOICES,
}: AssetSearchProps) {
  const [type, setType] = useState<SearchAssetType>(initialType);
  const [mode, setMode] = useState<'search' | 'browse'>('search');
  const [text, setText] = useState('');
  const search = useAssetSearch(type, text);
  const resultsId = useId();
  const typed = text.trim();

  let body: ReactNode = null;
  if (search.status === 'failed') {
    body = (
      <Text fz="sm" c="red" role="alert">
        {search.message}
      </Text>
    );
  } else if (search.status === 'short') {
    body =
      typed.length > 0 && typed.length < SEARCH_MIN_CHARS ? (
        <Text fz="sm" c="dimmed">{`Type at least ${SEARCH_MIN_CHARS} characters`}</Text>
      ) : null;
  } else if (search.status === 'done' && search.results.length === 0) {
    body = (
      <Text fz="sm" c="dimmed">
        {MSG.noResults}
      </Text>
    );
  } else if (search.results.length > 0) {
    body = (
      <ScrollArea.Autosize mah={220} type="auto">
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {search.results.map((result) => (
            <li key={`${result.type}:${result.id}`}>
              <ResultRow
                result={result}
                selected={selected?.type === result.type && selected.id === result.id}
                onSelect={() => onSelect(result)}
              />
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Search or browse"
        size="xs"
        value={mode}
        onChange={(value) => setMode(value as 'search' | 'browse')}
        data={[
          { value: 'search', label: 'Search' },
          { value: 'browse', label: 'Browse' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {/* Side by side where there is room; in a narrow step each takes a line, never squeezing the search. */}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Asset type"
          data={types as { value: SearchAssetType; label: string }[]}
          value={type}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return;
            setType(value);
            onSelect(null);
          }}
          style={{ flex: '1 1 10rem' }}
        />
        {mode === 'search' && (
          <TextInput
            label="Search assets"
            placeholder={`Type at least ${SEARCH_MIN_CHARS} characters of a name`}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={search.status === 'searching' ? <Loader size={14} aria-label="Searching" /> : null}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            aria-controls={resultsId}
            style={{ flex: '999 1 14rem' }}
          />
        )}
      </Group>
      {mode === 'browse' ? (
        <Paper aria-label="Browse results" role="region" withBorder p={4}>
          <AssetBrowseList type={type} selected={selected} onSelect={onSelect} />
        </Paper>
      ) : (
        <Paper
          id={resultsId}
          aria-label="Search results"
          role="region"
          withBorder={body !== null}
          p={body ? 4 : 0}
        >
          {body}
        </Paper>
      )}
    </Stack>
  );
}
