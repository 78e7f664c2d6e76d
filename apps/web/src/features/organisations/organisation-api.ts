import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import { currentUserOperations } from '@verdant/contracts/current-user';
import { dashboardOperations } from '@verdant/contracts/dashboard';
import {
  type CreateOrganisationRequest,
  type Organisation,
  type OrganisationUpdate,
  organisationsOperations as ops,
} from '@verdant/contracts/organisations';
import type { ProcurementExpiryRequest } from '@verdant/contracts/organisations/expiries';
import { type ReferenceList, referenceOperations } from '@verdant/contracts/reference';
import { POLL_MS } from '@verdant/domain/constants';
import { useCallback, useEffect, useRef } from 'react';
import { call, invalidate, keyOf, useOperation } from '../../lib/operations';
import { enqueue } from '../../lib/serial-queue';
import { useOrganisationId } from '../../lib/session-store';

/** The organisation the session is in; every page of the organisation area shows that one. */
export function useCurrentOrganisationId(): number | null {
  return useOrganisationId();
}

/** The input of an operation on the session's organisation, or null (wait) while there is none. */
const onOrganisation = (id: number | null) => (id === null ? null : { params: { id } });

/** The cache key of the organisation itself: saves put their answer there. */
const organisationKey = (id: number | null) => keyOf(ops.read, onOrganisation(id), id);

export function useOrganisation() {
  const id = useCurrentOrganisationId();
  return useOperation(ops.read, onOrganisation(id), {
    // Asked again while its half hours move to a new time zone's clock.
    refetchInterval: (query) => (movingHalfHours(query.state.data) ? POLL_MS : false),
  });
}

/** Whether the organisation's half hours are being moved to a new time zone's clock. */
export const movingHalfHours = (o: Organisation | undefined) =>
  o?.timeZoneMove?.status === 'pending' || o?.timeZoneMove?.status === 'running';

/** The time zone (PUT /settings {key: timeZone, value, moveHalfHours}). */
export function useSaveTimeZone() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId();
  return useMutation({
    mutationFn: ({ zone, moveHalfHours }: { zone: string; moveHalfHours: boolean }) =>
      enqueue(`organisation:${id}`, () =>
        call(ops.saveSetting, {
          params: { id: id ?? 0 },
          body: { key: 'timeZone', value: zone, moveHalfHours },
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(organisationKey(id), saved);
      // Every figure and "today" follow the zone.
      if (!movingHalfHours(saved)) void queryClient.invalidateQueries();
    },
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
        const base = queryClient.getQueryData<Organisation>(organisationKey(id));
        if (!base || id === null) throw new Error('The organisation has not loaded yet');
        const saved = await call(ops.update, {
          params: { id },
          body: { ...toOrganisationUpdate(base), ...change },
        });
        queryClient.setQueryData(organisationKey(id), saved);
        await refreshFigures(queryClient);
        // A new factor source is recomputed in the background: useLedgerStatus watches it finish.
        await invalidate(queryClient, ops.ledgerStatus);
        return saved;
      }),
    [queryClient, id],
  );
}

async function refreshFigures(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    invalidate(queryClient, dashboardOperations, ops.siteList, ops.emissionsList, ops.siteAlerts),
    invalidate(queryClient, currentUserOperations),
  ]);
}

/**
 * Whether the organisation's figures are fresh. While the background recompute works (after a factor source
 * change) it asks again every POLL_MS, and when the last meter is done it refreshes the figures.
 */
export function useLedgerStatus() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId();
  const query = useOperation(ops.ledgerStatus, onOrganisation(id), {
    refetchInterval: (q) => (q.state.data?.fresh === false ? POLL_MS : false),
  });
  const fresh = query.data?.fresh;
  const waited = useRef(false);
  useEffect(() => {
    if (fresh === false) waited.current = true;
    if (fresh === true && waited.current) {
      waited.current = false;
      void refreshFigures(queryClient);
    }
  }, [fresh, queryClient]);
  return query;
}

