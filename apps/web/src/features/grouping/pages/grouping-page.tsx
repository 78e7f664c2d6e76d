import { Alert, Center, Loader, Stack, Tabs } from '@mantine/core';
import type { GroupType } from '@verdant/contracts/groupings';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGrouping } from '../api';
import {
  GroupingAssign,
  GroupingDetails,
  GroupingGroups,
  GroupingReports,
} from '../components/grouping-sections';

const TABS = [
  { value: 'groups', label: 'Groups' },
  { value: 'details', label: 'Details' },
  { value: 'assign', label: 'Assign' },
  { value: 'unassociated-assets', label: 'Unassociated Assets' },
  { value: 'reports', label: 'Reports' },
] as const;

/** /site-groupings/{id} and /meter-groupings/{id}: Groups, Details, Assign, Unassociated Assets, Reports. */
export function GroupingPage() {
  const { id: rawId, tab: rawTab = 'groups' } = useParams();
  const { pathname } = useLocation();
  const type: GroupType = pathname.startsWith('/meter-groupings') ? 'meter' : 'site';
  const id = Number(rawId);
  const navigate = useNavigate();
  const grouping = useGrouping(type, id);
  const tab = TABS.some((t) => t.value === rawTab) ? rawTab : null;
  const missing =
    !Number.isInteger(id) ||
    id <= 0 ||
    tab === null ||
    (grouping.error instanceof ApiError && grouping.error.status === 404);
  useDocumentTitle(missing ? 'Page not found' : (grouping.data?.name ?? 'Grouping'));
  if (missing) return <NotFoundPage />;
  if (grouping.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading grouping" />
      </Center>
    );
  if (grouping.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(grouping.error)}
      </Alert>
    );
  const g = grouping.data;
  const base = `/${type}-groupings/${g.id}`;
  return (
    <>
      <PageHeader
        title={g.name}
        description={
          <>
            {type === 'site' ? 'Grouping of site groups' : 'Grouping of data source groups'}
            {g.controlled ? ', controlled' : ', uncontrolled'}
          </>
        }
      />
      <Stack gap="md">
        <Tabs
          value={tab}
          onChange={(v) => navigate(v && v !== 'groups' ? `${base}/${v}` : base)}
          keepMounted={false}
        >
          <Tabs.List aria-label="Grouping sections">
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {tab === 'groups' && <GroupingGroups grouping={g} />}
        {tab === 'details' && <GroupingDetails grouping={g} />}
        {tab === 'assign' && <GroupingAssign grouping={g} unassociatedOnly={false} />}
        {tab === 'unassociated-assets' && <GroupingAssign grouping={g} unassociatedOnly />}
        {tab === 'reports' && <GroupingReports grouping={g} />}
      </Stack>
    </>
  );
}
