import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogueOperations } from '@verdant/contracts/catalogue';
import {
  type LineItemOverridesReplace,
  type NewRetailerRequest,
  retailersOperations as ops,
  type RetailerUpdate,
} from '@verdant/contracts/retailers';
import { call, invalidate, keyOf, useOperation } from '../../lib/operations';

export const useAdminRetailers = (enabled: boolean) => useOperation(ops.list, {}, { enabled });

export function useNewRetailer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewRetailerRequest) => call(ops.create, { body }),
    onSuccess: () => invalidate(client, ops.list, catalogueOperations.retailers),
  });
}

export function useEditRetailer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RetailerUpdate) => call(ops.update, { body }),
    onSuccess: () => invalidate(client, ops.list, catalogueOperations.retailers),
  });
}

export const useLineItemOverrides = (retailer: number | null, type: number | null) =>
  useOperation(
    ops.overrides,
    retailer !== null && type !== null ? { params: { id: retailer, typeId: type } } : null,
  );

export function useSaveLineItemOverrides(retailer: number, type: number) {
  const client = useQueryClient();
  const params = { id: retailer, typeId: type };
  return useMutation({
    mutationFn: (body: LineItemOverridesReplace) => call(ops.replaceOverrides, { params, body }),
    onSuccess: (answer) => client.setQueryData(keyOf(ops.overrides, { params }, null), answer.data),
  });
}
