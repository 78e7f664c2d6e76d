import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@verdant/contracts/common';
import {
  type BlankInput,
  type InvoiceInputValue,
  invoicePage,
  newInvoiceDefaults,
  saveResult,
} from '@verdant/contracts/invoice-edit';
import { api } from '../../lib/api-client';

export const invoiceKeys = {
  one: (id: number, meterId: number) => ['invoice', id, meterId] as const,
  blank: (body: BlankInput) => ['invoice', 'blank', body] as const,
  defaults: (meterId: number) => ['meter', meterId, 'new-invoice-defaults'] as const,
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

export function useSaveInvoice() {
  return useMutation({
    mutationFn: (body: InvoiceInputValue) => api.put('/invoices/save', { body, schema: saveResult }),
  });
}

export function useDeleteInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/invoices/${id}`, { schema: okResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['meter'] }),
  });
}
