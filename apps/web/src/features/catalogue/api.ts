import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import {
  type CompositeRequest,
  type DataTypeUpdate,
  type EmissionFactorInput,
  type NewDataTypeRequest,
  type NewUnitRequest,
  catalogueAdminOperations as ops,
} from '@verdant/contracts/catalogue-admin';
import { saveFile } from '../../lib/download';
import { call, invalidate, useOperation } from '../../lib/operations';

/** The product administrators' catalogue (data-portal.md 2.8): every call through the catalogue's tables. */
export const useAdminDataTypes = (enabled: boolean) => useOperation(ops.adminEnergyTypes, {}, { enabled });

/** Every change to a data type refreshes the admin list and the lookups the rest of the portal reads. */
function useCatalogueChange<I, A>(mutationFn: (input: I) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidate(client, ops, catalogueOperations),
  });
}

export const useCreateDataType = () =>
  useCatalogueChange((body: NewDataTypeRequest) => call(ops.createDataType, { body }));

export const useUpdateDataType = (id: number) =>
  useCatalogueChange((body: DataTypeUpdate) => call(ops.updateDataType, { params: { id }, body }));

export const useCreateUnit = (id: number) =>
  useCatalogueChange((body: NewUnitRequest) => call(ops.createUnit, { params: { id }, body }));

export const useCreateComposite = () =>
  useCatalogueChange((body: CompositeRequest) => call(ops.createComposite, { body }));

export const useCommons = (enabled: boolean) => useOperation(ops.compositeCommons, {}, { enabled });
export const useCommonTypes = (unit: string | null) =>
  useOperation(ops.compositeCommonTypes, unit ? { params: { id: unit } } : null);
export const useCompositeDetails = (id: number | null) =>
  useOperation(ops.compositeDetails, id === null ? null : { params: { id } });

export const useFactorSources = (enabled: boolean) => useOperation(ops.factorSources, {}, { enabled });
export const useFactors = (id: number, source: number | null) =>
  useOperation(ops.factors, source === null ? null : { params: { id, source } });

export const useSaveFactor = (id: number, source: number) =>
  useCatalogueChange(({ factorId, body }: { factorId: number | null; body: EmissionFactorInput }) =>
    factorId === null
      ? call(ops.createFactor, { params: { id, source }, body })
      : call(ops.updateFactor, { params: { id, source, factorId }, body }),
  );

export async function downloadActivities() {
  saveFile(await call(ops.activitiesCsv, {}), 'activities.csv');
}
