import { useMutation, useQueryClient } from '@tanstack/react-query';
import { compReportOperations as ops } from '@verdant/contracts/reports/comp-report';
import { call, invalidate, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

const input = (orgId: number | null) => (orgId === null ? null : { params: { id: orgId } });

export function useCompPageClasses() {
  return useOperation(ops.allPages, input(useOrganisationId()), { staleTime: Number.POSITIVE_INFINITY });
}

export function useSavedCompReport() {
  return useOperation(ops.pages, input(useOrganisationId()));
}

export function useCompReportChanges() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return {
    save: useMutation({
      mutationFn: (xml: string) => call(ops.save, { params: { id: orgId ?? 0 }, body: xml }),
      onSuccess: () => invalidate(client, ops.pages),
    }),
    preview: useMutation({
      mutationFn: ({ xml, basis }: { xml: string; basis: 'restated' | 'original' }) =>
        call(ops.preview, { params: { id: orgId ?? 0 }, body: { xml, basis } }),
    }),
  };
}
