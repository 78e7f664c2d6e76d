import { Alert, Center, Loader, Text } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { InvoiceEditor } from '../components/invoice-editor';
import { NewInvoiceDialog } from '../components/new-invoice-dialog';
import { useBlankInvoice } from '../invoice-api';

/**
 * /data-sources/{meterId}/new-invoice: without a period it opens the New Invoice dialog; with one
 * (?from=&till=&invoiceDate=&basedOn=) it shows the blank invoice based on the previous one's lines.
 */
export function NewInvoicePage() {
  useDocumentTitle('New invoice');
  const meterId = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const from = search.get('from');
  const till = search.get('till');
  const body =
    from && till
      ? {
          meter: meterId,
          dateFrom: from,
          dateTill: till,
          invoiceDate: search.get('invoiceDate') || null,
          basedOn: search.get('basedOn') ? Number(search.get('basedOn')) : null,
        }
      : null;
  const blank = useBlankInvoice(body);
  if (!Number.isInteger(meterId) || meterId <= 0) return <NotFoundPage />;
  if (body === null)
    return (
      <>
        <Text c="dimmed">Choose the period of the new invoice.</Text>
        <NewInvoiceDialog
          meterId={meterId}
          opened
          onClose={() => navigate(`/data-sources/${meterId}/invoices`)}
          onCreate={(c) =>
            setSearch({
              from: c.dateFrom,
              till: c.dateTill,
              ...(c.invoiceDate ? { invoiceDate: c.invoiceDate } : {}),
              ...(c.basedOn ? { basedOn: String(c.basedOn) } : {}),
            })
          }
        />
      </>
    );
  if (blank.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading the new invoice" />
      </Center>
    );
  if (blank.error) return <Alert color="red">{errorMessage(blank.error)}</Alert>;
  return <InvoiceEditor key={`${from}-${till}`} initial={blank.data} />;
}
