import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { energyTypeList, energyUnitList, lookupList } from '@verdant/contracts/catalogue';
import { okResponse } from '@verdant/contracts/common';
import { dashboardOperations } from '@verdant/contracts/dashboard';
import {
  type CreateOrganisationRequest,
  createdOrganisation,
  emissionsList,
  factorSourceList,
  ledgerStatus,
  type Organisation,
  type OrganisationUpdate,
  organisationMessage,
  organisation as organisationSchema,
  type ProcurementExpiryRequest,
  procurementExpiry,
  procurementExpiryList,
  siteAlertsList,
  siteFigureList,
} from '@verdant/contracts/organisations';
import { POLL_MS } from '@verdant/domain/constants';
import { useCallback, useEffect, useRef } from 'react';
import { api } from '../../lib/api-client';
import { invalidate } from '../../lib/operations';
import { enqueue } from '../../lib/serial-queue';
import { useOrganisationId } from '../../lib/session-store';

/** The organisation the session is in; every page of the organisation area shows that one. */
export function useCurrentOrganisationId(): number | null {
  return useOrganisationId();
}

export const organisationKeys = {
  one: (id: number | null) => ['organisation', id] as const,
  expiries: (id: number | null) => ['organisation', id, 'procurement-expiry'] as const,
  sources: (id: number | null) => ['organisation', id, 'factor-sources'] as const,
  ledgerStatus: (id: number | null) => ['organisation', id, 'ledger-status'] as const,
  list: (id: number | null, ...parts: string[]) => ['organisation', id, 'list', ...parts] as const,
};

export function useOrganisation() {
  const id = useCurrentOrganisationId();
  return useQuery({
    queryKey: organisationKeys.one(id),
    queryFn: ({ signal }) => api.get(`/organisations/${id}`, { schema: organisationSchema, signal }),
    enabled: id !== null,
  });
}

/** The editable fields of an organisation, as PUT /organisations/{id} wants them: the whole set. */
export function toOrganisationUpdate(o: Organisation): OrganisationUpdate {
  return {
    name: o.name,
    orgtypeId: o.orgtypeId,
    countryId: o.countryId,
    orgAddress1: o.orgAddress1,
    orgAddress2: o.orgAddress2,
    orgAddress3: o.orgAddress3,
    compReportEmail: o.compReportEmail,
    alertEmail: o.alertEmail,
    poNumber: o.poNumber,
    dataPoNumber: o.dataPoNumber,
    lastYearProductPo: o.lastYearProductPo,
    lastYearDataloadingPo: o.lastYearDataloadingPo,
    subscriptionExpiry: o.subscriptionExpiry,
    finrepId: o.finrepId,
    reportingUnitId: o.reportingUnitId,
    loadId: o.loadId,
    graphingOrder: o.graphingOrder,
    emissionFactorDataSourceId: o.emissionFactorDataSourceId,
    reportingYearEnd: o.reportingYearEnd,
  };
}

/**
 * Saves one change: the organisation as last saved with that change applied. Saves run one after another,
 * each from the answer of the one before. Yearly figures depend on the reporting year end and emissions on
 * the factor source, so the dashboard and the overview lists are refreshed after every save.
 */
export function useSaveOrganisation() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId();
  return useCallback(
    (change: Partial<OrganisationUpdate>) =>
      enqueue(`organisation:${id}`, async () => {
        const base = queryClient.getQueryData<Organisation>(organisationKeys.one(id));
        if (!base) throw new Error('The organisation has not loaded yet');
        const saved = await api.put(`/organisations/${id}`, {
          body: { ...toOrganisationUpdate(base), ...change },
          schema: organisationSchema,
        });
        queryClient.setQueryData(organisationKeys.one(id), saved);
        await refreshFigures(queryClient, id);
        // A new factor source is recomputed in the background: useLedgerStatus watches it finish.
        await queryClient.invalidateQueries({ queryKey: organisationKeys.ledgerStatus(id) });
        return saved;
      }),
    [queryClient, id],
  );
}

async function refreshFigures(queryClient: ReturnType<typeof useQueryClient>, id: number | null) {
  await Promise.all([
    invalidate(queryClient, dashboardOperations),
    queryClient.invalidateQueries({ queryKey: organisationKeys.list(id) }),
    queryClient.invalidateQueries({ queryKey: ['current-user', id, 'org-summary'] }),
  ]);
}

/**
 * Whether the organisation's figures are fresh. While the background recompute works (after a factor source
 * change) it asks again every POLL_MS, and when the last meter is done it refreshes the figures.
 */
export function useLedgerStatus() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId();
  const query = useQuery({
    queryKey: organisationKeys.ledgerStatus(id),
    queryFn: ({ signal }) => api.get(`/organisations/${id}/ledger-status`, { schema: ledgerStatus, signal }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.fresh === false ? POLL_MS : false),
  });
  const fresh = query.data?.fresh;
  const waited = useRef(false);
  useEffect(() => {
    if (fresh === false) waited.current = true;
    if (fresh === true && waited.current) {
      waited.current = false;
      void refreshFigures(queryClient, id);
    }
  }, [fresh, queryClient, id]);
  return query;
}

