import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminRetailerList,
  type LineItemOverridesReplace,
  lineItemOverrideList,
  lineItemOverridesAnswer,
  type NewRetailerRequest,
  newRetailerAnswer,
} from '@verdant/contracts/retailers';
import { api } from '../../lib/api-client';

const keys = {
  retailers: ['admin', 'retailers'] as const,
  overrides: (retailer: number, type: number) => ['admin', 'retailers', retailer, 'types', type] as const,
};

export function useAdminRetailers(enabled: boolean) {
  return useQuery({
    queryKey: keys.retailers,
    queryFn: ({ signal }) => api.get('/admin/retailers', { schema: adminRetailerList, signal }),
    enabled,
  });
}

export function useNewRetailer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewRetailerRequest) =>
      api.post('/admin/retailers', { body, schema: newRetailerAnswer }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.retailers });
      await client.invalidateQueries({ queryKey: ['lookups', 'retailers'] });
    },
  });
}

const overridesPath = (retailer: number, type: number) =>
  `/admin/retailers/${retailer}/types/${type}/line-item-overrides`;

export function useLineItemOverrides(retailer: number | null, type: number | null) {
  return useQuery({
    queryKey: keys.overrides(retailer ?? 0, type ?? 0),
    queryFn: ({ signal }) =>
      api.get(overridesPath(retailer ?? 0, type ?? 0), { schema: lineItemOverrideList, signal }),
    enabled: retailer !== null && type !== null,
  });
}

export function useSaveLineItemOverrides(retailer: number, type: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LineItemOverridesReplace) =>
      api.put(overridesPath(retailer, type), { body, schema: lineItemOverridesAnswer }),
    onSuccess: (answer) => client.setQueryData(keys.overrides(retailer, type), answer.data),
  });
}
