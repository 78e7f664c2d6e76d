import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@verdant/contracts/common';
import { type InstrumentInput, instrument, instrumentList } from '@verdant/contracts/scope2-instruments';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-store';

const useOrgId = () => useSession()?.organisation?.id ?? null;

export function useInstruments() {
  const orgId = useOrgId();
  return useQuery({
    queryKey: ['scope2-instruments', orgId],
    queryFn: ({ signal }) =>
      api.get(`/organisations/${orgId}/scope2-instruments`, { schema: instrumentList, signal }),
    enabled: orgId !== null,
  });
}

/** Saves (id: change, else new) or removes an instrument; the charts' figures are refetched after. */
export function useSaveInstrument() {
  const orgId = useOrgId();
  const client = useQueryClient();
  const done = () => {
    client.invalidateQueries({ queryKey: ['scope2-instruments', orgId] });
    client.invalidateQueries({ queryKey: ['ghg-chart', orgId] });
  };
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: InstrumentInput }) =>
      id === null
        ? api.post(`/organisations/${orgId}/scope2-instruments`, { body, schema: instrument })
        : api.put(`/organisations/${orgId}/scope2-instruments/${id}`, { body, schema: instrument }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      api.delete(`/organisations/${orgId}/scope2-instruments/${id}`, { schema: okResponse }),
    onSuccess: done,
  });
  return { save, remove };
}
