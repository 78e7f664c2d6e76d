import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { energyTypeList, lookupList, meterEnergyUnitList } from '@verdant/contracts/catalogue';
import {
  icpCheckAnswer,
  type NewCombinedAccountRequest,
  type NewMeterRequest,
  newCombinedAccountAnswer,
  newMeterAnswer,
  retailerList,
} from '@verdant/contracts/meter-creation';
import type { Situation } from '@verdant/domain/meter-creation';
import { api } from '../../../lib/api-client';

const STALE = 5 * 60_000;

/** The activities (data types) a meter can measure: the organisation's and the global ones, not retired. */
export function useEnergyTypes(enabled: boolean) {
  return useQuery({
    queryKey: ['lookups', 'energy-types'],
    queryFn: ({ signal }) => api.get('/lookups/energy-types', { schema: energyTypeList, signal }),
    select: (list) => list.filter((t) => !t.retired),
    staleTime: STALE,
    enabled,
  });
}

export function useEnergyUnits(energyId: number | null) {
  return useQuery({
    queryKey: ['lookups', 'energy', energyId, 'units'],
    queryFn: ({ signal }) =>
      api.get(`/lookups/energy/${energyId}/energy-units`, { schema: meterEnergyUnitList, signal }),
    staleTime: STALE,
    enabled: energyId !== null,
  });
}

export function useMeterTypes(energyId: number | null, level: Situation) {
  return useQuery({
    queryKey: ['lookups', 'energy', energyId, 'meter-types', level],
    queryFn: ({ signal }) =>
      api.get(`/lookups/energy/${energyId}/meter-levels/${level}/meter-types`, {
        schema: lookupList,
        signal,
      }),
    staleTime: STALE,
    enabled: energyId !== null,
  });
}

export function useMeterLevels(enabled: boolean) {
  return useQuery({
    queryKey: ['lookups', 'meter-levels'],
    queryFn: ({ signal }) => api.get('/lookups/meter-levels', { schema: lookupList, signal }),
    staleTime: STALE,
    enabled,
  });
}

export function useRetailers(enabled: boolean) {
  return useQuery({
    queryKey: ['lookups', 'retailers'],
    queryFn: ({ signal }) => api.get('/lookups/retailers', { schema: retailerList, signal }),
    staleTime: STALE,
    enabled,
  });
}

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
  for (const key of ['data-sources', 'site', 'sites', 'browse'])
    void client.invalidateQueries({ queryKey: [key] });
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
