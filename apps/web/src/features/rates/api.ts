import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type NewNhhRate, type NewPpdRate, ratesOperations as ops } from '@verdant/contracts/rates';
import { saveFile } from '../../lib/download';
import { call, invalidate, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

/** The session's organisation as the path's parameter; null while there is none. */
function useOrg() {
  const orgId = useOrganisationId();
  return orgId === null ? null : { id: orgId };
}

export function useTouContracts() {
  const params = useOrg();
  return useOperation(ops.touContracts, params && { params });
}

export function useTouRates(contractId: number | null) {
  const params = useOrg();
  return useOperation(
    ops.touRates,
    params && contractId !== null ? { params: { ...params, contractId } } : null,
  );
}

export function useNewContract(kind: 'tou' | 'ppd') {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      call(kind === 'tou' ? ops.newTouContract : ops.newPpdContract, {
        params: { id: orgId ?? 0 },
        body: { name },
      }),
    onSuccess: () => invalidate(client, kind === 'tou' ? ops.touContracts : ops.ppdContracts),
  });
}

export function useUploadTouRates() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => call(ops.uploadTouRates, { params: { id: orgId ?? 0 }, body: csv }),
    onSuccess: () => invalidate(client, ops.touContracts, ops.touRates),
  });
}

export async function downloadTouTemplate(orgId: number, meter: number, from: string, till: string) {
  const file = await call(ops.touTemplate, { params: { id: orgId }, query: { meter, from, till } });
  saveFile(file, `tou-rates-template-${from.slice(0, 7)}-${till.slice(0, 7)}.csv`);
}

export function useNhhRates() {
  const params = useOrg();
  return useOperation(ops.nhhRates, params && { params });
}

export function useAddNhhRate() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewNhhRate) => call(ops.addNhhRate, { params: { id: orgId ?? 0 }, body }),
    onSuccess: () => invalidate(client, ops.nhhRates),
  });
}

export function usePpdContracts() {
  const params = useOrg();
  return useOperation(ops.ppdContracts, params && { params });
}

export function useAddPpdRate() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contractId, body }: { contractId: number; body: NewPpdRate }) =>
      call(ops.addPpdRate, { params: { id: orgId ?? 0, contractId }, body }),
    onSuccess: () => invalidate(client, ops.ppdContracts),
  });
}
