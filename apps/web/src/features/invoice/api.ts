import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@verdant/contracts/common';
import { dataSourcesOperations } from '@verdant/contracts/data-sources';
import { invoiceAlert, invoiceAlertList } from '@verdant/contracts/invoice-alerts';
import {
  type BlankInput,
  type InvoiceInputValue,
  invoicePage,
  newInvoiceDefaults,
  saveResult,
} from '@verdant/contracts/invoice-edit';
import { invoiceFilesOperations } from '@verdant/contracts/invoice-list';
import { api } from '../../lib/api-client';
import { call, invalidate, useOperation } from '../../lib/operations';

export const invoiceKeys = {
  one: (id: number, meterId: number) => ['invoice', id, meterId] as const,
  blank: (body: BlankInput) => ['invoice', 'blank', body] as const,
  defaults: (meterId: number) => ['meter', meterId, 'new-invoice-defaults'] as const,
  alerts: (meterId: number) => ['meter', meterId, 'invoice-alerts'] as const,
};

/** One invoice as entered on this data source (never cached: GET /invoices/get/{id}). */
export function useInvoice(id: number, meterId: number) {
  return useQuery({
    queryKey: invoiceKeys.one(id, meterId),
    queryFn: ({ signal }) => api.get(`/invoices/get/${id}?meter=${meterId}`, { schema: invoicePage, signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** A new invoice's draft (POST /invoices/blank): nothing is stored until it is saved. */
export function useBlankInvoice(body: BlankInput | null) {
  return useQuery({
    queryKey: invoiceKeys.blank(body ?? { meter: 0, dateFrom: '', dateTill: '' }),
    queryFn: ({ signal }) => api.post('/invoices/blank', { body, schema: invoicePage, signal }),
    enabled: body !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export function useNewInvoiceDefaults(meterId: number) {
  return useQuery({
    queryKey: invoiceKeys.defaults(meterId),
    queryFn: ({ signal }) =>
      api.get(`/meters/${meterId}/new-invoice-defaults`, { schema: newInvoiceDefaults, signal }),
  });
}

/**
 * Saves an invoice (PUT /invoices/save). A real save re-evaluates the bill audit: every alert list of the
 * data source (the Alerts raised table, the invoice list's counts) reloads, a dry run changes nothing.
 */
export function useSaveInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceInputValue) => api.put('/invoices/save', { body, schema: saveResult }),
    onSuccess: async (_result, body) => {
      if (body.dryRun) return;
      await client.invalidateQueries({ queryKey: ['meter'] });
      await invalidate(client, dataSourcesOperations);
    },
  });
}

export function useDeleteInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/invoices/${id}`, { schema: okResponse }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['meter'] });
      await invalidate(client, dataSourcesOperations);
    },
  });
}

/** The data source's invoice alerts in every reportStatus (GET /meters/{id}/invoice-alerts). */
export function useInvoiceAlerts(meterId: number, enabled: boolean) {
  return useQuery({
    queryKey: invoiceKeys.alerts(meterId),
    queryFn: ({ signal }) =>
      api.get(`/meters/${meterId}/invoice-alerts`, { schema: invoiceAlertList, signal }),
    enabled,
  });
}

/** Resets a Won't Send alert to Unreviewed (POST /invoices/alerts/{id}/reset); the alert lists reload. */
export function useResetInvoiceAlert(meterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alertId: number) => api.post(`/invoices/alerts/${alertId}/reset`, { schema: invoiceAlert }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: invoiceKeys.alerts(meterId) });
      await invalidate(client, dataSourcesOperations.alerts, dataSourcesOperations.list);
    },
  });
}

/** PDFs already in the portal that may be linked as the invoice's original (GET /invoices/{id}/link-options). */
export const useLinkOptions = (invoiceId: number) =>
  useOperation(invoiceFilesOperations.linkOptions, { params: { id: invoiceId } });

/** Links one of them as the original; the data source's invoice list shows its PDF icon again. */
export function useLinkOriginal(invoiceId: number, meterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (folder: string) =>
      call(invoiceFilesOperations.linkOriginal, { params: { id: invoiceId }, body: { folder } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['meter', meterId, 'invoices'] });
      void invalidate(client, invoiceFilesOperations.linkOptions);
    },
  });
}
