import { Alert, Center, Loader, Stack, Tabs } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { GroupType } from '@verdant/contracts/groupings';
import type { ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../lib/api-errors';
import { useDocumentTitle } from '../lib/use-document-title';
import { NotFoundPage } from './not-found-page';
import { PageHeader } from './page-header';

/**
 * The prelude of the group and grouping pages (`/{site,meter}-{groups,groupings}/{id}[/{tab}]`): the id and
 * tab from the path, the member type from its start, not found for a bad id, an unknown tab or a 404, the
 * loader, the error alert, and the tabs (the first tab's path is the page's own).
 */
export function GroupPageShell<T extends { id: number; name: string }, Tab extends string>({
  kind,
  tabs,
  useItem,
  description,
  children,
}: {
  kind: 'groups' | 'groupings';
  tabs: readonly { value: Tab; label: string }[];
  useItem: (type: GroupType, id: number) => UseQueryResult<T>;
  description: (item: T, type: GroupType) => ReactNode;
  children: (item: T, tab: Tab) => ReactNode;
}) {
  const noun = kind === 'groups' ? 'group' : 'grouping';
  const first = tabs[0]?.value;
  const { id: rawId, tab: rawTab = first } = useParams();
  const { pathname } = useLocation();
  const type: GroupType = pathname.startsWith(`/meter-${kind}`) ? 'meter' : 'site';
  const id = Number(rawId);
  const navigate = useNavigate();
  const item = useItem(type, id);
  const tab = tabs.find((t) => t.value === rawTab)?.value ?? null;
  const missing =
    !Number.isInteger(id) ||
    id <= 0 ||
    tab === null ||
    (item.error instanceof ApiError && item.error.status === 404);
  useDocumentTitle(
    missing ? 'Page not found' : (item.data?.name ?? `${noun[0]?.toUpperCase()}${noun.slice(1)}`),
  );
  if (missing) return <NotFoundPage />;
  if (item.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={`Loading ${noun}`} />
      </Center>
    );
  if (item.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(item.error)}
      </Alert>
    );
  const data = item.data;
  const base = `/${type}-${kind}/${data.id}`;
  return (
    <>
      <PageHeader title={data.name} description={description(data, type)} />
      <Stack gap="md">
        <Tabs
          value={tab}
          onChange={(v) => navigate(v && v !== first ? `${base}/${v}` : base)}
          keepMounted={false}
        >
          <Tabs.List aria-label={`${noun[0]?.toUpperCase()}${noun.slice(1)} sections`}>
            {tabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {children(data, tab)}
      </Stack>
    </>
  );
}
