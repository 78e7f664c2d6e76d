import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ghgChartsOperations } from '@verdant/contracts/ghg-charts';
import {
  type InstrumentInput,
  scope2InstrumentsOperations as ops,
} from '@verdant/contracts/scope2-instruments';
import { call, invalidate, useOperation } from '../../lib/operations';
import { useSession } from '../../lib/session-store';

const useOrgId = () => useSession()?.organisation?.id ?? null;

export function useInstruments() {
  const orgId = useOrgId();
  return useOperation(ops.list, orgId === null ? null : { params: { id: orgId } });
}

/** Saves (id: change, else new) or removes an instrument; the charts' figures are refetched after. */
export function useSaveInstrument() {
  const orgId = useOrgId();
  const client = useQueryClient();
  const done = () => {
    void invalidate(client, ops.list);
    void invalidate(client, ghgChartsOperations);
  };
  const save = useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: InstrumentInput }) =>
      id === null
        ? call(ops.create, { params: { id: orgId as number }, body })
        : call(ops.update, { params: { id: orgId as number, instrumentId: id }, body }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(ops.remove, { params: { id: orgId as number, instrumentId: id } }),
    onSuccess: done,
  });
  return { save, remove };
}
