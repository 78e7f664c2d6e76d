import { Checkbox, Group, Modal, MultiSelect, Stack } from '@mantine/core';
import { EXPORT_QUANTITIES, siteDataExportRequest } from '@verdant/contracts/sites';
import { MSG } from '@verdant/domain/messages';
import { useState } from 'react';
import {
  ExportActions,
  type ExportRange,
  ExportRangesField,
  exportRangeValues,
  FIRST_EXPORT_RANGE,
} from '../../../components/export-ranges';
import { errorMessage } from '../../../lib/api-errors';
import { showInfoBanner } from '../../../lib/banners';
import { useOrganisationId } from '../../../lib/session-store';
import { downloadSiteExport } from '../api';

const QUANTITY_LABELS: Record<(typeof EXPORT_QUANTITIES)[number], string> = {
  cons: 'Consumption',
  cost: 'Cost',
  co2e: 'Emissions (CO2e)',
  units: 'Units in headings',
};

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
  const [ranges, setRanges] = useState<ExportRange[]>([FIRST_EXPORT_RANGE]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = assets.length > 0 ? assets : sites.map((s) => String(s.id));

  const submit = async () => {
    const parsed = siteDataExportRequest.safeParse({
      assets: chosen.map(Number),
      data,
      ranges: exportRangeValues(ranges),
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
        <ExportRangesField ranges={ranges} onChange={setRanges} />
        <ExportActions error={error} busy={busy} onCancel={onClose} onExport={() => void submit()} />
      </Stack>
    </Modal>
  );
}
