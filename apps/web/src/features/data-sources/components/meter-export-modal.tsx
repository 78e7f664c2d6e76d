import { Checkbox, Group, Modal, MultiSelect, SegmentedControl, Stack } from '@mantine/core';
import { EXPORT_DATA, EXPORT_DATA_LABELS, meterDataExportRequest } from '@verdant/contracts/data-sources';
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
import { downloadMeterExport } from '../api';

interface MeterExportModalProps {
  opened: boolean;
  onClose: () => void;
  /** The data sources shown in the table; `preselected` are chosen at first (the bulk selection). */
  sources: { id: number; name: string }[];
  preselected: number[];
}

/**
 * Meter Data Export (spec 5, "Data export"): data sources, at least one quantity/unit, one or more ranges each
 * with a start and an end, monthly or total; answered as a CSV or XLSX download.
 */
export function MeterExportModal({ opened, onClose, sources, preselected }: MeterExportModalProps) {
  const orgId = useOrganisationId();
  const [assets, setAssets] = useState<string[]>(preselected.map(String));
  const [data, setData] = useState<string[]>(['kWh']);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [validation, setValidation] = useState(false);
  const [ranges, setRanges] = useState<ExportRange[]>([FIRST_EXPORT_RANGE]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = assets.length > 0 ? assets : sources.map((s) => String(s.id));

  const changeRanges = (list: ExportRange[]) => {
    setError(null);
    setRanges(list);
  };

  const submit = async () => {
    const parsed = meterDataExportRequest.safeParse({
      assets: chosen.map(Number),
      data,
      ranges: exportRangeValues(ranges),
      validationColumns: validation,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? MSG.validation);
    if (orgId === null) return;
    setError(null);
    setBusy(true);
    showInfoBanner(MSG.downloadStarting);
    try {
      await downloadMeterExport(orgId, parsed.data, format);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Meter Data Export" size="lg" centered>
      <Stack>
        <MultiSelect
          label="Data sources"
          description="Leave empty to export every data source in the table"
          searchable
          data={sources.map((s) => ({ value: String(s.id), label: s.name }))}
          value={assets}
          onChange={setAssets}
          maxDropdownHeight={240}
        />
        <Checkbox.Group label="Quantities" value={data} onChange={setData}>
          <Group mt="xs">
            {EXPORT_DATA.map((q) => (
              <Checkbox key={q} value={q} label={EXPORT_DATA_LABELS[q]} />
            ))}
          </Group>
        </Checkbox.Group>
        <ExportRangesField ranges={ranges} onChange={changeRanges} />
        <Checkbox
          label="Add validation columns (days open, days with data, complete)"
          checked={validation}
          onChange={(e) => setValidation(e.currentTarget.checked)}
        />
        <SegmentedControl
          aria-label="File format"
          value={format}
          onChange={(v) => setFormat(v as 'csv' | 'xlsx')}
          data={[
            { value: 'csv', label: 'CSV' },
            { value: 'xlsx', label: 'XLSX' },
          ]}
        />
        <ExportActions error={error} busy={busy} onCancel={onClose} onExport={() => void submit()} />
      </Stack>
    </Modal>
  );
}
