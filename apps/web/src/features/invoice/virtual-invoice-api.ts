import { useQuery } from '@tanstack/react-query';
import { virtualInvoiceAnswer } from '@verdant/contracts/invoice-alerts';
import { api } from '../../lib/api-client';

/**
 * GET /invoices/{id}/virtual-invoice: the contracted rates on the half-hour data, beside the bill; read again
 * with each new load of the invoice (`version`), as after a save.
 */
export function useVirtualInvoice(invoiceId: number, version: number) {
  return useQuery({
    queryKey: ['invoice', invoiceId, 'virtual-invoice', version],
    queryFn: ({ signal }) =>
      api.get(`/invoices/${invoiceId}/virtual-invoice`, { schema: virtualInvoiceAnswer, signal }),
  });
}
