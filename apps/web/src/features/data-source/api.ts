import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import {
  compatibleTypes,
  type MeterUpdate,
  messageWithId,
  meterDetail,
  meterGraphData,
} from '@verdant/contracts/meters';
import { ppdContractsList, touContractsList } from '@verdant/contracts/rates';
import { meterKeys, useMeterWrite } from '../../components/meter-api';
import { api } from '../../lib/api-client';
import { useOperation } from '../../lib/operations';

export function useMeterGraph(id: number, type: 'cons' | 'cost' | 'co2e', year: number, yearEnd: number) {
  return useQuery({
    queryKey: [...meterKeys.graph(id), type, year, yearEnd],
    queryFn: ({ signal }) =>
      api.get(`/meters/${id}/asset-graph-data/v2/${type}/${year}/year-end/${yearEnd}`, {
        schema: meterGraphData,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

const STALE = 5 * 60_000;

export const useUnitsOf = (energyId: number | null) =>
  useOperation(catalogueOperations.unitsOfType, energyId === null ? null : { params: { id: energyId } }, {
    staleTime: STALE,
  });

export const useRetailerList = () => useOperation(catalogueOperations.retailers, {}, { staleTime: STALE });

/** The organisation's TOU and PPD contracts, the choices of a data source's Retail and Billing settings. */
export function useContractOptions(orgId: number, kind: 'tou' | 'ppd') {
  return useQuery({
    queryKey: ['rates', orgId, kind],
    queryFn: async ({ signal }) =>
      kind === 'tou'
        ? (await api.get(`/organisations/${orgId}/tou-contracts`, { schema: touContractsList, signal }))
            .contracts
        : (await api.get(`/organisations/${orgId}/ppd-contracts`, { schema: ppdContractsList, signal }))
            .contracts,
    select: (list: { id: number; name: string }[]) =>
      list.map((c) => ({ value: String(c.id), label: c.name })),
  });
}

export const useUpdateMeter = (id: number) =>
  useMeterWrite(id, (body: MeterUpdate) => api.put(`/meters/${id}`, { body, schema: meterDetail }));

export type AlertSetup = 'consumption-alert-setup' | 'tariff-alert-setup' | 'baseload-alert-setup';
export const useAlertSetup = (id: number, path: AlertSetup) =>
  useMeterWrite(id, (body: object) => api.put(`/meters/${id}/${path}`, { body, schema: meterDetail }));

export function useCompatibleTypes(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...meterKeys.meter(id), 'compatible-types'],
    queryFn: ({ signal }) => api.get(`/meters/${id}/compatible-types`, { schema: compatibleTypes, signal }),
    enabled,
  });
}

export const useChangeDataType = (id: number) =>
  useMeterWrite(id, (body: { energyId: number; unitId: number }) =>
    api.put(`/meters/${id}/change-data-type`, { body, schema: meterDetail }),
  );

/** Move and Replacement answer a message and an id; the meter and every list showing it are read again. */
function useMeterAction<A>(id: number, call: (arg: A) => Promise<{ message: string; id: number }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: meterKeys.meter(id) });
      void client.invalidateQueries({ queryKey: ['site'] });
      void client.invalidateQueries({ queryKey: ['sites'] });
    },
  });
}

export const useMoveMeter = (id: number) =>
  useMeterAction(id, (siteId: number) =>
    api.post(`/meters/${id}/move`, { body: { to: siteId }, schema: messageWithId }),
  );

export const useCreateReplacement = (id: number) =>
  useMeterAction(id, (body: { typeId: number; openDate?: string }) =>
    api.post(`/meters/${id}/create-replacement`, { body, schema: messageWithId }),
  );
