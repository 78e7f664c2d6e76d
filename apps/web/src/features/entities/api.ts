import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createdEntity,
  deletedAnswer,
  type EntityDetail,
  type EntityType,
  type EntityUpdate,
  entitiesList,
  entityDetail,
  entityFigures,
  entityUsages,
  facilityList,
  indicatorSaved,
  type NewEntityRequest,
  pumpDetail,
  pumpMeterOptions,
  type UsageField,
  usageSaved,
  type WwtpDetail,
  wwtpDetail,
} from '@verdant/contracts/entities';
import { LIST_PAGE_SIZE } from '@verdant/domain/constants';
import { api } from '../../lib/api-client';
import { pageQuery } from '../../lib/paging';
import { useOrganisationId } from '../../lib/session-store';
import { usePagedList } from '../../lib/use-paged-list';

export const entityKeys = {
  lists: (orgId: number | null) => ['entities', orgId, 'list'] as const,
  entity: (id: number) => ['entity', id] as const,
  usages: (id: number) => ['entity', id, 'usages'] as const,
  pump: (id: number) => ['entity', id, 'pump'] as const,
  wwtp: (id: number) => ['entity', id, 'wwtp'] as const,
  figures: (id: number) => ['entity', id, 'figures'] as const,
};

export interface EntityFilters {
  q: string;
  includeClosed: boolean;
  hideOpen: boolean;
  types: EntityType[];
  sort: 'name' | 'facility' | 'site' | 'consumption' | 'type';
  dir: 'asc' | 'desc';
}

function listPath(orgId: number, f: EntityFilters, offset: number) {
  const { sort, dir, q, includeClosed, hideOpen, types } = f;
  const params = pageQuery(offset, LIST_PAGE_SIZE, { sort, dir }, { q, includeClosed, hideOpen, types });
  return `/organisations/${orgId}/entities?${params}`;
}

/** The entities table, LIST_PAGE_SIZE rows at a time. */
export function useEntitiesList(filters: EntityFilters) {
  const orgId = useOrganisationId();
  return usePagedList(
    [...entityKeys.lists(orgId), filters],
    'entities',
    (offset, signal) => api.get(listPath(orgId ?? 0, filters, offset), { schema: entitiesList, signal }),
    orgId !== null,
  );
}

export function useFacilities(siteId: number | null) {
  return useQuery({
    queryKey: ['site', siteId, 'facilities'],
    queryFn: ({ signal }) => api.get(`/sites/${siteId}/facilities`, { schema: facilityList, signal }),
    enabled: siteId !== null,
  });
}

export function usePumpMeters(siteId: number | null) {
  return useQuery({
    queryKey: ['site', siteId, 'pump-meters'],
    queryFn: ({ signal }) => api.get(`/sites/${siteId}/pump-meters`, { schema: pumpMeterOptions, signal }),
    enabled: siteId !== null,
  });
}

export function useCreateEntity() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewEntityRequest) =>
      api.post(`/organisations/${orgId}/new-entity`, { body, schema: createdEntity }),
    onSuccess: ({ data }) => {
      client.setQueryData(entityKeys.entity(data.id), data);
      void client.invalidateQueries({ queryKey: entityKeys.lists(orgId) });
    },
  });
}

export function useEntity(id: number) {
  return useQuery({
    queryKey: entityKeys.entity(id),
    queryFn: ({ signal }) => api.get(`/entities/${id}`, { schema: entityDetail, signal }),
    retry: false,
  });
}

/** The entity's distributed figures: twelve months and the data sources sharing with it. */
export function useEntityFigures(id: number) {
  return useQuery({
    queryKey: entityKeys.figures(id),
    queryFn: ({ signal }) => api.get(`/entities/${id}/figures`, { schema: entityFigures, signal }),
  });
}

/** Saves some fields; the answer (the whole entity) goes straight into the cache. */
export function useUpdateEntity(id: number) {
  const client = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: (body: EntityUpdate) => api.put(`/entities/${id}`, { body, schema: entityDetail }),
    onSuccess: (updated: EntityDetail) => {
      client.setQueryData(entityKeys.entity(id), updated);
      void client.invalidateQueries({ queryKey: entityKeys.lists(orgId) });
    },
  });
}

export function useDeleteEntity(id: number) {
  const client = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: () => api.delete(`/entities/${id}`, { schema: deletedAnswer }),
    onSuccess: () => {
      client.removeQueries({ queryKey: entityKeys.entity(id) });
      void client.invalidateQueries({ queryKey: entityKeys.lists(orgId) });
    },
  });
}

export function useEntityUsages(id: number) {
  return useQuery({
    queryKey: entityKeys.usages(id),
    queryFn: ({ signal }) => api.get(`/entities/${id}/usages`, { schema: entityUsages, signal }),
  });
}

export const saveUsage = (id: number, field: UsageField, value: string | number | null) =>
  api.put(`/entities/${id}/usages/${field}`, { body: { value }, schema: usageSaved });

export const saveIndicator = (id: number, indicatorId: number, value: string | null) =>
  api.put(`/entities/${id}/indicators/${indicatorId}`, { body: { value }, schema: indicatorSaved });

export function usePump(id: number, enabled: boolean) {
  return useQuery({
    queryKey: entityKeys.pump(id),
    queryFn: ({ signal }) => api.get(`/entities/${id}/pump`, { schema: pumpDetail, signal }),
    enabled,
  });
}

export function useUpdatePump(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { head?: string | null; powerMeterId?: number | null; flowMeterId?: number | null }) =>
      api.put(`/entities/${id}/pump`, { body, schema: pumpDetail }),
    onSuccess: (saved) => client.setQueryData(entityKeys.pump(id), saved),
  });
}

export function useWwtp(id: number, enabled: boolean) {
  return useQuery({
    queryKey: entityKeys.wwtp(id),
    queryFn: ({ signal }) => api.get(`/entities/${id}/wwtp`, { schema: wwtpDetail, signal }),
    enabled,
  });
}

export function useUpdateWwtp(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Record<keyof WwtpDetail, string | number | null>>) =>
      api.put(`/entities/${id}/wwtp`, { body, schema: wwtpDetail }),
    onSuccess: (saved) => client.setQueryData(entityKeys.wwtp(id), saved),
  });
}
