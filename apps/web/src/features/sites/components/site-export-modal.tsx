import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { EXPORT_QUANTITIES, siteDataExportRequest } from '@verdant/contracts/sites';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import { MonthField } from '../../../components/date-fields';
import { errorMessage } from '../../../lib/api-errors';
import { showInfoBanner } from '../../../lib/banners';
import { downloadSiteExport, useOrganisationId } from '../api';

const QUANTITY_LABELS: Record<(typeof EXPORT_QUANTITIES)[number], string> = {
  cons: 'Consumption',
  cost: 'Cost',
  co2e: 'Emissions (CO2e)',
  units: 'Units in headings',
};

interface Range {
  key: number;
  aggregation: 'monthly' | 'total';
  start: string;
  end: string;
}

interface SiteExportModalProps {
  opened: boolean;
  onClose: () => void;
  sites: { id: number; name: string }[];
}

/** Site Data Export: sites, quantities and one or more ranges (yyyy-MM), answered as a CSV download. */
export function SiteExportModal({ opened, onClose, sites }: SiteExportModalProps) {
  const orgId = useOrganisationId();
  const [assets, setAssets] = useState<string[]>([]);
  const [data, setData] = useState<string[]>(['cons']);
  const [ranges, setRanges] = useState<Range[]>([{ key: 1, aggregation: 'monthly', start: '', end: '' }]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = assets.length > 0 ? assets : sites.map((s) => String(s.id));

  const setRange = (key: number, change: Partial<Range>) =>
    setRanges((list) => list.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const submit = async () => {
    const parsed = siteDataExportRequest.safeParse({
      assets: chosen.map(Number),
      data,
      ranges: ranges.map(({ aggregation, start, end }) => ({ aggregation, start, end })),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.validation);
    if (orgId === null) return;
    setError(null);
    setBusy(true);
    showInfoBanner(MSG.downloadStarting);
    try {
      await downloadSiteExport(orgId, parsed.data);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Site Data Export" size="lg" centered>
      <Stack>
        <MultiSelect
          label="Sites"
          description="Leave empty to export every site in the table"
          searchable
          data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
          value={assets}
          onChange={setAssets}
        />
        <Checkbox.Group label="Quantities" value={data} onChange={setData}>
          <Group mt="xs">
            {EXPORT_QUANTITIES.map((q) => (
              <Checkbox key={q} value={q} label={QUANTITY_LABELS[q]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Stack gap="xs">
          <Text fw={500} fz="sm">
            Ranges
          </Text>
          {ranges.map((r, i) => (
            <Group key={r.key} align="flex-end" wrap="nowrap">
              <SegmentedControl
                aria-label={`Range ${i + 1} aggregation`}
                value={r.aggregation}
                onChange={(v) => setRange(r.key, { aggregation: v as Range['aggregation'] })}
                data={[
                  { value: 'monthly', label: 'Monthly' },
                  { value: 'total', label: 'Total' },
                ]}
              />
              <MonthField
                label={`Range ${i + 1} start`}
                value={r.start || null}
                onChange={(value) => setRange(r.key, { start: value ?? '' })}
              />
              <MonthField
                label={`Range ${i + 1} end`}
                value={r.end || null}
                onChange={(value) => setRange(r.key, { end: value ?? '' })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove range ${i + 1}`}
                disabled={ranges.length === 1}
                onClick={() => setRanges((list) => list.filter((x) => x.key !== r.key))}
                mb={4}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                setRanges((list) => [
                  ...list,
                  { key: Math.max(...list.map((x) => x.key)) + 1, aggregation: 'total', start: '', end: '' },
                ])
              }
            >
              Add range
            </Button>
          </Group>
        </Stack>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            Export
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
