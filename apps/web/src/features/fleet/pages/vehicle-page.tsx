import { Badge, Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatDisplayDate } from '@verdant/domain/dates';
import { lazy, Suspense, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageActions } from '../../../components/page-actions';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DetailsTab } from '../components/details-tab';
import { FuelTab } from '../components/fuel-tab';
import { useDeleteVehicle, useVehicle, useVehicleByMeter } from '../vehicle-api';

// The charts load with the Analytics tab only.
const AnalyticsTab = lazy(async () => ({
  default: (await import('../components/analytics-tab')).AnalyticsTab,
}));
const FilesPanel = lazy(async () => ({
  default: (await import('../../../components/files-panel')).FilesPanel,
}));

const TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'fuel', label: 'Fuel' },
  { key: 'settings', label: 'Details' },
  { key: 'analytics', label: 'Analytics' },
  { key: 'files', label: 'Files' },
] as const;

/** /fleet/vehicles/{id}[/{tab}]: Overview, Fuel, Details, Analytics and Files. */
export function VehiclePage() {
  const params = useParams();
  const id = Number(params.id);
  const tab = params.tab ?? 'overview';
  const navigate = useNavigate();
  const vehicle = useVehicle(id);
  const remove = useDeleteVehicle(id);
  const [confirm, setConfirm] = useState(false);
  useDocumentTitle(vehicle.data?.registration ?? 'Vehicle');
  if (vehicle.isPending)
    return (
      <Center h={200}>
        <Loader aria-label="Loading vehicle" />
      </Center>
    );
  if (vehicle.isError || !vehicle.data) return <NotFoundPage />;
  const v = vehicle.data;
  const facts: [string, string][] = [
    ['Make/Model', `${v.make} ${v.model}`],
    ['Year', String(v.year)],
    ['Fuel', v.fuel],
    ['Site', v.siteName],
    ['Purchase Date', formatDisplayDate(v.purchaseDate)],
    ['Sale Date', formatDisplayDate(v.saleDate) || '-'],
    ['Desired Efficiency', `${v.desiredEff} ${v.fuelUnit === 'litres' ? 'L' : v.fuelUnit}/100km`],
    ['Fleet Number', v.fleetNumber ?? '-'],
  ];
  return (
    <>
      <PageHeader
        title={v.registration}
        description={`${v.make} ${v.model}, ${v.siteName}`}
        right={v.closed ? <Badge color="gray">Vehicle has been sold</Badge> : undefined}
      />
      {v.mayEdit && (
        <PageActions>
          <Button
            size="compact-sm"
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirm(true)}
          >
            Delete
          </Button>
        </PageActions>
      )}
      <Tabs
        value={tab}
        onChange={(t) =>
          t && navigate(t === 'overview' ? `/fleet/vehicles/${id}` : `/fleet/vehicles/${id}/${t}`)
        }
      >
        <Tabs.List aria-label="Vehicle sections" mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.key} value={t.key}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            {facts.map(([k, value]) => (
              <Stack key={k} gap={2}>
                <Text fz="xs" c="dimmed">
                  {k}
                </Text>
                <Text fw={500}>{value}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Tabs.Panel>
        <Tabs.Panel value="fuel">{tab === 'fuel' && <FuelTab vehicleId={id} unit={v.fuelUnit} />}</Tabs.Panel>
        <Tabs.Panel value="settings">
          {tab === 'settings' && <DetailsTab key={v.id} vehicle={v} />}
        </Tabs.Panel>
        <Tabs.Panel value="analytics">
          {tab === 'analytics' && (
            <Suspense fallback={<Loader aria-label="Loading analytics" />}>
              <AnalyticsTab vehicleId={id} />
            </Suspense>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="files">
          {tab === 'files' && (
            <Suspense fallback={<Loader aria-label="Loading files" />}>
              <FilesPanel ownerType="meter" ownerId={v.consMeter} />
            </Suspense>
          )}
        </Tabs.Panel>
      </Tabs>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={`Delete ${v.registration}?`}>
        <Stack>
          <Text>
            The vehicle and its purchases are archived; the provider can restore them for three months.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (answer) => {
                    showSuccessBanner(answer.message);
                    navigate('/organisation/fleet');
                  },
                  onError: (error) => {
                    setConfirm(false);
                    showErrorBanner(`Could not delete ${v.registration}.  ${errorMessage(error)}`);
                  },
                })
              }
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** /vehicle-by-meter/{id}: the vehicle owning a fuel or distance meter (the data sources list links here). */
export function VehicleByMeterPage() {
  const meterId = Number(useParams().id);
  const found = useVehicleByMeter(meterId);
  if (found.isPending)
    return (
      <Center h={200}>
        <Loader aria-label="Finding the vehicle" />
      </Center>
    );
  if (found.isError) return <NotFoundPage />;
  return <Navigate to={`/fleet/vehicles/${found.data.id}`} replace />;
}
