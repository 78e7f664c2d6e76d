import { Alert, Button, Center, Group, Loader, Paper, Text } from '@mantine/core';
import { LIST_PAGE_SIZE } from '@verdant/domain/constants';
import { MSG } from '@verdant/domain/messages';
import type { ReactNode } from 'react';
import { errorMessage, isSilentError } from '../lib/api-errors';

/** What the body needs of a list loaded LIST_PAGE_SIZE rows at a time (TanStack's infinite query). */
export interface PagedListState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The body of a paged list: its error, a loader while the first page loads, 'No results' when empty (or what
 * `empty` says instead: a list with nothing in it yet says how to add the first), the table, and 'Show Next 100'
 * while more rows remain.
 */
export function PagedListBody({
  list,
  rowCount,
  loadingLabel,
  empty,
  children,
}: {
  list: PagedListState;
  rowCount: number;
  loadingLabel: string;
  empty?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {list.isError && !isSilentError(list.error) && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(list.error)}
        </Alert>
      )}
      <Paper withBorder radius="md">
        {list.isPending ? (
          <Center py="xl">
            <Loader aria-label={loadingLabel} />
          </Center>
        ) : rowCount === 0 ? (
          empty || (
            <Text c="dimmed" fz="sm" p="md">
              {MSG.noResults}
            </Text>
          )
        ) : (
          children
        )}
      </Paper>
      {list.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {`Show Next ${LIST_PAGE_SIZE}`}
          </Button>
        </Group>
      )}
    </>
  );
}
