import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesOperations as ops } from '@verdant/contracts/data-sources';
import type { MeterDetail } from '@verdant/contracts/data-sources/meters';
import { fleetOperations } from '@verdant/contracts/fleet';
import { sitesOperations } from '@verdant/contracts/sites';
import { call, invalidate, keyOf, useOperation } from '../lib/operations';
import { useOrganisationId } from '../lib/session-store';

/*
 * One data source's reads and writes that more than one page uses: the data source page, and the vehicle's
 * Details tab for its fuel meter (group membership and identifiers).
 */

export const useMeter = (id: number) => useOperation(ops.meter, { params: { id } }, { retry: false });

/**
 * Writes that answer the whole meter put it into the cache; its figures (graph) and every list that shows
 * it are read again, since a change of unit, type, dates or site changes them.
 */
export function useMeterWrite<A>(id: number, run: (arg: A) => Promise<MeterDetail>) {
  const client = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: run,
    onSuccess: (updated) => {
      client.setQueryData(keyOf(ops.meter, { params: { id } }, organisationId), updated);
      // The fleet's answers too: a fuel card or a vehicle is shown through its meter.
      void invalidate(client, ops.meterGraph, ops.list, sitesOperations, fleetOperations);
    },
  });
}

export const useMeterGroup = (id: number) =>
  useMeterWrite(id, ({ groupId, join }: { groupId: number; join: boolean }) =>
    call(join ? ops.joinMeterGroup : ops.leaveMeterGroup, { params: { groupId, meterId: id } }),
  );

export const useSetIdentifier = (id: number) =>
  useMeterWrite(id, ({ identifierId, value }: { identifierId: number; value: string | null }) =>
    call(ops.setIdentifier, { params: { id, identifierId }, body: { value } }),
  );

export const useCopyIdentifiers = (id: number) =>
  useMeterWrite(id, (fromMeterId: number) =>
    call(ops.copyIdentifiers, { params: { id }, body: { fromMeterId } }),
  );

export function useNewIdentifier(organisationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      call(ops.createIdentifierLabel, { params: { id: organisationId }, body: { name } }),
    onSuccess: () => invalidate(client, ops.meter, ops.identifierLabels),
  });
}

export const useSameSite = (id: number, enabled: boolean) =>
  useOperation(ops.sameSite, { params: { id } }, { enabled });
