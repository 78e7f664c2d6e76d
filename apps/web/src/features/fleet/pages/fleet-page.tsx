import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowsSort,
  IconCreditCard,
  IconDownload,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import type { FleetRow } from '@verdant/contracts/fleet';
import { formatNumber, formatQuantity } from '@verdant/domain/unit-scaling';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
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
  const [text, setText] = useState('');
  const [includeClosed, setIncludeClosed] = useState(false);
  const [hideOpen, setHideOpen] = useState(false);
  const [fuels, setFuels] = useState<string[]>([]);
  const [memberOf, setMemberOf] = useState('site');
  const [sort, setSort] = useState<Sort>('registration');
  const [dir, setDir] = useState<'asc' | 'desc'>('asc');
  const fleet = useFleet(memberOf);
  const mayEdit = fleet.data?.mayEdit === true;
  const all = fleet.data?.rows ?? [];
  const fuelOptions = [...new Set(all.map((r) => r.fuel))].sort();
  const rows = useMemo(() => {
    const q = text.trim().toLowerCase();
    const shown = all.filter(
      (r) =>
        (includeClosed || !r.closed) &&
        (!hideOpen || r.closed) &&
        (fuels.length === 0 || fuels.includes(r.fuel)) &&
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
  }, [all, text, includeClosed, hideOpen, fuels, sort, dir]);

  const onSort = (key: Sort) => {
    if (key === sort) setDir((d) => (d === 'asc' ? 'desc' : 'asc'));
    else {
      setSort(key);
      setDir('asc');
    }
  };

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
          <TextInput
            label="Filter by name"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            w={220}
          />
          <MultiSelect
            label="Fuel"
            placeholder={fuels.length ? undefined : 'Any fuel'}
            data={fuelOptions}
            value={fuels}
            onChange={setFuels}
            clearable
            w={240}
          />
          <Select
            label="Member Of"
            data={[
              { value: 'site', label: 'Site' },
              ...(fleet.data?.groupings ?? []).map((g) => ({ value: String(g.id), label: g.name })),
            ]}
            value={memberOf}
            onChange={(v) => setMemberOf(v ?? 'site')}
            allowDeselect={false}
            w={180}
          />
          <Stack gap={6} pb={4}>
            <Checkbox
              label="Include closed"
              checked={includeClosed}
              onChange={(e) => setIncludeClosed(e.currentTarget.checked)}
            />
            <Checkbox
              label="Hide open"
              checked={hideOpen}
              onChange={(e) => setHideOpen(e.currentTarget.checked)}
            />
          </Stack>
          {fleet.isSuccess && (
            <Text fz="sm" c="dimmed" role="status" ml="auto">
              {`Showing ${rows.length} of ${all.length}`}
            </Text>
          )}
        </Group>
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover verticalSpacing="xs" aria-label="Fleet">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => {
                  const active = sort === c.key;
                  const Icon = !active
                    ? IconArrowsSort
                    : dir === 'asc'
                      ? IconSortAscending
                      : IconSortDescending;
                  return (
                    <Table.Th
                      key={c.key}
                      ta={c.numeric ? 'right' : undefined}
                      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                    >
                      <UnstyledButton onClick={() => onSort(c.key)} fw={600} fz="sm">
                        {c.label}{' '}
                        <Icon size={14} style={{ verticalAlign: 'middle', opacity: active ? 1 : 0.4 }} />
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
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
                  <Table.Td ta="right">{formatQuantity(r.consumption[1], 'kWh')}</Table.Td>
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
