import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportsOperations } from '@verdant/contracts/reports';
import { toolsOperations as ops } from '@verdant/contracts/tools';
import { saveFile } from '../../lib/download';
import { call, invalidate, useOperation } from '../../lib/operations';

/** While a job may still move, its page and the list ask again every 2 s. */
const POLL_MS = 2000;
const moving = (status: string | undefined) =>
  status === 'pending' || status === 'running' || status === 'setup';

export const useBackgroundJobs = () =>
  useOperation(
    ops.jobs,
    {},
    {
      refetchInterval: (q) => (q.state.data?.jobs.some((j) => moving(j.status)) ? POLL_MS : false),
    },
  );

export const useBackgroundJob = (id: number | null) =>
  useOperation(ops.job, id === null ? null : { params: { id } }, {
    refetchInterval: (q) => (moving(q.state.data?.status) ? POLL_MS : false),
  });

export const useJobsHealth = (enabled: boolean) =>
  useOperation(ops.jobsHealth, {}, { enabled, refetchInterval: 10_000 });

function useJobChange<I>(fn: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => invalidate(client, ops) });
}

export const useCancelJob = () => useJobChange((id: number) => call(ops.cancelJob, { params: { id } }));
export const useRetryJob = () => useJobChange((id: number) => call(ops.retryJob, { params: { id } }));

/** A finished report job's file, saved under its own name (docs/decisions/reports.md, Slow reports run as jobs). */
export async function downloadReportJob(jobId: number, filename: string) {
  const file = await call(reportsOperations.runFile, { params: { jobId } });
  saveFile(file, filename);
}
