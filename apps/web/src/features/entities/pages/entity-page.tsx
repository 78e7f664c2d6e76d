import { Alert, Anchor, Badge, Button, Center, Loader, Modal, Stack, Tabs, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ENTITY_TYPE_LABELS, type EntityDetail } from '@verdant/contracts/entities';
import { fill, MSG } from '@verdant/domain/messages';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageActions } from '../../../components/page-actions';
import { PageHeader } from '../../../components/page-header';
import { useShiftArrowTabs } from '../../../components/use-shift-arrow-tabs';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useUserDetails } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDeleteEntity, useEntity } from '../api';
import { EntityOverview } from '../components/entity-overview';
import { EntitySettings } from '../components/entity-settings';
import { PumpDetails } from '../components/pump-details';
import { WwtpDetails } from '../components/wwtp-details';

const FilesPanel = lazy(async () => ({
  default: (await import('../../../components/files-panel')).FilesPanel,
}));

const AuditHistory = lazy(async () => ({
  default: (await import('../../../components/audit-history')).AuditHistory,
}));

const TAB_KEYS = ['overview', 'settings', 'pump-details', 'wwtp-details', 'files', 'history'] as const;
type TabKey = (typeof TAB_KEYS)[number];

function tabsFor(entity: EntityDetail, isAdmin: boolean): { key: TabKey; label: string }[] {
  return [
    { key: 'overview', label: 'Overview' },
    { key: 'settings', label: 'Details' },
    ...(entity.type === 'PUMP' ? [{ key: 'pump-details' as const, label: 'Pump Details' }] : []),
    ...(entity.type === 'WWTP' ? [{ key: 'wwtp-details' as const, label: 'WWTP Details' }] : []),
    { key: 'files', label: 'Files' },
    ...(isAdmin ? [{ key: 'history' as const, label: 'History' }] : []),
  ];
}

function DeleteEntity({ entity }: { entity: EntityDetail }) {
  const [opened, setOpened] = useState(false);
  const remove = useDeleteEntity(entity.id);
  const navigate = useNavigate();
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpened(false);
        showSuccessBanner(fill(MSG.entityDeleted, { name: entity.entityName }));
        navigate('/organisation/entities');
      },
      onError: (error) => {
        setOpened(false);
        showErrorBanner(fill(MSG.deleteFailed, { name: entity.entityName, message: errorMessage(error) }));
      },
    });
  return (
    <>
      <PageActions>
        <Button
          size="compact-sm"
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} />}
          onClick={() => setOpened(true)}
        >
          Delete Entity
        </Button>
      </PageActions>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Delete ${entity.entityName}`} centered>
        <Stack>
          <Text>
            {`Delete ${entity.entityName}? It is archived; a product administrator can restore it within three months.`}
          </Text>
          <FormActions
            onCancel={() => setOpened(false)}
            color="red"
            onClick={confirm}
            loading={remove.isPending}
          >
            Delete
          </FormActions>
        </Stack>
      </Modal>
    </>
  );
}

/** /entities/{id} and its tabs: Overview, Details (/settings), Pump Details, WWTP Details and Files. */
export function EntityPage() {
  const id = Number(useParams().id);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entity = useEntity(id);
  const me = useUserDetails().data;
  const isAdmin = me?.admin === true || me?.productAdmin === true;
  const suffix = pathname.replace(/\/+$/, '').split('/')[3] ?? 'overview';
  const missing =
    !Number.isInteger(id) ||
    id <= 0 ||
    !(TAB_KEYS as readonly string[]).includes(suffix) ||
    (entity.error instanceof ApiError && entity.error.status === 404);
  // The not-found page names itself; the entity page's own title would otherwise win (its effect runs last).
  useDocumentTitle(missing ? 'Page not found' : (entity.data?.entityName ?? 'Entity'));
  useShiftArrowTabs(
    missing || !entity.data
      ? []
      : tabsFor(entity.data, isAdmin).map((t) =>
          t.key === 'overview' ? `/entities/${id}` : `/entities/${id}/${t.key}`,
        ),
    (path) => path.replace(/\/+$/, ''),
  );

  if (missing) return <NotFoundPage />;
  if (entity.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading entity" />
      </Center>
    );
  }
  if (!entity.data) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(entity.error)}
      </Alert>
    );
  }
  const e = entity.data;
  const tabs = tabsFor(e, isAdmin);
  const current = tabs.some((t) => t.key === suffix) ? (suffix as TabKey) : 'overview';
  const go = (key: string | null) =>
    navigate(key === 'overview' || !key ? `/entities/${id}` : `/entities/${id}/${key}`);

  return (
    <>
      <PageHeader
        title={e.entityName}
        description={
          <>
            {`${ENTITY_TYPE_LABELS[e.type]} at `}
            <Anchor component={Link} to={`/sites/${e.siteId}`} fz="sm">
              {e.siteName}
            </Anchor>
            {e.facilityName ? `, ${e.facilityName}` : ''}
          </>
        }
        right={
          e.closed ? (
            <Badge color="gray" variant="light" size="lg">
              {MSG.entityNoLongerActive}
            </Badge>
          ) : undefined
        }
      />
      {e.mayEdit && <DeleteEntity entity={e} />}
      <Tabs value={current} onChange={go} keepMounted={false}>
        <Tabs.List aria-label="Entity sections" mb="md">
          {tabs.map((t) => (
            <Tabs.Tab key={t.key} value={t.key}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview">
          <EntityOverview entity={e} />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <EntitySettings entity={e} />
        </Tabs.Panel>
        {e.type === 'PUMP' && (
          <Tabs.Panel value="pump-details">
            <PumpDetails entity={e} />
          </Tabs.Panel>
        )}
        {e.type === 'WWTP' && (
          <Tabs.Panel value="wwtp-details">
            <WwtpDetails entity={e} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="files">
          <Suspense
            fallback={
              <Center py="lg">
                <Loader size="sm" />
              </Center>
            }
          >
            <FilesPanel ownerType="entity" ownerId={e.id} />
          </Suspense>
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="history">
            <Suspense fallback={<Loader size="sm" aria-label="Loading history" />}>
              <AuditHistory organisationId={e.organisationId} asset={{ type: 'entity', id: e.id }} />
            </Suspense>
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
