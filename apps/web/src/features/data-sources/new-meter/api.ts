import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import {
  icpCheckAnswer,
  type NewCombinedAccountRequest,
  type NewMeterRequest,
  newCombinedAccountAnswer,
  newMeterAnswer,
} from '@verdant/contracts/meter-creation';
import { searchOperations } from '@verdant/contracts/search';
import type { Situation } from '@verdant/domain/meter-creation';
import { api } from '../../../lib/api-client';
import { invalidate, useOperation } from '../../../lib/operations';

const STALE = 5 * 60_000;
const catalogue = catalogueOperations;

/** The activities (data types) a meter can measure: the organisation's and the global ones, not retired. */
export const useEnergyTypes = (enabled: boolean) =>
  useOperation(
    catalogue.energyTypes,
    {},
    { select: (list) => list.filter((t) => !t.retired), staleTime: STALE, enabled },
  );

export const useEnergyUnits = (energyId: number | null) =>
  useOperation(catalogue.unitsOfType, energyId === null ? null : { params: { id: energyId } }, {
    staleTime: STALE,
  });

export const useMeterTypes = (energyId: number | null, level: Situation) =>
  useOperation(catalogue.meterTypesOf, energyId === null ? null : { params: { id: energyId, level } }, {
    staleTime: STALE,
  });

export const useMeterLevels = (enabled: boolean) =>
  useOperation(catalogue.meterLevels, {}, { staleTime: STALE, enabled });

export const useRetailers = (enabled: boolean) =>
  useOperation(catalogue.retailers, {}, { staleTime: STALE, enabled });

/** The server's check of a whole ICP (valid, and whether the organisation already has it). */
export function useIcpCheck(icp: string | null, electricity: boolean) {
  return useQuery({
    queryKey: ['icp-check', icp, electricity],
    queryFn: ({ signal }) =>
      api.get(`/meters/icp-check/${encodeURIComponent(icp ?? '')}?electricity=${electricity}`, {
        schema: icpCheckAnswer,
        signal,
      }),
    enabled: icp !== null,
    staleTime: 30_000,
  });
}

/** Lists of data sources and sites count meters: they are refreshed after a creation. */
const refreshLists = (client: ReturnType<typeof useQueryClient>) => {
  for (const key of ['data-sources', 'site', 'sites']) void client.invalidateQueries({ queryKey: [key] });
  void invalidate(client, searchOperations.browse);
};

export function useCreateMeter(organisationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMeterRequest) =>
      api.post(`/organisations/${organisationId}/new-meter`, { body, schema: newMeterAnswer }),
    onSuccess: () => refreshLists(client),
  });
}

export function useCreateCombinedAccount(organisationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCombinedAccountRequest) =>
      api.post(`/organisations/${organisationId}/new-combined-water-wastewater-account`, {
        body,
        schema: newCombinedAccountAnswer,
      }),
    onSuccess: () => refreshLists(client),
  });
}
