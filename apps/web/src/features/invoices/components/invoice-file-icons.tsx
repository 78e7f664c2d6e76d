import { ActionIcon, FileButton, Group, Menu, Popover, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFileTypePdf, IconNote, IconNotes, IconUpload } from '@tabler/icons-react';
import type { InvoiceListEntry } from '@verdant/contracts/invoices/list';
import { MSG } from '@verdant/domain/messages';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-errors';
import { showErrorBanner, showSuccessBanner } from '../../../lib/banners';
import { openDirectFile, useInvoiceUpload } from '../direct-files';

/** An invoice's files in the list: view its PDF, download its raw data, read or add its note, upload. */
export function FileIcons({
  invoice,
  meterId,
  mayEdit,
}: {
  invoice: InvoiceListEntry;
  meterId: number;
  mayEdit: boolean;
}) {
  const upload = useInvoiceUpload();
  const name = invoice.invoiceNumber ?? invoice.id;
  const openPdf = async (event: MouseEvent, url: string) => {
    event.preventDefault();
    if (!(await openDirectFile(url))) showErrorBanner(MSG.invoicePdfFailed);
  };
  const send = (file: File | null) =>
    file &&
    upload.mutate(
      { invoiceId: invoice.id, file },
      {
        onSuccess: () => showSuccessBanner(`${file.name} uploaded`),
        onError: (error) => showErrorBanner(errorMessage(error)),
      },
    );
  return (
    <Group gap={2} wrap="nowrap">
      {invoice.pdf && (
        <Tooltip label="View the PDF">
          <ActionIcon
            component="a"
            href={invoice.pdf}
            onClick={(e: MouseEvent) => void openPdf(e, invoice.pdf ?? '')}
            target="_blank"
            rel="noopener"
            variant="subtle"
            aria-label={`View the PDF of invoice ${invoice.invoiceNumber ?? invoice.id}`}
          >
            <IconFileTypePdf size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {invoice.raw.length > 0 && (
        <Menu position="bottom-end">
          <Menu.Target>
            <Tooltip label="Download raw data files">
              <ActionIcon
                variant="subtle"
                aria-label={`Raw data files of invoice ${invoice.invoiceNumber ?? invoice.id}`}
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown>
            {invoice.raw.map((f) => (
              <Menu.Item key={f.url} component="a" href={f.url}>
                {f.filename}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {invoice.note ? (
        <Popover position="bottom-end" withArrow shadow="md" width={280}>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              aria-label={`View the note of invoice ${invoice.invoiceNumber ?? invoice.id}`}
            >
              <IconNote size={18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {invoice.note.text}
            </Text>
          </Popover.Dropdown>
        </Popover>
      ) : (
        <Tooltip label="Add a note">
          <ActionIcon
            component={Link}
            to={`/data-sources/${meterId}/notes?show=new&invoice=${invoice.id}`}
            variant="subtle"
            color="gray"
            aria-label={`Add a note to invoice ${invoice.invoiceNumber ?? invoice.id}`}
          >
            <IconNotes size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {mayEdit && (
        <FileButton onChange={send} accept=".pdf,.csv,.txt,.xlsx,.xls,.docx,.doc,.png,.jpg,.jpeg,.gif,.bmp">
          {(props) => (
            <Tooltip label="Upload the PDF or a raw data file">
              <ActionIcon
                {...props}
                variant="subtle"
                color="gray"
                loading={upload.isPending}
                aria-label={`Upload a file to invoice ${name}`}
              >
                <IconUpload size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
      )}
    </Group>
  );
}
