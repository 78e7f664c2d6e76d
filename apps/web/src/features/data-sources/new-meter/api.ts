import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import { dataSourcesOperations as ops } from '@verdant/contracts/data-sources';
import type { NewCombinedAccountRequest, NewMeterRequest } from '@verdant/contracts/data-sources/creation';
import { searchOperations } from '@verdant/contracts/search';
import { sitesOperations } from '@verdant/contracts/sites';
import type { Situation } from '@verdant/domain/meter-creation';
import { call, invalidate, useOperation } from '../../../lib/operations';

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
export const useIcpCheck = (icp: string | null, electricity: boolean) =>
  useOperation(
    ops.icpCheck,
    icp ? { params: { icp }, query: { electricity: electricity ? 'true' : 'false' } } : null,
    { staleTime: 30_000 },
  );

/** Lists of data sources and sites count meters: they are refreshed after a creation. */
const refreshLists = (client: ReturnType<typeof useQueryClient>) =>
  void invalidate(client, ops.list, sitesOperations, searchOperations.browse);

export function useCreateMeter(organisationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewMeterRequest) => call(ops.newMeter, { params: { id: organisationId }, body }),
    onSuccess: () => refreshLists(client),
  });
}

export function useCreateCombinedAccount(organisationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCombinedAccountRequest) =>
      call(ops.newCombinedAccount, { params: { id: organisationId }, body }),
    onSuccess: () => refreshLists(client),
  });
}
