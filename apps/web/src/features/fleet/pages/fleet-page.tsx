import { Anchor, Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconCreditCard, IconDownload, IconPlus } from '@tabler/icons-react';
import type { FleetRow } from '@verdant/contracts/fleet';
import { columnScale, formatNumber } from '@verdant/domain/unit-scaling';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ListFilters, SortHeaderRow, useListFilters, useListSort } from '../../../components/list-filters';
import { PageActions } from '../../../components/page-actions';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShowNew } from '../../../lib/use-show-new';
import { useFleet } from '../api';
import { FleetExportModal } from '../components/fleet-export-modal';
import { NewFuelCardModal } from '../components/new-fuel-card-modal';
import { NewVehiclesWizard } from '../components/new-vehicles-wizard';

type Sort = 'registration' | 'makeModel' | 'fuel' | 'distance' | 'consumption' | 'memberOf';
const COLUMNS: readonly { key: Sort; label: string; numeric?: boolean }[] = [
  { key: 'registration', label: 'Registration' },
  { key: 'makeModel', label: 'Make/Model' },
  { key: 'fuel', label: 'Fuel' },
  { key: 'distance', label: 'Distance', numeric: true },
  { key: 'consumption', label: 'Consumption', numeric: true },
  { key: 'memberOf', label: 'Member Of' },
];
const value = (r: FleetRow, k: Sort): string | number =>
  k === 'distance' ? r.consumption[0] : k === 'consumption' ? r.consumption[1] : (r[k] ?? '');

/** /organisation/fleet: the vehicles, sortable and filterable; `?show=new` opens the New Vehicle(s) wizard. */
export function FleetPage() {
  useDocumentTitle('Fleet');
  const [showNew, setShowNew] = useShowNew();
  const [card, setCard] = useState(false);
  const [exporting, setExporting] = useState<null | 'fleet-data-export' | 'fleet-transaction-export'>(null);
  const f = useListFilters();
  const { text, includeClosed, hideOpen } = f;
  const [fuels, setFuels] = useState<string[]>([]);
  const [groups, setGroups] = useState<string[]>([]);
  const [memberOf, setMemberOf] = useState('site');
  const { sort, dir, onSort } = useListSort<Sort>('registration');
  const fleet = useFleet(memberOf);
  const mayEdit = fleet.data?.mayEdit === true;
  const all = fleet.data?.rows ?? [];
  const fuelOptions = [...new Set(all.map((r) => r.fuel))].sort();
  const groupOptions = [...new Set(all.flatMap((r) => (r.memberOf ? [r.memberOf] : [])))].sort();
  const rows = useMemo(() => {
    const q = text.trim().toLowerCase();
    const shown = all.filter(
      (r) =>
        (includeClosed || !r.closed) &&
        (!hideOpen || r.closed) &&
        (fuels.length === 0 || fuels.includes(r.fuel)) &&
        (groups.length === 0 || (r.memberOf !== null && groups.includes(r.memberOf))) &&
        (q === '' || `${r.registration} ${r.makeModel}`.toLowerCase().includes(q)),
    );
    const sign = dir === 'asc' ? 1 : -1;
    return shown.sort((a, b) => {
      const x = value(a, sort);
      const y = value(b, sort);
      return (
        sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)))
      );
    });
  }, [all, text, includeClosed, hideOpen, fuels, groups, sort, dir]);
  // One unit for the whole Consumption column, from its largest figure.
  const energy = columnScale(
    rows.map((r) => r.consumption[1]),
    'kWh',
  );

  return (
    <>
      <PageHeader
        title="Fleet"
        description="Vehicles with their distance and fuel over the last twelve months."
      />
      <PageActions>
        {mayEdit && (
          <>
            <Button size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => setShowNew(true)}>
              New Vehicle(s)
            </Button>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconCreditCard size={16} />}
              onClick={() => setCard(true)}
            >
              New Fuel Card
            </Button>
          </>
        )}
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => setExporting('fleet-transaction-export')}
        >
          Export Transactions
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => setExporting('fleet-data-export')}
        >
          Vehicle Data Export
        </Button>
      </PageActions>
      <Stack gap="md">
        <Group align="flex-end" gap="md">
          <Select
            label="Member Of"
            data={[
              { value: 'site', label: 'Site' },
              ...(fleet.data?.groupings ?? []).map((g) => ({ value: String(g.id), label: g.name })),
            ]}
            value={memberOf}
            onChange={(v) => {
              setMemberOf(v ?? 'site');
              setGroups([]);
            }}
            allowDeselect={false}
            w={180}
          />
          <ListFilters
            filters={f}
            nameWidth={220}
            choices={[
              { label: 'Fuel', any: 'Any fuel', data: fuelOptions, value: fuels, onChange: setFuels },
              {
                label: memberOf === 'site' ? 'Sites' : 'Groups',
                any: memberOf === 'site' ? 'Any site' : 'Any group',
                data: groupOptions,
                value: groups,
                onChange: setGroups,
              },
            ]}
          />
          {fleet.isSuccess && (
            <Text fz="sm" c="dimmed" role="status" ml="auto">
              {`Showing ${rows.length} of ${all.length}`}
            </Text>
          )}
        </Group>
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover verticalSpacing="xs" aria-label="Fleet">
            <Table.Thead>
              <SortHeaderRow
                columns={COLUMNS.map((c) =>
                  c.key === 'consumption' ? { ...c, label: `Consumption (${energy.unit})` } : c,
                )}
                sort={sort}
                dir={dir}
                onSort={onSort}
              />
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} data-vehicle-id={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/fleet/vehicles/${r.id}`} fw={500} fz="sm">
                      {r.registration}
                    </Anchor>
                    {r.closed && (
                      <Badge ml="xs" color="gray" variant="light" size="sm">
                        Vehicle has been sold
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{r.makeModel}</Table.Td>
                  <Table.Td>{r.fuel}</Table.Td>
                  <Table.Td ta="right">{`${formatNumber(r.consumption[0])} ${r.distanceUnit}`}</Table.Td>
                  <Table.Td ta="right">{energy.format(r.consumption[1])}</Table.Td>
                  <Table.Td>{r.memberOf ?? <Text c="dimmed">-</Text>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {fleet.isSuccess && rows.length === 0 && <Text c="dimmed">No results</Text>}
      </Stack>
      <NewVehiclesWizard opened={showNew && mayEdit} onClose={() => setShowNew(false)} />
      <NewFuelCardModal opened={card} onClose={() => setCard(false)} />
      <FleetExportModal kind={exporting} vehicles={all} onClose={() => setExporting(null)} />
    </>
  );
}
