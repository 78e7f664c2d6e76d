import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DatasetMonth,
  type NewDataset,
  publicDatasetsOperations as ops,
} from '@verdant/contracts/public-datasets';
import { call, invalidate, useOperation } from '../../lib/operations';

export const useCollections = () => useOperation(ops.list, {});

export const useDatasetYear = (collectionId: number | null, datasetId: number | null, year: number) =>
  useOperation(ops.year, collectionId && datasetId ? { params: { collectionId, datasetId, year } } : null);

/** Saving a year's months and loading a CSV: both change what the list and every year show. */
export function useDatasetChanges(collectionId: number, datasetId: number) {
  const client = useQueryClient();
  const refresh = () => invalidate(client, ops);
  return {
    save: useMutation({
      mutationFn: ({ year, months }: { year: number; months: DatasetMonth[] }) =>
        call(ops.saveYear, { params: { collectionId, datasetId, year }, body: months }),
      onSuccess: refresh,
    }),
    load: useMutation({
      mutationFn: (csv: string) => call(ops.loadCsv, { params: { collectionId, datasetId }, body: csv }),
      onSuccess: refresh,
    }),
  };
}

/** Adding a dataset to a collection (product administrators). */
export function useCreateDataset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ collectionId, body }: { collectionId: number; body: NewDataset }) =>
      call(ops.create, { params: { collectionId }, body }),
    onSuccess: () => invalidate(client, ops),
  });
}
