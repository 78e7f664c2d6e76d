import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@verdant/contracts/common';
import { job, jobsList, type NewJob } from '@verdant/contracts/jobs';
import { api } from '../../lib/api-client';
import { useOrganisationId } from '../../lib/session-store';

const jobsPath = (orgId: number) => `/organisations/${orgId}/jobs`;
export const jobKeys = { list: (orgId: number | null) => ['jobs', orgId] as const };

export function useJobs() {
  const orgId = useOrganisationId();
  return useQuery({
    queryKey: jobKeys.list(orgId),
    queryFn: ({ signal }) => api.get(jobsPath(orgId as number), { schema: jobsList, signal }),
    enabled: orgId !== null,
  });
}

export function useCreateJob() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewJob) => api.post(jobsPath(orgId as number), { body, schema: job }),
    onSuccess: () => client.invalidateQueries({ queryKey: jobKeys.list(orgId) }),
  });
}

export function useDeleteJob() {
  const orgId = useOrganisationId();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (jobId: number) =>
      api.delete(`${jobsPath(orgId as number)}/${jobId}`, { schema: okResponse }),
    onSettled: () => client.invalidateQueries({ queryKey: jobKeys.list(orgId) }),
  });
}
