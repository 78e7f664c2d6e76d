import { Alert, Badge, Button, Center, Loader, Table, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import type { GridSeries } from '@verdant/contracts/time-matched';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { RowAction } from '../../../components/row-actions';
import { ScrollTable } from '../../../components/scroll-table';
import { errorMessage, isSilentError } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useGridSeries, useGridSeriesChanges } from '../api';
import { LoadSeriesForm } from '../components/load-series-form';

/** An instant as dd/MM/yyyy HH:mm UTC (the series are stored by instant). */
const instant = (iso: string | null) =>
  iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)} UTC` : '';

/**
 * Grid Intensity Series (/grid-intensity): the public datasets time-matched scope 2 prices half-hour data
 * with. Everyone may read them; a product administrator loads and removes them.
 */
export function GridIntensityPage() {
  useDocumentTitle('Grid Intensity Series');
  const list = useGridSeries();
  const { remove } = useGridSeriesChanges();
  const productAdmin = useSession()?.user?.productAdmin === true;
  const [loading, setLoading] = useState(false);
  const data = list.data;
  const regionNames = (s: GridSeries) => {
    if (!data) return '';
    if (s.regionIds.length >= 16) return 'Every region on the grid';
    return s.regionIds.map((id) => data.regions.find((r) => r.id === id)?.name ?? String(id)).join(', ');
  };

  return (
    <>
      <PageHeader
        title="Grid Intensity Series"
        description="The carbon intensity of grid electricity hour by hour or half-hour by half-hour. Where a data source has half-hour data and a series covers its site's region, its scope 2 can be priced half-hour by half-hour beside the annual-average figure (Time Series Graph, Scope 2 time-matched)."
        right={
          productAdmin ? (
            <Button leftSection={<IconUpload size={16} />} onClick={() => setLoading(true)}>
              Load a series
            </Button>
          ) : undefined
        }
      />
      {list.isError && <Alert color="red">{errorMessage(list.error)}</Alert>}
      {list.isPending && (
        <Center h={160}>
          <Loader aria-label="Loading the series" />
        </Center>
      )}
      {data && data.series.length === 0 && <Text c="dimmed">No grid intensity series is loaded.</Text>}
      {data && data.series.length > 0 && (
        <ScrollTable label="Grid intensity series" minWidth={820}>
          <Table striped fz="sm" aria-label="Grid intensity series" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Regions</Table.Th>
                <Table.Th>Interval</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th ta="right">Intervals</Table.Th>
                {productAdmin && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.series.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    {s.name}{' '}
                    {s.sample && (
                      <Badge
                        color="orange"
                        variant="light"
                        size="sm"
                        h="auto"
                        styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                      >
                        Sample, not official data
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td maw={320}>{s.source}</Table.Td>
                  <Table.Td>{regionNames(s)}</Table.Td>
                  <Table.Td>{s.intervalMinutes === 30 ? 'Half-hourly' : 'Hourly'}</Table.Td>
                  <Table.Td>{instant(s.first)}</Table.Td>
                  <Table.Td>{instant(s.last)}</Table.Td>
                  <Table.Td ta="right">{s.points.toLocaleString('en-NZ')}</Table.Td>
                  {productAdmin && (
                    <Table.Td>
                      <RowAction
                        tip="Remove"
                        label={`Remove ${s.name}`}
                        loading={remove.isPending && remove.variables === s.id}
                        onClick={() =>
                          remove.mutate(s.id, {
                            onSuccess: () => showSuccessBanner(`${s.name} removed`),
                            onError: (e) => !isSilentError(e) && showErrorBanner(errorMessage(e)),
                          })
                        }
                        icon={IconTrash}
                        danger
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {loading && data && <LoadSeriesForm regions={data.regions} onClose={() => setLoading(false)} />}
    </>
  );
}
