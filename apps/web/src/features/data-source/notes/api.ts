import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invoiceListOperations } from '@verdant/contracts/invoice-list';
import { type MeterNoteInput, meterNote, meterNotesList } from '@verdant/contracts/meter-notes';
import { api } from '../../../lib/api-client';
import { useOperation } from '../../../lib/operations';

const notesPath = (meterId: number) => `/meters/${meterId}/comments`;
export const noteKeys = { list: (meterId: number) => ['meter', meterId, 'notes'] as const };

export function useMeterNotes(meterId: number) {
  return useQuery({
    queryKey: noteKeys.list(meterId),
    queryFn: ({ signal }) => api.get(notesPath(meterId), { schema: meterNotesList, signal }),
  });
}

/** The invoices a new note may be bound to: the latest, and `include` (the one the invoice list named). */
export function useRecentInvoices(meterId: number, include: number | null, enabled: boolean) {
  return useOperation(
    invoiceListOperations.recentInvoices,
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
        ? api.post(notesPath(meterId), { body, schema: meterNote })
        : api.put(`${notesPath(meterId)}/${id}`, { body, schema: meterNote }),
    onSuccess: (_, { body }) =>
      client.invalidateQueries({ queryKey: body.invoiceId ? ['meter', meterId] : noteKeys.list(meterId) }),
  });
}
