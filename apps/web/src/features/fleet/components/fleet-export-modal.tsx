import { Button, Checkbox, Group, Modal, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import type { FleetRow } from '@verdant/contracts/fleet';
import { FLEET_EXPORT_QUANTITIES } from '@verdant/contracts/fleet/exports';
import { useState } from 'react';
import { MonthField } from '../../../components/date-fields';
import { FormActions } from '../../../components/form-actions';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showInfoBanner } from '../../../lib/banners';
import { saveFile } from '../../../lib/download';
import { useOrganisationId } from '../../../lib/session-store';
import { exportFleet } from '../api';

type Kind = 'fleet-data-export' | 'fleet-transaction-export';
const TITLES: Record<Kind, string> = {
  'fleet-data-export': 'Vehicle Data Export',
  'fleet-transaction-export': 'Export Transactions',
};
const AGGREGATIONS: Record<Kind, { value: string; label: string }[]> = {
  'fleet-data-export': [
    { value: 'monthly', label: 'Monthly' },
    { value: 'total', label: 'Total' },
  ],
  'fleet-transaction-export': [
    { value: 'individual', label: 'Individual' },
    { value: 'month', label: 'Month' },
  ],
};

/** The two fleet exports: vehicles, quantities (kWh, $, CO2e, L, km), one range and its aggregation, as CSV. */
export function FleetExportModal({
  kind,
  vehicles,
  onClose,
}: {
  kind: Kind | null;
  vehicles: FleetRow[];
  onClose: () => void;
}) {
  const orgId = useOrganisationId();
  const [assets, setAssets] = useState<string[]>([]);
  const [data, setData] = useState<string[]>(['L', '$']);
  const [aggregation, setAggregation] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (kind === null) return null;
  const agg = aggregation ?? AGGREGATIONS[kind][1]?.value ?? 'month';
  const valid = assets.length > 0 && data.length > 0 && !!start && !!end && start <= end;
  const run = async () => {
    setBusy(true);
    try {
      showInfoBanner('Your download will begin shortly.  Please do not close this window');
      const blob = await exportFleet(orgId ?? 0, kind, {
        assets: assets.map(Number),
        data,
        ranges: [{ aggregation: agg, start, end }],
      });
      saveFile(blob, `${kind}.csv`);
      onClose();
    } catch (error) {
      showErrorBanner(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={TITLES[kind]}>
      <Stack gap="sm">
        <MultiSelect
          label="Vehicles"
          data={vehicles.map((v) => ({ value: String(v.id), label: v.registration }))}
          value={assets}
          onChange={setAssets}
          searchable
          clearable
        />
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={() => setAssets(vehicles.map((v) => String(v.id)))}
        >
          Choose all vehicles
        </Button>
        <Checkbox.Group label="Quantities" value={data} onChange={setData}>
          <Group gap="md" mt={4}>
            {FLEET_EXPORT_QUANTITIES.map((q) => (
              <Checkbox key={q} value={q} label={q} />
            ))}
          </Group>
        </Checkbox.Group>
        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            Aggregation
          </Text>
          <SegmentedControl data={AGGREGATIONS[kind]} value={agg} onChange={setAggregation} />
        </Stack>
        <Group grow>
          <MonthField label="Start" value={start} onChange={setStart} />
          <MonthField label="End" value={end} onChange={setEnd} />
        </Group>
        <FormActions onCancel={onClose} onClick={run} disabled={!valid} loading={busy}>
          Export
        </FormActions>
      </Stack>
    </Modal>
  );
}
