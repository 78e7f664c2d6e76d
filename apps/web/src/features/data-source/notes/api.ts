import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MeterNoteInput, meterNote, meterNotesList } from '@verdant/contracts/meter-notes';
import { api } from '../../../lib/api-client';

const notesPath = (meterId: number) => `/meters/${meterId}/comments`;
export const noteKeys = { list: (meterId: number) => ['meter', meterId, 'notes'] as const };

export function useMeterNotes(meterId: number) {
  return useQuery({
    queryKey: noteKeys.list(meterId),
    queryFn: ({ signal }) => api.get(notesPath(meterId), { schema: meterNotesList, signal }),
  });
}

/** Adds a note (no id) or changes one; the list is read again either way. */
export function useSaveNote(meterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MeterNoteInput }) =>
      id === null
        ? api.post(notesPath(meterId), { body, schema: meterNote })
        : api.put(`${notesPath(meterId)}/${id}`, { body, schema: meterNote }),
    onSuccess: () => client.invalidateQueries({ queryKey: noteKeys.list(meterId) }),
  });
}
