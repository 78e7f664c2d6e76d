import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import {
  catalogueEditionsOperations as eds,
  type FactorMappingInput,
} from '@verdant/contracts/catalogue-editions';
import { catalogueRestatementsOperations as res } from '@verdant/contracts/catalogue-restatements';
import { toolsOperations } from '@verdant/contracts/tools';
import type { JobType } from '../../components/run-when-choice';
import { call, invalidate, useOperation } from '../../lib/operations';

/** Editions of the default set, loaded from publishers' files, and their publication as restatements. */
export const useEditions = () => useOperation(eds.editions, {});
export const useEdition = (id: number | null, threshold: number) =>
  useOperation(eds.edition, id === null ? null : { params: { id }, query: { threshold } });

/** What the upload says beside the file (the query string of the load call). */
export type EditionLoad = Parameters<typeof call<typeof eds.loadEdition>>[1]['query'];

export function useLoadEdition() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ query, file }: { query: EditionLoad; file: File }) =>
      call(eds.loadEdition, { query, body: file, fileName: file.name }),
    onSuccess: () => invalidate(client, eds.editions),
  });
}

export function useDiscardEdition() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(eds.deleteEdition, { params: { id } }),
    onSuccess: () => invalidate(client, eds.editions),
  });
}

export const usePublishEdition = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      call(res.publishEdition, { params: { id }, body: { reason } }),
  });

/** Confirming hands the restatement to the jobs centre; every figure it moves changes when the job is done. */
export function useConfirmRestatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, type }: { id: number; type: JobType }) =>
      call(res.confirmRestatement, { params: { id }, body: { type } }),
    onSuccess: () => invalidate(client, eds.editions, eds.edition, toolsOperations, catalogueOperations),
  });
}

/** Saved mappings of publishers' rows to data types: they apply to every file loaded after them. */
export const useFactorMappings = () => useOperation(eds.factorMappings, {});

export function useSaveFactorMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FactorMappingInput) => call(eds.saveFactorMapping, { body }),
    onSuccess: () => invalidate(client, eds.factorMappings),
  });
}

export function useDeleteFactorMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(eds.deleteFactorMapping, { params: { id } }),
    onSuccess: () => invalidate(client, eds.factorMappings),
  });
}