/** One alert setting (PUT /settings {key, value}). */
export function useSaveSetting() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId();
  return useCallback(
    (key: string, value: boolean | string | null) =>
      enqueue(`organisation:${id}`, async () => {
        const saved = await call(ops.saveSetting, { params: { id: id ?? 0 }, body: { key, value } });
        queryClient.setQueryData(organisationKey(id), saved);
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
        const saved = await call(ops.saveTarget, {
          params: { id: id ?? 0 },
          body: { [kind]: value === null ? null : Number(value) },
        });
        queryClient.setQueryData(organisationKey(id), saved);
        return saved;
      }),
    [queryClient, id],
  );
}

export function useSetEnabled() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId();
  return useMutation({
    mutationFn: (enabled: boolean) => call(enabled ? ops.enable : ops.disable, { params: { id: id ?? 0 } }),
    onSuccess: () => invalidate(queryClient, ops.read),
  });
}

export const useFactorSources = () =>
  useOperation(ops.factorSources, onOrganisation(useCurrentOrganisationId()));

export const useExpiries = () => useOperation(ops.expiries, onOrganisation(useCurrentOrganisationId()));

/** Adds (no expiryId) or changes (expiryId) a procurement expiry. */
export function useSaveExpiry() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId() ?? 0;
  return useMutation({
    mutationFn: ({ expiryId, body }: { expiryId?: number; body: ProcurementExpiryRequest }) =>
      expiryId === undefined
        ? call(ops.addExpiry, { params: { id }, body })
        : call(ops.updateExpiry, { params: { id, expiryId }, body }),
    onSuccess: () => invalidate(queryClient, ops.expiries),
  });
}

export function useDeleteExpiry() {
  const queryClient = useQueryClient();
  const id = useCurrentOrganisationId() ?? 0;
  return useMutation({
    mutationFn: (expiryId: number) => call(ops.deleteExpiry, { params: { id, expiryId } }),
    onSuccess: () => invalidate(queryClient, ops.expiries),
  });
}

export const useCreateOrganisation = () =>
  useMutation({ mutationFn: (body: CreateOrganisationRequest) => call(ops.create, { body }) });

export function useSiteRanking(measure: 'cons' | 'cost' | 'co2e', month: string) {
  const id = useCurrentOrganisationId();
  return useOperation(ops.siteList, id === null ? null : { params: { id, measure, month } }, {
    placeholderData: keepPreviousData,
  });
}

export function useEmitters(month: string) {
  const id = useCurrentOrganisationId();
  return useOperation(ops.emissionsList, id === null ? null : { params: { id, month } }, {
    placeholderData: keepPreviousData,
  });
}

export const useSiteAlerts = () => useOperation(ops.siteAlerts, onOrganisation(useCurrentOrganisationId()));

export interface Choice {
  value: string;
  label: string;
}

const byOrder = (items: readonly { Id: string | number; Descr: string; Order: number }[]): Choice[] =>
  [...items].sort((a, b) => a.Order - b.Order).map((i) => ({ value: String(i.Id), label: i.Descr }));

/** A reference list (GET /lookups/{name}) as select choices; the same for everyone, so kept for the session. */
export const useChoices = (name: ReferenceList) =>
  useOperation(referenceOperations[name], {}, { select: byOrder, staleTime: Number.POSITIVE_INFINITY });

/** The catalogue's load measurement units as select choices. */
export const useLoadChoices = () =>
  useOperation(
    catalogueOperations.loadMeasurements,
    {},
    {
      select: byOrder,
      staleTime: Number.POSITIVE_INFINITY,
    },
  );

/** Units a consumption can be reported in: the units of the first energy data type (kWh, MWh, GJ, ...). */
export function useEnergyUnitChoices() {
  const types = useOperation(catalogueOperations.energyTypes, {}, { staleTime: Number.POSITIVE_INFINITY });
  const units = useOperation(catalogueOperations.energyUnits, {}, { staleTime: Number.POSITIVE_INFINITY });
  const energy = types.data?.find((t) => t.energytypeId === 1 && !t.retired);
  const data =
    types.data && units.data
      ? units.data
          .filter((u) => u.energyId === energy?.id)
          .map((u) => ({ value: String(u.unitId), label: u.name }))
      : undefined;
  return { data };
}
