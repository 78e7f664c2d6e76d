import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contractCreated,
  type NewNhhRate,
  type NewPpdRate,
  nhhRatesAdded,
  nhhRatesList,
  ppdContractsList,
  ppdRatesAdded,
  touContractsList,
  touRatesList,
  uploadResult,
} from '@verdant/contracts/rates';
import { api } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { useOrganisationId } from '../../lib/session-store';

const base = (orgId: number | null) => `/organisations/${orgId ?? 0}`;
const keys = {
  tou: (orgId: number | null) => ['rates', orgId, 'tou'] as const,
  touRates: (orgId: number | null, id: number | null) => ['rates', orgId, 'tou', id] as const,
  nhh: (orgId: number | null) => ['rates', orgId, 'nhh'] as const,
  ppd: (orgId: number | null) => ['rates', orgId, 'ppd'] as const,
};

export function useTouContracts() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: keys.tou(orgId),
    queryFn: ({ signal }) => api.get(`${base(orgId)}/tou-contracts`, { schema: touContractsList, signal }),
    enabled: orgId !== null,
  });
}

export function useTouRates(contractId: number | null) {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: keys.touRates(orgId, contractId),
    queryFn: ({ signal }) =>
      api.get(`${base(orgId)}/tou-contracts/${contractId}/rates`, { schema: touRatesList, signal }),
    enabled: orgId !== null && contractId !== null,
  });
}

export function useNewContract(kind: 'tou' | 'ppd') {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.post(`${base(orgId)}/${kind}-contracts`, { body: { name }, schema: contractCreated }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: kind === 'tou' ? keys.tou(orgId) : keys.ppd(orgId) }),
  });
}

export function useUploadTouRates() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      api.post(`${base(orgId)}/tou-contracts/upload-rates`, {
        body: csv,
        contentType: 'text/csv',
        schema: uploadResult,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['rates', orgId, 'tou'] }),
  });
}

export async function downloadTouTemplate(orgId: number, meter: number, from: string, till: string) {
  const file = await api.get<Blob>(
    `${base(orgId)}/tou-contracts/create-template?meter=${meter}&from=${from}&till=${till}`,
    { blob: true },
  );
  saveFile(file, `tou-rates-template-${from.slice(0, 7)}-${till.slice(0, 7)}.csv`);
}

export function useNhhRates() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: keys.nhh(orgId),
    queryFn: ({ signal }) => api.get(`${base(orgId)}/ntou-contract-rates`, { schema: nhhRatesList, signal }),
    enabled: orgId !== null,
  });
}

export function useAddNhhRate() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewNhhRate) =>
      api.post(`${base(orgId)}/ntou-contract-rates`, { body, schema: nhhRatesAdded }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.nhh(orgId) }),
  });
}

export function usePpdContracts() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: keys.ppd(orgId),
    queryFn: ({ signal }) => api.get(`${base(orgId)}/ppd-contracts`, { schema: ppdContractsList, signal }),
    enabled: orgId !== null,
  });
}

export function useAddPpdRate() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ contractId, body }: { contractId: number; body: NewPpdRate }) =>
      api.post(`${base(orgId)}/ppd-contracts/${contractId}/rates`, { body, schema: ppdRatesAdded }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.ppd(orgId) }),
  });
}
