import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesOperations } from '@verdant/contracts/data-sources';
import { invoicesOperations as ops } from '@verdant/contracts/invoices';
import type { ReversalRequest } from '@verdant/contracts/invoices/list';
import { call, invalidate, useOperation } from '../../lib/operations';

export const useInvoiceList = (meterId: number, limit: number) =>
  useOperation(
    ops.list,
    { params: { id: meterId }, query: { limit } },
    { placeholderData: keepPreviousData },
  );

export const useInvoiceDateDefaults = (meterId: number) =>
  useOperation(ops.dateDefaults, { params: { id: meterId } });

/** What a reversal of the period would reverse: consumption per meter and cost. */
export const useReversalData = (
  meterId: number,
  from: string | null,
  till: string | null,
  unit: number | null,
) =>
  useOperation(
    ops.reversalData,
    {
      params: { id: meterId },
      query: { startDate: from || undefined, endDate: till || undefined, unit: unit || undefined },
    },
    { placeholderData: keepPreviousData },
  );

export type ReversalAction = 'reversal' | 'replacement' | 'decommissioning';

/** Reversal, replacement or decommission; the list, the meter and its figures are read again. */
export function useReversal(action: ReversalAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReversalRequest) => call(ops[action], { body }),
    onSuccess: () => void invalidate(client, ops, dataSourcesOperations),
  });
}
