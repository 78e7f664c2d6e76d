import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TransactionInput, transactionSaved, transactionsList } from '@verdant/contracts/transactions';
import { z } from 'zod';
import { meterKeys } from '../../../components/meter-api';
import { api } from '../../../lib/api-client';

const listPath = (meterId: number) => `/meters/${meterId}/transactions`;
export const transactionKeys = { list: (meterId: number) => ['meter', meterId, 'transactions'] as const };

export function useTransactions(meterId: number) {
  return useQuery({
    queryKey: transactionKeys.list(meterId),
    queryFn: ({ signal }) => api.get(listPath(meterId), { schema: transactionsList, signal }),
  });
}

/** A change to the transactions changes the meter's figures too (its Overview reads them again). */
function useTransactionsMutation<V, R>(meterId: number, run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: transactionKeys.list(meterId) });
      await client.invalidateQueries({ queryKey: meterKeys.meter(meterId), refetchType: 'none' });
    },
  });
}

/** Adds a transaction (no itemId) or changes one. */
export const useSaveTransaction = (meterId: number) =>
  useTransactionsMutation(meterId, ({ itemId, body }: { itemId: number | null; body: TransactionInput }) =>
    itemId === null
      ? api.post(listPath(meterId), { body, schema: transactionSaved })
      : api.put(`${listPath(meterId)}/${itemId}`, { body, schema: transactionSaved }),
  );

export const useDeleteTransaction = (meterId: number) =>
  useTransactionsMutation(meterId, ({ invoiceId, itemId }: { invoiceId: number | null; itemId: number }) =>
    api.delete(`${listPath(meterId)}/${invoiceId ?? 0}/${itemId}`, {
      schema: z.object({ success: z.literal(true), message: z.string() }),
    }),
  );
