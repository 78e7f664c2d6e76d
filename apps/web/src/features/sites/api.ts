import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  assetGraphData,
  messageAnswer,
  type NewSiteRequest,
  type Site,
  type SiteDataExportRequest,
  type SiteUpdate,
  siteEntityList,
  siteList,
  siteMeterList,
  siteNameCheck,
  site as siteSchema,
} from '@verdant/contracts/sites';
import { LIST_PAGE_SIZE } from '@verdant/domain/constants';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { pageQuery } from '../../lib/paging';
import { useOrganisationId } from '../../lib/session-store';
import { useListConsumption } from '../../lib/use-list-consumption';
import { usePagedList } from '../../lib/use-paged-list';

export const siteKeys = {
  lists: (orgId: number | null) => ['sites', orgId, 'list'] as const,
  site: (id: number) => ['site', id] as const,
};

export interface SiteFilters {
  q: string;
  includeClosed: boolean;
  hideOpen: boolean;
  groups: string[];
  sort: 'name' | 'consumption' | 'groups' | 'meters' | 'alerts';
  dir: 'asc' | 'desc';
  measure: 'cons' | 'cost' | 'co2';
  month: string;
}

function listPath(orgId: number, f: SiteFilters, offset: number) {
  const { sort, dir, measure, month, q, includeClosed, hideOpen, groups } = f;
  const params = pageQuery(
    offset,
    LIST_PAGE_SIZE,
    { sort, dir, measure, month },
    { q, includeClosed, hideOpen, groups },
  );
  return `/organisations/${orgId}/sites?${params}`;
}

/** The sites table, LIST_PAGE_SIZE rows at a time. */
export function useSitesList(filters: SiteFilters) {
  const orgId = useOrganisationId();
  return usePagedList(
    [...siteKeys.lists(orgId), filters],
    'sites',
    (offset, signal) => api.get(listPath(orgId ?? 0, filters, offset), { schema: siteList, signal }),
    orgId !== null,
  );
}

/** The month's figures per site, re-polled while some are being recomputed. */
export const useSitesConsumption = (measure: 'cons' | 'cost' | 'co2', month: string) =>
  useListConsumption('sites', measure, month);

export const checkSiteName = (orgId: number, name: string) =>
  api.get(`/organisations/${orgId}/site-name-check/${encodeURIComponent(name)}`, { schema: siteNameCheck });

export function useCreateSite() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSiteRequest) =>
      api.post(`/organisations/${orgId}/new-site`, { body, schema: siteSchema }),
    onSuccess: (created) => {
      client.setQueryData(siteKeys.site(created.id), created);
      void client.invalidateQueries({ queryKey: siteKeys.lists(orgId) });
    },
  });
}

export function useSite(id: number) {
  return useQuery({
    queryKey: siteKeys.site(id),
    queryFn: ({ signal }) => api.get(`/sites/${id}`, { schema: siteSchema, signal }),
    retry: false,
  });
}

/** Writes that answer the whole site put it straight into the cache. */
function useSiteWrite<A>(id: number, call: (arg: A) => Promise<Site>) {
  const client = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: call,
    onSuccess: (updated) => {
      client.setQueryData(siteKeys.site(id), updated);
      void client.invalidateQueries({ queryKey: siteKeys.lists(orgId) });
    },
  });
}

export const useUpdateSite = (id: number) =>
  useSiteWrite(id, (body: SiteUpdate) => api.put(`/sites/${id}`, { body, schema: siteSchema }));

export const useSetIndicator = (id: number) =>
  useSiteWrite(id, ({ indicatorId, value }: { indicatorId: number; value: string | null }) =>
    api.put(`/sites/${id}/indicator-defaults/${indicatorId}`, { body: { value }, schema: siteSchema }),
  );

export const useGroupMembership = (id: number) =>
  useSiteWrite(id, ({ groupId, join }: { groupId: number; join: boolean }) =>
    join
      ? api.post(`/site-groups/${groupId}/site/${id}`, { schema: siteSchema })
      : api.delete(`/site-groups/${groupId}/site/${id}`, { schema: siteSchema }),
  );

export function useDeleteSite(id: number) {
  const client = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: () => api.delete(`/sites/${id}`, { schema: messageAnswer }),
    onSuccess: () => {
      client.removeQueries({ queryKey: siteKeys.site(id) });
      void client.invalidateQueries({ queryKey: siteKeys.lists(orgId) });
    },
  });
}

export function useSiteGraph(id: number, measure: 'cons' | 'cost' | 'co2e', year: number, yearEnd: number) {
  return useQuery({
    queryKey: ['site', id, 'graph', measure, year, yearEnd],
    queryFn: ({ signal }) =>
      api.get(`/sites/${id}/asset-graph-data/${measure}/${year}/year-end/${yearEnd}`, {
        schema: assetGraphData,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export const useSiteMeters = (id: number) =>
  useQuery({
    queryKey: ['site', id, 'data-sources'],
    queryFn: ({ signal }) => api.get(`/sites/${id}/data-sources`, { schema: siteMeterList, signal }),
  });

export const useSiteEntities = (id: number) =>
  useQuery({
    queryKey: ['site', id, 'entities'],
    queryFn: ({ signal }) => api.get(`/sites/${id}/entities`, { schema: siteEntityList, signal }),
  });

/** Posts the export and hands the CSV to the browser as a download. */
export async function downloadSiteExport(orgId: number, body: SiteDataExportRequest) {
  const csv = await api.post(`/organisations/${orgId}/site-data-export`, { body, schema: z.string() });
  saveFile(
    new Blob([csv], { type: 'text/csv' }),
    `site-data-export-${new Date().toISOString().slice(0, 10)}.csv`,
  );
}