/** One alert setting (PUT /settings {key, value}). */
export function useSaveSetting() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId();
  return useCallback(
    (key: string, value: boolean | string | null) =>
      enqueue(`organisation:${id}`, async () => {
        const saved = await api.put(`/organisations/${id}/settings`, {
          body: { key, value },
          schema: organisationSchema,
        });
        queryClient.setQueryData(organisationKeys.one(id), saved);
        return saved;
      }),
    [queryClient, id],
  );
}

export function useSaveTarget() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId();
  return useCallback(
    (kind: 'co2e' | 'cons', value: string | null) =>
      enqueue(`organisation:${id}`, async () => {
        const saved = await api.put(`/organisations/${id}/target`, {
          body: { [kind]: value === null ? null : Number(value) },
          schema: organisationSchema,
        });
        queryClient.setQueryData(organisationKeys.one(id), saved);
        return saved;
      }),
    [queryClient, id],
  );
}

export function useSetEnabled() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.post(`/organisations/${id}/${enabled ? 'enable' : 'disable'}`, { schema: organisationMessage }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.one(id) }),
  });
}

export function useFactorSources() {
  const id = useCurrentOrganisationId();
  return useQuery({
    queryKey: organisationKeys.sources(id),
    queryFn: ({ signal }) =>
      api.get(`/organisations/${id}/factor-sources`, { schema: factorSourceList, signal }),
    enabled: id !== null,
  });
}

export function useExpiries() {
  const id = useCurrentOrganisationId();
  return useQuery({
    queryKey: organisationKeys.expiries(id),
    queryFn: ({ signal }) =>
      api.get(`/organisations/${id}/procurement-expiry`, { schema: procurementExpiryList, signal }),
    enabled: id !== null,
  });
}

/** Adds (no expiryId) or changes (expiryId) a procurement expiry. */
export function useSaveExpiry() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId();
  return useMutation({
    mutationFn: ({ expiryId, body }: { expiryId?: number; body: ProcurementExpiryRequest }) =>
      expiryId === undefined
        ? api.post(`/organisations/${id}/procurement-expiry`, { body, schema: procurementExpiry })
        : api.put(`/organisations/${id}/procurement-expiry/${expiryId}`, { body, schema: procurementExpiry }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.expiries(id) }),
  });
}

export function useDeleteExpiry() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId();
  return useMutation({
    mutationFn: (expiryId: number) =>
      api.delete(`/organisations/${id}/procurement-expiry/${expiryId}`, { schema: okResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.expiries(id) }),
  });
}

export function useCreateOrganisation() {
  return useMutation({
    mutationFn: (body: CreateOrganisationRequest) =>
      api.post('/organisations', { body, schema: createdOrganisation }),
  });
}

export function useSiteRanking(measure: 'cons' | 'cost' | 'co2e', month: string) {
  const id = useCurrentOrganisationId();
  return useQuery({
    queryKey: organisationKeys.list(id, measure, month),
    queryFn: ({ signal }) =>
      api.get(`/organisations/${id}/site-${measure}-list/${month}`, { schema: siteFigureList, signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useEmitters(month: string) {
  const id = useCurrentOrganisationId();
  return useQuery({
    queryKey: organisationKeys.list(id, 'emissions', month),
    queryFn: ({ signal }) =>
      api.get(`/organisations/${id}/emissions-list/${month}`, { schema: emissionsList, signal }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useSiteAlerts() {
  const id = useCurrentOrganisationId();
  return useQuery({
    queryKey: organisationKeys.list(id, 'alerts'),
    queryFn: ({ signal }) =>
      api.get(`/organisations/${id}/site-alerts-list`, { schema: siteAlertsList, signal }),
    enabled: id !== null,
  });
}

export interface Choice {
  value: string;
  label: string;
}

/** A reference list (GET /lookups/{name}) as select choices; the same for everyone, so kept for the session. */
export function useChoices(name: string) {
  return useQuery({
    queryKey: ['lookups', name, 'choices'],
    queryFn: async ({ signal }): Promise<Choice[]> => {
      const items = await api.get(`/lookups/${name}`, { schema: lookupList, signal });
      return [...items]
        .sort((a, b) => a.Order - b.Order)
        .map((i) => ({ value: String(i.Id), label: i.Descr }));
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Units a consumption can be reported in: the units of the first energy data type (kWh, MWh, GJ, ...). */
export function useEnergyUnitChoices() {
  return useQuery({
    queryKey: ['lookups', 'reporting-energy-units'],
    queryFn: async ({ signal }): Promise<Choice[]> => {
      const [types, units] = await Promise.all([
        api.get('/lookups/energy-types', { schema: energyTypeList, signal }),
        api.get('/lookups/energy-units', { schema: energyUnitList, signal }),
      ]);
      const energy = types.find((t) => t.energytypeId === 1 && !t.retired);
      return units
        .filter((u) => u.energyId === energy?.id)
        .map((u) => ({ value: String(u.unitId), label: u.name }));
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
