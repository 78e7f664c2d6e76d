import { useQuery } from '@tanstack/react-query';
import { invoicesOperations as ops } from '@verdant/contracts/invoices';
import { call, keyOf } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

/**
 * GET /invoices/{id}/virtual-invoice: the contracted rates on the half-hour data, beside the bill; read again
 * with each new load of the invoice (`version`), as after a save.
 */
export function useVirtualInvoice(invoiceId: number, version: number) {
  const organisationId = useOrganisationId();
  const input = { params: { id: invoiceId } };
  return useQuery({
    queryKey: [...keyOf(ops.virtualInvoice, input, organisationId), version],
    queryFn: ({ signal }) => call(ops.virtualInvoice, input, { signal }),
  });
}
