import { Alert, Badge, Button, Center, Group, Loader, Stack, Tabs } from '@mantine/core';
import { IconChartBar, IconTrash } from '@tabler/icons-react';
import { MSG } from '@verdant/domain/messages';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageActions } from '../../../components/page-actions';
import { PageHeader } from '../../../components/page-header';
import { useShiftArrowTabs } from '../../../components/use-shift-arrow-tabs';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useUserDetails } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSite } from '../api';
import { DeleteSiteModal } from '../components/delete-site-modal';
import { SiteDataSources, SiteEntities } from '../components/site-lists';
import { SiteOverview } from '../components/site-overview';
import { SiteSettings } from '../components/site-settings';

const trimPath = (pathname: string) => pathname.replace(/\/+$/, '');

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'entities', label: 'Entities' },
  { value: 'data-sources', label: 'Data Sources' },
  { value: 'settings', label: 'Settings' },
  { value: 'files', label: 'Files' },
  { value: 'history', label: 'History' },
] as const;

// The history (administrators only) loads only when its tab opens.
const AuditHistory = lazy(async () => ({
  default: (await import('../../../components/audit-history')).AuditHistory,
}));

// The files panel (shared with the organisation and entities) loads only when the Files tab opens.
const FilesPanel = lazy(async () => ({
  default: (await import('../../../components/files-panel')).FilesPanel,
}));

/** /sites/{id} and its tabs: overview, entities, data sources, settings, files. */
export function SitePage() {
  const { id: rawId, tab: rawTab = 'overview' } = useParams();
  const id = Number(rawId);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const site = useSite(id);
  const [deleting, setDeleting] = useState(false);
  const me = useUserDetails().data;
  const isAdmin = me?.admin === true || me?.productAdmin === true;
  const tab = TABS.some((t) => t.value === rawTab) ? rawTab : null;
  const missing =
    !Number.isInteger(id) ||
    id <= 0 ||
    tab === null ||
    (site.error instanceof ApiError && site.error.status === 404);
  // The not-found page names itself; the site page's own title would otherwise win (its effect runs last).
  useDocumentTitle(missing ? 'Page not found' : (site.data?.name ?? 'Site'));
  useShiftArrowTabs(
    missing || !site.data
      ? []
      : TABS.filter((t) => t.value !== 'history' || isAdmin).map((t) =>
          t.value === 'overview' ? `/sites/${id}` : `/sites/${id}/${t.value}`,
        ),
    trimPath,
  );

  if (missing) return <NotFoundPage />;
  if (site.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading site" />
      </Center>
    );
  }
  if (site.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(site.error)}
      </Alert>
    );
  }
  const s = site.data;
  const reportLink = `/reports/ts?${new URLSearchParams({
    'asset-type': 'site',
    'asset-id': String(s.id),
    'asset-text': s.name,
    clear: '2',
  })}`;

  return (
    <>
      <PageHeader
        title={s.name}
        description={
          <Group gap="xs" component="span">
            {s.closed && (
              <Badge color="gray" variant="light">
                {MSG.siteNoLongerActive}
              </Badge>
            )}
            {s.description}
          </Group>
        }
        right={
          <Button component={Link} to={reportLink} variant="light" leftSection={<IconChartBar size={16} />}>
            Time series report
          </Button>
        }
      />
      {s.mayEdit && (
        <PageActions>
          <Button
            size="compact-sm"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeleting(true)}
          >
            Delete
          </Button>
        </PageActions>
      )}
      <Stack gap="md">
        <Tabs
          value={tab}
          onChange={(value) =>
            navigate(value && value !== 'overview' ? `/sites/${s.id}/${value}` : `/sites/${s.id}`)
          }
          keepMounted={false}
        >
          <Tabs.List aria-label="Site sections">
            {TABS.filter((t) => t.value !== 'history' || isAdmin).map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <div key={pathname}>
          {tab === 'overview' && <SiteOverview site={s} />}
          {tab === 'entities' && <SiteEntities siteId={s.id} />}
          {tab === 'data-sources' && <SiteDataSources siteId={s.id} />}
          {tab === 'settings' && <SiteSettings site={s} />}
          {tab === 'history' && isAdmin && (
            <Suspense fallback={<Loader aria-label="Loading history" />}>
              <AuditHistory organisationId={s.organisationId} asset={{ type: 'site', id: s.id }} />
            </Suspense>
          )}
          {tab === 'files' && (
            <Suspense fallback={<Loader aria-label="Loading files" />}>
              <FilesPanel ownerType="site" ownerId={s.id} />
            </Suspense>
          )}
        </div>
      </Stack>
      <DeleteSiteModal site={s} opened={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}
