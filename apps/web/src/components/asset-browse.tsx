import { Button, Center, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import type { SearchAssetType, SearchResult } from '@verdant/contracts/search';
import { LIST_PAGE_SIZE } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import { errorMessage } from '../lib/api-errors';
import { ResultRow } from './asset-result-row';
import { useAssetBrowse } from './use-asset-browse';

interface AssetBrowseListProps {
  type: SearchAssetType;
  selected: SearchResult | null;
  onSelect: (asset: SearchResult) => void;
}

/** Browse mode of the asset panel: every asset of the type the user may see, by name, without typing. */
export function AssetBrowseList({ type, selected, onSelect }: AssetBrowseListProps) {
  const browse = useAssetBrowse(type);
  const results = (browse.data?.pages ?? []).flatMap((p) => p.results);
  if (browse.isPending) {
    return (
      <Center py="sm">
        <Loader size="sm" aria-label="Loading assets" />
      </Center>
    );
  }
  if (browse.isError) {
    return (
      <Text fz="sm" c="red" role="alert">
        {errorMessage(browse.error)}
      </Text>
    );
  }
  if (results.length === 0) {
    return (
      <Text fz="sm" c="dimmed" p="xs">
        {MSG.noResults}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Browse results">
        {results.map((result) => (
          <li key={`${result.type}:${result.id}`}>
            <ResultRow
              result={result}
              selected={selected?.type === result.type && selected.id === result.id}
              onSelect={() => onSelect(result)}
            />
          </li>
        ))}
      </Stack>
      {browse.hasNextPage && (
        <Center py={4}>
          <Button
            size="compact-sm"
            variant="subtle"
            loading={browse.isFetchingNextPage}
            onClick={() => void browse.fetchNextPage()}
          >
            {`Show Next ${LIST_PAGE_SIZE}`}
          </Button>
        </Center>
      )}
    </ScrollArea.Autosize>
  );
}
