import { Alert, Center, Loader, Stack, Tabs } from '@mantine/core';
import type { GroupType } from '@verdant/contracts/groupings';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageHeader } from '../../../components/page-header';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGroup } from '../api';
import { GroupDetails, GroupMembers, GroupOverview } from '../components/group-sections';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'members', label: 'Members' },
  { value: 'details', label: 'Details' },
] as const;

/** /site-groups/{id} and /meter-groups/{id}: Overview, Members, Details. */
export function GroupPage() {
  const { id: rawId, tab: rawTab = 'overview' } = useParams();
  const { pathname } = useLocation();
  const type: GroupType = pathname.startsWith('/meter-groups') ? 'meter' : 'site';
  const id = Number(rawId);
  const navigate = useNavigate();
  const group = useGroup(type, id);
  const tab = TABS.some((t) => t.value === rawTab) ? rawTab : null;
  const missing =
    !Number.isInteger(id) ||
    id <= 0 ||
    tab === null ||
    (group.error instanceof ApiError && group.error.status === 404);
  useDocumentTitle(missing ? 'Page not found' : (group.data?.name ?? 'Group'));
  if (missing) return <NotFoundPage />;
  if (group.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading group" />
      </Center>
    );
  if (group.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(group.error)}
      </Alert>
    );
  const g = group.data;
  const base = `/${type}-groups/${g.id}`;
  return (
    <>
      <PageHeader
        title={g.name}
        description={
          <>
            {type === 'site' ? 'Site group' : 'Data source group'}
            {g.grouping ? ` in ${g.grouping.name}` : ''}
            {g.grouping ? '' : ', uncontrolled'}
          </>
        }
      />
      <Stack gap="md">
        <Tabs
          value={tab}
          onChange={(v) => navigate(v && v !== 'overview' ? `${base}/${v}` : base)}
          keepMounted={false}
        >
          <Tabs.List aria-label="Group sections">
            {TABS.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {tab === 'overview' && <GroupOverview group={g} />}
        {tab === 'members' && <GroupMembers group={g} />}
        {tab === 'details' && <GroupDetails group={g} />}
      </Stack>
    </>
  );
}
