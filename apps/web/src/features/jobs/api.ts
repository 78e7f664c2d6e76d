import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type NewJob, jobsOperations as ops } from '@verdant/contracts/jobs';
import { call, invalidate, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

export function useJobs() {
  const orgId = useOrganisationId();
  return useOperation(ops.list, orgId === null ? null : { params: { id: orgId } });
}

export function useCreateJob() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewJob) => call(ops.create, { params: { id: orgId as number }, body }),
    onSuccess: () => invalidate(client, ops.list),
  });
}

export function useDeleteJob() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) => call(ops.remove, { params: { id: orgId as number, jobId } }),
    onSettled: () => invalidate(client, ops.list),
  });
}
