import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type EntityDetail,
  type EntityType,
  type EntityUpdate,
  type NewEntityRequest,
  entitiesOperations as ops,
} from '@verdant/contracts/entities';
import type { EntityUsages, UsageField, wwtpUpdate } from '@verdant/contracts/entities/details';
import type { z } from 'zod';
import { call, invalidate, keyOf, useOperation, usePagedOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

export interface EntityFilters {
  q: string;
  includeClosed: boolean;
  hideOpen: boolean;
  types: EntityType[];
  sort: 'name' | 'facility' | 'site' | 'consumption' | 'type';
  dir: 'asc' | 'desc';
}

/** The entities table, a page at a time; the optional filters are sent only when set. */
export function useEntitiesList(f: EntityFilters) {
  const orgId = useOrganisationId();
  const query = {
    sort: f.sort,
    dir: f.dir,
    q: f.q || undefined,
    includeClosed: f.includeClosed ? ('true' as const) : undefined,
    hideOpen: f.hideOpen ? ('true' as const) : undefined,
    types: f.types.length > 0 ? f.types.join(',') : undefined,
  };
  return usePagedOperation(ops.list, orgId === null ? null : { params: { id: orgId }, query }, 'entities');
}

export const useFacilities = (siteId: number | null) =>
  useOperation(ops.facilities, siteId === null ? null : { params: { siteId } });

export const usePumpMeters = (siteId: number | null) =>
  useOperation(ops.pumpMeters, siteId === null ? null : { params: { siteId } });

/** The entity's cache entry: writes that answer the whole entity put it straight in. */
function useEntityCache(id: number) {
  const client = useQueryClient();
  const orgId = useOrganisationId();
  return {
    client,
    set: (key: Parameters<typeof keyOf>[0], value: unknown) =>
      client.setQueryData(keyOf(key, { params: { id } }, orgId), value),
    remove: () => client.removeQueries({ queryKey: keyOf(ops.read, { params: { id } }, orgId) }),
  };
}

export function useCreateEntity() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewEntityRequest) => call(ops.create, { params: { id: orgId ?? 0 }, body }),
    onSuccess: ({ data }) => {
      client.setQueryData(keyOf(ops.read, { params: { id: data.id } }, orgId), data);
      void invalidate(client, ops.list);
    },
  });
}

export const useEntity = (id: number) => useOperation(ops.read, { params: { id } }, { retry: false });

/** The entity's distributed figures: twelve months and the data sources sharing with it. */
export const useEntityFigures = (id: number) => useOperation(ops.figures, { params: { id } });

/** Saves some fields; the answer (the whole entity) goes straight into the cache. */
export function useUpdateEntity(id: number) {
  const cache = useEntityCache(id);
  return useMutation({
    mutationFn: (body: EntityUpdate) => call(ops.update, { params: { id }, body }),
    onSuccess: (updated: EntityDetail) => {
      cache.set(ops.read, updated);
      void invalidate(cache.client, ops.list);
    },
  });
}

export function useDeleteEntity(id: number) {
  const cache = useEntityCache(id);
  return useMutation({
    mutationFn: () => call(ops.remove, { params: { id } }),
    onSuccess: () => {
      cache.remove();
      void invalidate(cache.client, ops.list);
    },
  });
}

export const useEntityUsages = (id: number) => useOperation(ops.usages, { params: { id } });

/** Changes the cached usages in place once a field is saved. */
export function usePatchEntityUsages(id: number) {
  const client = useQueryClient();
  const orgId = useOrganisationId();
  return (change: (u: EntityUsages) => EntityUsages) =>
    client.setQueryData<EntityUsages>(keyOf(ops.usages, { params: { id } }, orgId), (u) =>
      u ? change(u) : u,
    );
}

export const saveUsage = (id: number, field: UsageField, value: string | number | null) =>
  call(ops.updateUsage, { params: { id, field }, body: { value } });

export const saveIndicator = (id: number, indicatorId: number, value: string | null) =>
  call(ops.updateIndicator, { params: { id, indicatorId }, body: { value } });

export const usePump = (id: number, enabled: boolean) =>
  useOperation(ops.pump, { params: { id } }, { enabled });

export function useUpdatePump(id: number) {
  const cache = useEntityCache(id);
  return useMutation({
    mutationFn: (body: { head?: string | null; powerMeterId?: number | null; flowMeterId?: number | null }) =>
      call(ops.updatePump, { params: { id }, body }),
    onSuccess: (saved) => cache.set(ops.pump, saved),
  });
}

export const useWwtp = (id: number, enabled: boolean) =>
  useOperation(ops.wwtp, { params: { id } }, { enabled });

export function useUpdateWwtp(id: number) {
  const cache = useEntityCache(id);
  return useMutation({
    mutationFn: (body: z.input<typeof wwtpUpdate>) => call(ops.updateWwtp, { params: { id }, body }),
    onSuccess: (saved) => cache.set(ops.wwtp, saved),
  });
}
