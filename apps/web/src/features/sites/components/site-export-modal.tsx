import { Modal, Stack } from '@mantine/core';
import { EXPORT_QUANTITIES, siteDataExportRequest } from '@verdant/contracts/sites/figures';
import { useState } from 'react';
import { chosenOrAll, ExportChoices, useExportSubmit } from '../../../components/export-form';
import {
  ExportActions,
  type ExportRange,
  ExportRangesField,
  exportRangeValues,
  FIRST_EXPORT_RANGE,
} from '../../../components/export-ranges';
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
  const [assets, setAssets] = useState<string[]>([]);
  const [data, setData] = useState<string[]>(['cons']);
  const [ranges, setRanges] = useState<ExportRange[]>([FIRST_EXPORT_RANGE]);
  const { error, busy, submit } = useExportSubmit(siteDataExportRequest, downloadSiteExport, onClose);

  const send = () => submit({ assets: chosenOrAll(assets, sites), data, ranges: exportRangeValues(ranges) });

  return (
    <Modal opened={opened} onClose={onClose} title="Site Data Export" size="lg" centered>
      <Stack>
        <ExportChoices
          label="Sites"
          description="Leave empty to export every site in the table"
          items={sites}
          assets={assets}
          onAssets={setAssets}
          quantities={EXPORT_QUANTITIES}
          labels={QUANTITY_LABELS}
          data={data}
          onData={setData}
        />
        <ExportRangesField ranges={ranges} onChange={setRanges} />
        <ExportActions error={error} busy={busy} onCancel={onClose} onExport={() => void send()} />
      </Stack>
    </Modal>
  );
}
