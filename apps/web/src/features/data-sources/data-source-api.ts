import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import { dataSourcesOperations as ops } from '@verdant/contracts/data-sources';
import type { MeterUpdate } from '@verdant/contracts/data-sources/meters';
import { ratesOperations } from '@verdant/contracts/rates';
import { sitesOperations } from '@verdant/contracts/sites';
import { useMeterWrite } from '../../components/meter-api';
import { call, invalidate, useOperation } from '../../lib/operations';

export const useMeterGraph = (id: number, type: 'cons' | 'cost' | 'co2e', year: number, yearEnd: number) =>
  useOperation(
    ops.meterGraph,
    { params: { id, type, year, month: yearEnd } },
    { placeholderData: keepPreviousData },
  );

const STALE = 5 * 60_000;

export const useUnitsOf = (energyId: number | null) =>
  useOperation(catalogueOperations.unitsOfType, energyId === null ? null : { params: { id: energyId } }, {
    staleTime: STALE,
  });

export const useRetailerList = () => useOperation(catalogueOperations.retailers, {}, { staleTime: STALE });

export const useUpdateMeter = (id: number) =>
  useMeterWrite(id, (body: MeterUpdate) => call(ops.updateMeter, { params: { id }, body }));

export type AlertSetup = 'consumptionAlertSetup' | 'tariffAlertSetup' | 'baseLoadAlertSetup';
export const useAlertSetup = (id: number, setup: AlertSetup) =>
  useMeterWrite(id, (body: object) => call(ops[setup], { params: { id }, body: body as never }));

export const useCompatibleTypes = (id: number, enabled: boolean) =>
  useOperation(ops.compatibleTypes, { params: { id } }, { enabled });

export const useChangeDataType = (id: number) =>
  useMeterWrite(id, (body: { energyId: number; unitId: number }) =>
    call(ops.changeDataType, { params: { id }, body }),
  );

/** Move and Replacement answer a message and an id; the meter and every list showing it are read again. */
function useMeterAction<A>(run: (arg: A) => Promise<{ message: string; id: number }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void invalidate(client, ops, sitesOperations),
  });
}

export const useMoveMeter = (id: number) =>
  useMeterAction((siteId: number) => call(ops.move, { params: { id }, body: { to: siteId } }));

export const useCreateReplacement = (id: number) =>
  useMeterAction((body: { typeId: number; openDate?: string }) =>
    call(ops.createReplacement, { params: { id }, body }),
  );

const choices = (list: { id: number; name: string }[]) =>
  list.map((c) => ({ value: String(c.id), label: c.name }));

/** The organisation's TOU and PPD contracts, the choices of a data source's Retail and Billing settings. */
export function useContractOptions(orgId: number, kind: 'tou' | 'ppd') {
  const input = { params: { id: orgId } };
  const tou = useOperation(ratesOperations.touContracts, kind === 'tou' ? input : null, {
    select: (answer) => choices(answer.contracts),
  });
  const ppd = useOperation(ratesOperations.ppdContracts, kind === 'ppd' ? input : null, {
    select: (answer) => choices(answer.contracts),
  });
  return kind === 'tou' ? tou : ppd;
}
