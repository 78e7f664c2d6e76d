import { Anchor, Modal, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { InvoiceEntryReport, type InvoiceEntryView } from '../../../components/invoice-entry-report';
import { useWide } from '../../../lib/use-wide';

/**
 * The data sources list's Invoice Entry Report (spec 2.1, Actions > Invoice Report): the report of the data
 * sources selected in bulk mode, else of those listed (POST /organisations/{id}/invoices-reports).
 */
export function InvoiceReportModal({
  onClose,
  ids,
  selected,
}: {
  onClose: () => void;
  ids: number[];
  selected: boolean;
}) {
  const [view, setView] = useState<InvoiceEntryView>('data-source');
  const [year, setYear] = useState(dayjs().year());
  const phone = !useWide();
  return (
    <Modal opened onClose={onClose} title="Invoice Entry Report" size="90%" fullScreen={phone} centered>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {`Of the ${ids.length} data ${ids.length === 1 ? 'source' : 'sources'} ${selected ? 'selected' : 'listed'} that take invoices and are in the invoice report. `}
          <Anchor component={Link} to="/admin-reports/invoice-entry" fz="sm">
            Every data source in the report
          </Anchor>
        </Text>
        <InvoiceEntryReport
          source={{ kind: 'ids', ids }}
          view={view}
          onView={setView}
          year={year}
          onYear={setYear}
        />
      </Stack>
    </Modal>
  );
}
