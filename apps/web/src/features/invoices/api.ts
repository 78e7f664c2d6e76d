import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataSourcesOperations } from '@verdant/contracts/data-sources';
import {
  invoiceDateDefaults,
  invoiceList,
  type ReversalRequest,
  rawDataUrlAnswer,
  reversalData,
  savedInvoiceAnswer,
} from '@verdant/contracts/invoice-list';
import { api } from '../../lib/api-client';
import { invalidate } from '../../lib/operations';

export const invoiceListKeys = {
  all: (meterId: number) => ['meter', meterId, 'invoices'] as const,
  list: (meterId: number, limit: number) => ['meter', meterId, 'invoices', 'list', limit] as const,
  defaults: (meterId: number) => ['meter', meterId, 'invoices', 'defaults'] as const,
  reversal: (meterId: number, from: string | null, till: string | null, unit: number | null) =>
    ['meter', meterId, 'invoices', 'reversal-data', from, till, unit] as const,
};

export function useInvoiceList(meterId: number, limit: number) {
  return useQuery({
    queryKey: invoiceListKeys.list(meterId, limit),
    queryFn: ({ signal }) =>
      api.get(`/meters/${meterId}/invoices?limit=${limit}`, { schema: invoiceList, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceDateDefaults(meterId: number) {
  return useQuery({
    queryKey: invoiceListKeys.defaults(meterId),
    queryFn: ({ signal }) =>
      api.get(`/meters/${meterId}/invoice-date-defaults`, { schema: invoiceDateDefaults, signal }),
  });
}

/** What a reversal of the period would reverse: consumption per meter and cost. */
export function useReversalData(
  meterId: number,
  from: string | null,
  till: string | null,
  unit: number | null,
) {
  return useQuery({
    queryKey: invoiceListKeys.reversal(meterId, from, till, unit),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (from) query.set('startDate', from);
      if (till) query.set('endDate', till);
      if (unit) query.set('unit', String(unit));
      return api.get(`/meters/${meterId}/invoices/reversal-data?${query}`, { schema: reversalData, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export type ReversalAction = 'reversal' | 'replacement' | 'decommissioning';

/** Reversal, replacement or decommission; the list, the meter and its figures are read again. */
export function useReversal(meterId: number, action: ReversalAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReversalRequest) =>
      api.post(`/invoices/${action}`, { body, schema: savedInvoiceAnswer }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['meter', meterId] });
      void invalidate(client, dataSourcesOperations);
    },
  });
}

/**
 * Uploads a file to an invoice: asks for a signed URL, then PUTs the bytes there with the storage class the
 * answer names (spec 7). The first PDF becomes the original; other files are raw data.
 */
export function useInvoiceUpload(meterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ invoiceId, file }: { invoiceId: number; file: File }) => {
      const target = await api.post(`/invoices/${invoiceId}/raw-data-url`, {
        body: {
          filename: file.name,
          contentType: file.type || 'application/octet-stream',
          length: file.size,
        },
        schema: rawDataUrlAnswer,
      });
      const res = await fetch(target.uploadURL, {
        method: 'PUT',
        body: file,
        headers: { 'content-type': 'application/octet-stream', 'x-amz-storage-class': target.storageClass },
      });
      if (!res.ok) {
        const answer = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(answer?.message ?? 'The file could not be uploaded');
      }
      return target;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceListKeys.all(meterId) }),
  });
}

/** Opens a file behind a direct link in a new tab; false when it cannot be read. */
export async function openDirectFile(url: string): Promise<boolean> {
  const opened = window.open('', '_blank');
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(String(res.status));
    const blob = await res.blob();
    const href = URL.createObjectURL(blob);
    if (opened) opened.location.href = href;
    else window.location.assign(href);
    return true;
  } catch {
    opened?.close();
    return false;
  }
}
