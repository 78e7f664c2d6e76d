import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataSourcesOperations } from '@verdant/contracts/data-sources';
import { fleetOperations as ops } from '@verdant/contracts/fleet';
import type { FleetDataExportRequest, FleetTransactionExportRequest } from '@verdant/contracts/fleet/exports';
import type { NewVehiclesRequest } from '@verdant/contracts/fleet/vehicles';
import { call, invalidate, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

/** The whole fleet (organisations keep tens of vehicles, not thousands): sorted and filtered here. */
export function useFleet(memberOf: string) {
  const orgId = useOrganisationId();
  return useOperation(
    ops.list,
    orgId === null ? null : { params: { id: orgId }, query: { memberOf: memberOf as 'site' } },
  );
}

const LOOKUPS = {
  'vehicle-fuels': ops.vehicleFuels,
  transmissions: ops.transmissions,
  'body-shapes': ops.bodyShapes,
} as const;

export function useFleetLookup(list: keyof typeof LOOKUPS) {
  return useOperation(LOOKUPS[list], {}, { staleTime: Number.POSITIVE_INFINITY });
}

export const lookupRegistration = (registration: string, purchaseDate: string | null) =>
  call(ops.lookup, {
    params: { registration },
    query: purchaseDate ? { purchaseDate } : {},
  });

export function useCreateVehicles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, body }: { siteId: number; body: NewVehiclesRequest }) =>
      call(ops.newVehicles, { params: { siteId }, body }),
    onSuccess: () => invalidate(client, ops.list),
  });
}

export const checkCardName = (orgId: number, name: string) =>
  call(ops.cardNameCheck, { params: { id: orgId }, query: { name } });

export function useCreateCard() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; siteId: number | null }) =>
      call(ops.newCard, { params: { id: orgId as number }, body }),
    // The new card is a data source: the data sources list shows it.
    onSuccess: () => invalidate(client, dataSourcesOperations.list),
  });
}

export function exportFleet(
  orgId: number,
  kind: 'fleet-data-export' | 'fleet-transaction-export',
  body: object,
): Promise<Blob> {
  // The modal's choices, checked by the operation's schema on the server (its messages are the spec's).
  const params = { id: orgId };
  return (
    kind === 'fleet-data-export'
      ? call(ops.dataExport, { params, body: body as FleetDataExportRequest })
      : call(ops.transactionExport, { params, body: body as FleetTransactionExportRequest })
  ) as Promise<Blob>;
}
