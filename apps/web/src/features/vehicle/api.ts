import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@verdant/contracts/common';
import {
  type FuelPurchaseRequest,
  fleetLookupList,
  fuelPurchaseAnswer,
  fuelPurchaseList,
  monthlyData,
  type VehicleUpdate,
  vehicle,
  vehicleByMeter,
} from '@verdant/contracts/fleet';
import { z } from 'zod';
import { api } from '../../lib/api-client';

export const vehicleKeys = {
  vehicle: (id: number) => ['vehicle', id] as const,
  purchases: (id: number) => ['vehicle', id, 'purchases'] as const,
  monthly: (id: number) => ['vehicle', id, 'monthly'] as const,
};

export function useVehicle(id: number) {
  return useQuery({
    queryKey: vehicleKeys.vehicle(id),
    queryFn: ({ signal }) => api.get(`/vehicles/${id}`, { schema: vehicle, signal }),
    retry: false,
  });
}

export function useVehicleByMeter(meterId: number) {
  return useQuery({
    queryKey: ['vehicle-by-meter', meterId],
    queryFn: ({ signal }) => api.get(`/vehicle-by-meter/${meterId}`, { schema: vehicleByMeter, signal }),
    retry: false,
  });
}

export function usePurchases(id: number) {
  return useQuery({
    queryKey: vehicleKeys.purchases(id),
    queryFn: ({ signal }) => api.get(`/vehicles/${id}/purchases`, { schema: fuelPurchaseList, signal }),
  });
}

export function useMonthlyData(id: number) {
  return useQuery({
    queryKey: vehicleKeys.monthly(id),
    queryFn: ({ signal }) => api.get(`/vehicles/${id}/monthly-data`, { schema: monthlyData, signal }),
  });
}

export function useVehicleLookup(list: 'vehicle-fuels' | 'transmissions' | 'body-shapes') {
  return useQuery({
    queryKey: ['lookups', list],
    queryFn: ({ signal }) => api.get(`/lookups/${list}`, { schema: fleetLookupList, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every purchase change refreshes the list and the analytics (the ledger recomputed them). */
function useRefresh(id: number) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: vehicleKeys.purchases(id) });
    void client.invalidateQueries({ queryKey: vehicleKeys.monthly(id) });
    void client.invalidateQueries({ queryKey: ['fleet'] });
  };
}

export function useSavePurchase(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: ({ readingId, body }: { readingId: number | null; body: FuelPurchaseRequest }) =>
      readingId === null
        ? api.post(`/vehicles/${id}/purchases`, { body, schema: fuelPurchaseAnswer })
        : api.put(`/vehicles/${id}/purchases/${readingId}`, { body, schema: fuelPurchaseAnswer }),
    onSuccess: refresh,
  });
}

export function useDeletePurchase(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (readingId: number) =>
      api.delete(`/vehicles/${id}/purchases/${readingId}`, { schema: okResponse }),
    onSuccess: refresh,
  });
}

export function useUpdateVehicle(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleUpdate) => api.put(`/vehicle/${id}`, { body, schema: vehicle }),
    onSuccess: (data) => {
      client.setQueryData(vehicleKeys.vehicle(id), data);
      void client.invalidateQueries({ queryKey: ['fleet'] });
    },
  });
}

export function useDeleteVehicle(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete(`/vehicles/${id}`, { schema: z.object({ success: z.literal(true), message: z.string() }) }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['fleet'] }),
  });
}
