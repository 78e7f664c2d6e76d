import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type NewSiteRequest,
  sitesOperations as ops,
  type Site,
  type SiteUpdate,
} from '@verdant/contracts/sites';
import type { SiteDataExportRequest } from '@verdant/contracts/sites/figures';
import { saveFile } from '../../lib/download';
import { call, invalidate, keyOf, useOperation, usePagedOperation } from '../../lib/operations';
import { organisationTodayNow } from '../../lib/organisation-today';
import { useOrganisationId } from '../../lib/session-store';
import { useListConsumption } from '../../lib/use-list-consumption';

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

/** The sites table, a page at a time; the optional filters are sent only when set. */
export function useSitesList(f: SiteFilters) {
  const orgId = useOrganisationId();
  const query = {
    sort: f.sort,
    dir: f.dir,
    measure: f.measure,
    month: f.month || undefined,
    q: f.q || undefined,
    includeClosed: f.includeClosed ? ('true' as const) : undefined,
    hideOpen: f.hideOpen ? ('true' as const) : undefined,
    groups: f.groups.length > 0 ? f.groups.join(',') : undefined,
  };
  return usePagedOperation(ops.list, orgId === null ? null : { params: { id: orgId }, query }, 'sites');
}

/** The month's figures per site, re-polled while some are being recomputed. */
export const useSitesConsumption = (measure: 'cons' | 'cost' | 'co2', month: string) =>
  useListConsumption('sites', measure, month);

export const checkSiteName = (orgId: number, name: string) =>
  call(ops.checkName, { params: { id: orgId, name } });

export function useCreateSite() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSiteRequest) => call(ops.create, { params: { id: orgId ?? 0 }, body }),
    onSuccess: (created) => {
      client.setQueryData(keyOf(ops.read, { params: { id: created.id } }, orgId), created);
      void invalidate(client, ops.list);
    },
  });
}

export const useSite = (id: number) => useOperation(ops.read, { params: { id } }, { retry: false });

/** Writes that answer the whole site put it straight into the cache. */
function useSiteWrite<A>(id: number, write: (arg: A) => Promise<Site>) {
  const client = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: write,
    onSuccess: (updated) => {
      client.setQueryData(keyOf(ops.read, { params: { id } }, orgId), updated);
      void invalidate(client, ops.list);
    },
  });
}

export const useUpdateSite = (id: number) =>
  useSiteWrite(id, (body: SiteUpdate) => call(ops.update, { params: { id }, body }));

export const useSetIndicator = (id: number) =>
  useSiteWrite(id, ({ indicatorId, value }: { indicatorId: number; value: string | null }) =>
    call(ops.setIndicator, { params: { id, indicatorId }, body: { value } }),
  );

export const useGroupMembership = (id: number) =>
  useSiteWrite(id, ({ groupId, join }: { groupId: number; join: boolean }) =>
    call(join ? ops.joinGroup : ops.leaveGroup, { params: { groupId, siteId: id } }),
  );

export function useDeleteSite(id: number) {
  const client = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: () => call(ops.remove, { params: { id } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: keyOf(ops.read, { params: { id } }, orgId) });
      void invalidate(client, ops.list);
    },
  });
}

export const useSiteGraph = (id: number, measure: 'cons' | 'cost' | 'co2e', year: number, yearEnd: number) =>
  useOperation(
    ops.graph,
    { params: { id, measure, year, month: yearEnd } },
    { placeholderData: keepPreviousData },
  );

export const useSiteMeters = (id: number) => useOperation(ops.meters, { params: { id } });

export const useSiteEntities = (id: number) => useOperation(ops.entities, { params: { id } });

/** Posts the export and hands the CSV to the browser as a download. */
export async function downloadSiteExport(orgId: number, body: SiteDataExportRequest) {
  const csv = await call(ops.dataExport, { params: { id: orgId }, body });
  saveFile(csv, `site-data-export-${organisationTodayNow()}.csv`);
}
