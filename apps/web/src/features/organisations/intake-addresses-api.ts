import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailProcessingOperations as ops } from '@verdant/contracts/email-processing';
import type { IntakeAddressBody } from '@verdant/contracts/email-processing/intake-addresses';
import { call, invalidate, useOperation } from '../../lib/operations';
import { useCurrentOrganisationId } from './organisation-api';

/** The organisation's intake addresses for invoices by email (its administrators and product administrators). */
export function useIntakeAddresses() {
  const id = useCurrentOrganisationId();
  return useOperation(ops.intakeAddresses, id !== null ? { params: { id } } : null);
}

/** Adds (no addressId) or changes (addressId) an intake address. */
export function useSaveIntakeAddress() {
  const client = useQueryClient();
  const id = useCurrentOrganisationId() ?? 0;
  return useMutation({
    mutationFn: ({ addressId, body }: { addressId?: number; body: IntakeAddressBody }) =>
      addressId === undefined
        ? call(ops.createIntakeAddress, { params: { id }, body })
        : call(ops.updateIntakeAddress, { params: { id, addressId }, body }),
    onSuccess: () => invalidate(client, ops.intakeAddresses),
  });
}

export function useDeleteIntakeAddress() {
  const client = useQueryClient();
  const id = useCurrentOrganisationId() ?? 0;
  return useMutation({
    mutationFn: (addressId: number) => call(ops.deleteIntakeAddress, { params: { id, addressId } }),
    onSuccess: () => invalidate(client, ops.intakeAddresses),
  });
}
