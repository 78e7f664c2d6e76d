import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataSourcesOperations } from '@verdant/contracts/data-sources';
import { invoicesOperations as ops } from '@verdant/contracts/invoices';
import type { BlankInput, InvoiceInputValue } from '@verdant/contracts/invoices/entry';
import { call, invalidate, keyOf, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

/** One invoice as entered on this data source (never cached: GET /invoices/get/{id}). */
export const useInvoice = (id: number, meterId: number) =>
  useOperation(ops.invoice, { params: { id }, query: { meter: meterId } }, { staleTime: 0, gcTime: 0 });

/**
 * A new invoice's draft (POST /invoices/blank): nothing is stored until it is saved. The draft asked for is
 * in the body, so the body is part of its cache key.
 */
export function useBlankInvoice(body: BlankInput | null) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: [...keyOf(ops.blank, {}, organisationId), body],
    queryFn: ({ signal }) => call(ops.blank, { body: body as BlankInput }, { signal }),
    enabled: body !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export const useNewInvoiceDefaults = (meterId: number) =>
  useOperation(ops.newInvoiceDefaults, { params: { id: meterId } });

/** After an invoice changes, its data source's lists, figures and alerts are read again. */
const refreshAfterInvoice = (client: ReturnType<typeof useQueryClient>) =>
  invalidate(client, ops, dataSourcesOperations);

/**
 * Saves an invoice (PUT /invoices/save). A real save re-evaluates the bill audit: every alert list of the
 * data source (the Alerts raised table, the invoice list's counts) reloads, a dry run changes nothing.
 */
export function useSaveInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceInputValue) => call(ops.save, { body }),
    onSuccess: async (_result, body) => {
      if (body.dryRun) return;
      await refreshAfterInvoice(client);
    },
  });
}

export function useDeleteInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id } }),
    onSuccess: () => refreshAfterInvoice(client),
  });
}

/** The data source's invoice alerts in every reportStatus (GET /meters/{id}/invoice-alerts). */
export const useInvoiceAlerts = (meterId: number, enabled: boolean) =>
  useOperation(ops.alerts, { params: { id: meterId } }, { enabled });

/** Resets a Won't Send alert to Unreviewed (POST /invoices/alerts/{id}/reset); the alert lists reload. */
export function useResetInvoiceAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alertId: number) => call(ops.resetAlert, { params: { id: alertId } }),
    onSettled: () => invalidate(client, ops.alerts, dataSourcesOperations.alerts, dataSourcesOperations.list),
  });
}

/** Marks the invoice alerts stale (after a data source alert they mirror is resolved). */
export const useRefreshInvoiceAlerts = () => {
  const client = useQueryClient();
  return () => invalidate(client, ops.alerts);
};

/** PDFs already in the portal that may be linked as the invoice's original (GET /invoices/{id}/link-options). */
export const useLinkOptions = (invoiceId: number) =>
  useOperation(ops.linkOptions, { params: { id: invoiceId } });

/** Links one of them as the original; the data source's invoice list shows its PDF icon again. */
export function useLinkOriginal(invoiceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (folder: string) => call(ops.linkOriginal, { params: { id: invoiceId }, body: { folder } }),
    onSuccess: () => invalidate(client, ops.list, ops.linkOptions),
  });
}
