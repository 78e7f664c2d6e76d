import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesOperations as ops } from '@verdant/contracts/data-sources';
import type { MeterNoteInput } from '@verdant/contracts/data-sources/notes';
import { invoicesOperations } from '@verdant/contracts/invoices';
import { call, invalidate, useOperation } from '../../../lib/operations';

export const useMeterNotes = (meterId: number) => useOperation(ops.notes, { params: { id: meterId } });

/** The invoices a new note may be bound to: the latest, and `include` (the one the invoice list named). */
export function useRecentInvoices(meterId: number, include: number | null, enabled: boolean) {
  return useOperation(
    invoicesOperations.recentInvoices,
    enabled ? { params: { id: meterId }, query: include === null ? {} : { include } } : null,
  );
}

/**
 * Adds a note (no id) or changes one; the notes are read again, and the rest of the data source's answers
 * too when the note is bound to an invoice (its row in the invoice list shows the note).
 */
export function useSaveNote(meterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MeterNoteInput }) =>
      id === null
        ? call(ops.addNote, { params: { id: meterId }, body })
        : call(ops.updateNote, { params: { id: meterId, noteId: id }, body }),
    onSuccess: async (_, { body }) => {
      await invalidate(client, ops.notes, ops.invoiceNotes);
      if (body.invoiceId) await invalidate(client, invoicesOperations.list);
    },
  });
}
