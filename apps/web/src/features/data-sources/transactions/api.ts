import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesOperations as ops } from '@verdant/contracts/data-sources';
import type { TransactionInput } from '@verdant/contracts/data-sources/transactions';
import { call, invalidate, keyOf, useOperation } from '../../../lib/operations';

export const useTransactions = (meterId: number) =>
  useOperation(ops.transactions, { params: { id: meterId } });

/** A change to the transactions changes the meter's figures too (its Overview reads them again). */
function useTransactionsMutation<V, R>(run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await invalidate(client, ops.transactions);
      for (const op of [ops.meter, ops.meterGraph])
        await client.invalidateQueries({ queryKey: keyOf(op), refetchType: 'none' });
    },
  });
}

/** Adds a transaction (no itemId) or changes one. */
export const useSaveTransaction = (meterId: number) =>
  useTransactionsMutation(({ itemId, body }: { itemId: number | null; body: TransactionInput }) =>
    itemId === null
      ? call(ops.addTransaction, { params: { id: meterId }, body })
      : call(ops.updateTransaction, { params: { id: meterId, itemId }, body }),
  );

export const useDeleteTransaction = (meterId: number) =>
  useTransactionsMutation(({ invoiceId, itemId }: { invoiceId: number | null; itemId: number }) =>
    call(ops.deleteTransaction, { params: { id: meterId, invoiceId: invoiceId ?? 0, itemId } }),
  );
