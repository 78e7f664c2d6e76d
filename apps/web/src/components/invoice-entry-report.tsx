import { Alert, Button, Group, Loader, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { INVOICE_REPORT_MIN_YEAR } from '@verdant/domain/constants';
import { invoicedPercent, isSparse, meterYear } from '@verdant/domain/invoices/entry-report';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../lib/api-errors';
import { showErrorBanner } from '../lib/banners';
import { useOrganisationId } from '../lib/session-store';
import {
  downloadInvoiceEntryCsv,
  type InvoiceReportSource,
  useInvoiceEntryReport,
} from './invoice-entry-api';
import { ByDataSource, ByDay, DAY_LEGEND, ENTRY_LEGEND, Legend } from './invoice-entry-views';

export type InvoiceEntryView = 'data-source' | 'day';

/**
 * The Invoice Entry Report (data-portal.md 2.1, 2.9): how fully invoices are entered for the data sources in a
 * year, by data source (month by month) or by day; years from 1990; under 20% invoiced is sparse. Shared by the
 * data sources list's modal and /admin-reports/invoice-entry.
 */
export function InvoiceEntryReport({
  source,
  view,
  onView,
  year,
  onYear,
  controls,
}: {
  source: InvoiceReportSource;
  view: InvoiceEntryView;
  onView: (v: InvoiceEntryView) => void;
  year: number;
  onYear: (y: number) => void;
  controls?: ReactNode;
}) {
  const orgId = useOrganisationId();
  const report = useInvoiceEntryReport(source);
  const [exporting, setExporting] = useState(false);
  const today = dayjs().format('YYYY-MM-DD');
  const latest = dayjs().year();
  const rows = report.data ?? [];
  const totals = rows.map((r) => meterYear(r, year, today).total);
  const sparse = totals.filter(isSparse).length;
  const open = totals.reduce((s, t) => s + t.open, 0);
  const invoiced = totals.reduce((s, t) => s + t.invoiced, 0);
  const awaiting = totals.reduce((s, t) => s + t.awaiting, 0);
  const share = invoicedPercent({ open, invoiced, missing: 0, tenanted: 0, awaiting });

  const exportCsv = async () => {
    if (orgId === null) return;
    setExporting(true);
    try {
      await downloadInvoiceEntryCsv(orgId, {
        year,
        ...(source.kind === 'ids'
          ? { ids: source.ids }
          : { energy: source.energy, retailer: source.retailer }),
      });
    } catch (e) {
      showErrorBanner(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NumberInput
          label="Year"
          value={year}
          min={INVOICE_REPORT_MIN_YEAR}
          max={latest}
          clampBehavior="strict"
          allowDecimal={false}
          w={110}
          onChange={(v) => {
            const y = Number(v);
            if (Number.isInteger(y) && y >= INVOICE_REPORT_MIN_YEAR && y <= latest) onYear(y);
          }}
        />
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="invoice-entry-view">
            View
          </Text>
          <SegmentedControl
            aria-labelledby="invoice-entry-view"
            value={view}
            onChange={(v) => onView(v as InvoiceEntryView)}
            data={[
              { value: 'data-source', label: 'By data source' },
              { value: 'day', label: 'By day' },
            ]}
          />
        </Stack>
        {controls}
        <Button
          variant="default"
          leftSection={<IconFileExport size={16} />}
          loading={exporting}
          disabled={rows.length === 0}
          onClick={exportCsv}
        >
          Export CSV
        </Button>
      </Group>
      {report.isPending ? (
        <Loader size="sm" aria-label="Loading the invoice entry report" />
      ) : report.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(report.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No data sources in the invoice report.
        </Text>
      ) : (
        <>
          <Text fz="sm" role="status">
            {`${rows.length} data ${rows.length === 1 ? 'source' : 'sources'}; ${
              share === null ? 'no bill due' : `${Math.floor(share)}% of the days due a bill`
            } in ${year} invoiced; ${sparse} sparse (under 20%).`}
          </Text>
          <Legend items={view === 'day' ? DAY_LEGEND : ENTRY_LEGEND} />
          {view === 'day' ? (
            <ByDay rows={rows} year={year} today={today} />
          ) : (
            <ByDataSource rows={rows} year={year} today={today} />
          )}
        </>
      )}
    </Stack>
  );
}
