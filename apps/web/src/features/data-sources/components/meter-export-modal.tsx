import { Alert, Checkbox, Modal, SegmentedControl, Stack } from '@mantine/core';
import { dataSourcesOperations } from '@verdant/contracts/data-sources';
import {
  EXPORT_DATA,
  EXPORT_DATA_LABELS,
  meterDataExportRequest,
} from '@verdant/contracts/data-sources/list';
import { EXPORT_IMMEDIATE_ROWS, exportRowCount } from '@verdant/domain/data-sources';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { chosenOrAll, ExportChoices, useExportSubmit } from '../../../components/export-form';
import {
  ExportActions,
  type ExportRange,
  ExportRangesField,
  exportRangeValues,
  FIRST_EXPORT_RANGE,
} from '../../../components/export-ranges';
import { useMayEditOrganisation } from '../../../lib/current-user';
import { useOperation } from '../../../lib/operations';
import { useOrganisationId } from '../../../lib/session-store';
import { downloadMeterExport, startMeterExportJob } from '../api';

interface MeterExportModalProps {
  opened: boolean;
  onClose: () => void;
  /** The data sources shown in the table (exported when none is chosen); `preselected` are chosen at first. */
  sources: { id: number; name: string }[];
  preselected: number[];
}

/**
 * Meter Data Export (spec 5, "Data export"): data sources, at least one quantity/unit, one or more ranges each
 * with a start and an end, monthly or total; answered as a CSV or XLSX download. Any of the organisation's
 * data sources can be chosen (GET /organisations/{id}/meters), not only the rows the table has loaded.
 */
export function MeterExportModal({ opened, onClose, sources, preselected }: MeterExportModalProps) {
  const orgId = useOrganisationId();
  const everyMeter = useOperation(
    dataSourcesOperations.organisationMeters,
    orgId === null ? null : { params: { id: orgId } },
  );
  const items = everyMeter.data?.map((m) => ({ id: m.id, name: `${m.name} (${m.site})` })) ?? sources;
  const [assets, setAssets] = useState<string[]>(preselected.map(String));
  const [data, setData] = useState<string[]>(['kWh']);
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [validation, setValidation] = useState(false);
  const [ranges, setRanges] = useState<ExportRange[]>([FIRST_EXPORT_RANGE]);
  const navigate = useNavigate();
  const started = useRef<number | null>(null);
  const chosen = chosenOrAll(assets, sources);
  // A large export runs in the jobs centre and its file is downloaded there (docs/decisions/job-runner.md,
  // Exports); the rows are counted from complete ranges only.
  const rows = exportRowCount(
    chosen.length,
    exportRangeValues(ranges).filter((r) => /^\d{4}-\d{2}$/.test(r.start) && /^\d{4}-\d{2}$/.test(r.end)),
  );
  // Observers export at once: a background export keeps a job, which only editors may start.
  const mayKeepJob = useMayEditOrganisation() === true;
  const large = mayKeepJob && rows > EXPORT_IMMEDIATE_ROWS;
  const [chosenBackground, setChosenBackground] = useState(false);
  const background = large || (mayKeepJob && chosenBackground);
  const { error, setError, busy, submit } = useExportSubmit(
    meterDataExportRequest,
    async (orgId, request) => {
      if (!background) return downloadMeterExport(orgId, request, format);
      started.current = (await startMeterExportJob(orgId, request, format)).jobId;
    },
    () => {
      onClose();
      // The job's page once the modal has closed (closing it goes back to the list).
      const jobId = started.current;
      if (jobId !== null) setTimeout(() => navigate(`/tools/jobs/${jobId}`), 0);
    },
    background ? null : undefined,
  );

  const changeRanges = (list: ExportRange[]) => {
    setError(null);
    setRanges(list);
  };

  const send = () =>
    submit({
      assets: chosen,
      data,
      ranges: exportRangeValues(ranges),
      validationColumns: validation,
    });

  return (
    <Modal opened={opened} onClose={onClose} title="Meter Data Export" size="lg" centered>
      <Stack>
        <ExportChoices
          label="Data sources"
          description="Leave empty to export every data source in the table"
          items={items}
          assets={assets}
          onAssets={setAssets}
          quantities={EXPORT_DATA}
          labels={EXPORT_DATA_LABELS}
          data={data}
          onData={setData}
        />
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
        {mayKeepJob && (
          <Checkbox
            label="Write it in the background and download it from the jobs centre"
            checked={background}
            disabled={large}
            onChange={(e) => setChosenBackground(e.currentTarget.checked)}
          />
        )}
        {large && (
          <Alert color="blue" variant="light">
            {rows.toLocaleString()} rows: over {EXPORT_IMMEDIATE_ROWS.toLocaleString()}, so the export is
            written in the background. Its job opens in the jobs centre, where the file is downloaded once it
            has finished.
          </Alert>
        )}
        <ExportActions
          error={error}
          busy={busy}
          onCancel={onClose}
          onExport={() => void send()}
          label={background ? 'Export in the background' : 'Export'}
        />
      </Stack>
    </Modal>
  );
}
