import { Center, Loader, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-errors';
import { IN_VIEW_STYLE } from './in-view';

/** A read not (yet) there: a spinner while it loads, the refusal when it failed, else nothing. */
export function QueryPending({ query }: { query: { isPending: boolean; isError: boolean; error: unknown } }) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  return query.isError ? <Text c="red">{errorMessage(query.error)}</Text> : null;
}

/** A page's read: a spinner while it loads, the refusal when it failed, else what `children` draws of it. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  return query.isPending || query.isError ? <QueryPending query={query} /> : children(query.data);
}

/** A table's one row saying it has none ('No jobs yet.'), across all its columns, kept in view (./in-view.tsx). */
export function EmptyRow({ cols, text }: { cols: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={cols}>
        <Text c="dimmed" ta="center" py="md" style={IN_VIEW_STYLE}>
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
