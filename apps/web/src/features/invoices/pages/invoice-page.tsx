import { Alert, Center, Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { ApiError, errorMessage } from '../../../lib/api-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { InvoiceEditor } from '../components/invoice-editor';
import { VirtualInvoicePanel } from '../components/virtual-invoice-panel';
import { useInvoice } from '../invoice-api';

/** /data-sources/{meterId}/invoices/{id}: one invoice, as entered on this data source. */
export function InvoicePage() {
  const params = useParams();
  const meterId = Number(params.id);
  const id = Number(params.invoiceId);
  const invoice = useInvoice(id, meterId);
  useDocumentTitle(invoice.data ? `Invoice ${invoice.data.invoiceNumber ?? id}` : 'Invoice');
  if (!Number.isInteger(id) || !Number.isInteger(meterId)) return <NotFoundPage />;
  if (invoice.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading the invoice" />
      </Center>
    );
  if (invoice.error)
    return invoice.error instanceof ApiError && invoice.error.status === 404 ? (
      <NotFoundPage />
    ) : (
      <Alert color="red">{errorMessage(invoice.error)}</Alert>
    );
  // A new key per load: a save or a move to another invoice starts the editor afresh.
  return (
    <>
      <InvoiceEditor key={`${invoice.data.id}-${invoice.dataUpdatedAt}`} initial={invoice.data} />
      <VirtualInvoicePanel invoiceId={id} meterId={meterId} version={invoice.dataUpdatedAt} />
    </>
  );
}
