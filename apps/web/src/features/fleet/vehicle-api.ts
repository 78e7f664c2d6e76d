import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fleetOperations as ops } from '@verdant/contracts/fleet';
import type { FuelPurchaseRequest } from '@verdant/contracts/fleet/purchases';
import type { VehicleUpdate } from '@verdant/contracts/fleet/vehicles';
import { call, invalidate, keyOf, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

export function useVehicle(id: number) {
  return useOperation(ops.read, { params: { id } }, { retry: false });
}

export function useVehicleByMeter(meterId: number) {
  return useOperation(ops.byMeter, { params: { id: meterId } }, { retry: false });
}

export function usePurchases(id: number) {
  return useOperation(ops.purchases, { params: { id } });
}

export function useMonthlyData(id: number) {
  return useOperation(ops.monthlyData, { params: { id }, query: {} });
}

/** Every purchase change refreshes the list, the analytics and the fleet (the ledger recomputed them). */
function useRefresh() {
  const client = useQueryClient();
  return () => invalidate(client, ops.purchases, ops.monthlyData, ops.list, ops.card);
}

export function useSavePurchase(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ readingId, body }: { readingId: number | null; body: FuelPurchaseRequest }) =>
      readingId === null
        ? call(ops.addPurchase, { params: { id }, body })
        : call(ops.updatePurchase, { params: { id, readingId }, body }),
    onSuccess: refresh,
  });
}

export function useDeletePurchase(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (readingId: number) => call(ops.deletePurchase, { params: { id, readingId } }),
    onSuccess: refresh,
  });
}

export function useUpdateVehicle(id: number) {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleUpdate) => call(ops.update, { params: { id }, body }),
    onSuccess: (data) => {
      client.setQueryData(keyOf(ops.read, { params: { id } }, orgId), data);
      void invalidate(client, ops.list, ops.monthlyData);
    },
  });
}

export function useDeleteVehicle(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.remove, { params: { id } }),
    onSuccess: () => invalidate(client, ops.list),
  });
}
