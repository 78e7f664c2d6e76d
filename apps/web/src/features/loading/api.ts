import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ImportJob,
  importJobAnswer,
  loadingJobs,
  meterLoadAnswer,
  meterLoadPreview,
  type ReadingsMappingInput,
} from '@verdant/contracts/imports';
import { IMPORT_MAX_MB, LOADING_POLL_MS } from '@verdant/domain/constants';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import type { ImportFormat } from '@verdant/domain/imports/types';
import { fill } from '@verdant/domain/messages';
import { uploadRaw } from '../../components/files-api';
import { api } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { useSession } from '../../lib/session-store';

/** How much of a file the preview sends: the server detects the format and reads the header from it. */
const PREVIEW_BYTES = 64 * 1024;

export const loadingKeys = {
  list: (orgId: number | null) => ['loading-jobs', orgId] as const,
  job: (uuid: string) => ['loading-job', uuid] as const,
};

const active = (job: ImportJob) => job.status === 'pending' || job.status === 'running';

/** The organisation's loads, asked again every 2 s while one of them is still pending or running. */
export function useLoadingJobs() {
  const orgId = useSession()?.organisation?.id ?? null;
  return useQuery({
    queryKey: loadingKeys.list(orgId),
    queryFn: ({ signal }) => api.get('/loading/jobs', { schema: loadingJobs, signal }),
    enabled: orgId !== null,
    refetchInterval: (query) => (query.state.data?.jobs.some(active) ? LOADING_POLL_MS : false),
  });
}

/** One load's status, asked again every 2 s until it ends. */
export function useLoadStatus(uuid: string | null) {
  return useQuery({
    queryKey: loadingKeys.job(uuid ?? ''),
    queryFn: ({ signal }) => api.get(`/jobs/${uuid}/status`, { schema: importJobAnswer, signal }),
    enabled: uuid !== null,
    refetchInterval: (query) => {
      const job = query.state.data?.data;
      return job && !active(job) ? false : LOADING_POLL_MS;
    },
  });
}

/** The format, first rows and mapping of a chosen file, from its first 64 kB. */
export function usePreview() {
  return useMutation({
    mutationFn: async (file: File) =>
      api.post('/jobs/meter-load/preview', {
        body: await file.slice(0, PREVIEW_BYTES).text(),
        contentType: 'text/plain',
        schema: meterLoadPreview,
      }),
  });
}

export function useUploadLoad() {
  const orgId = useSession()?.organisation?.id ?? null;
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      format,
      mapping,
    }: {
      file: File;
      format: ImportFormat | null;
      mapping: ReadingsMappingInput | null;
    }) => {
      const query = new URLSearchParams();
      if (format) query.set('format', format);
      if (mapping) query.set('mapping', JSON.stringify(mapping));
      const search = query.toString();
      return uploadRaw(`/jobs/meter-load${search ? `?${search}` : ''}`, file, meterLoadAnswer, {
        bytes: IMPORT_MAX_MB * 1024 * 1024,
        message: fill(IMPORT_MSG.importTooLarge, { size: IMPORT_MAX_MB }),
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: loadingKeys.list(orgId) }),
  });
}

/** Downloads a load's error report (the refused rows with their lines and reasons). */
export async function downloadReport(job: ImportJob) {
  const blob = await api.get<Blob>(`/jobs/${job.uuid}/error-report`, { blob: true });
  saveFile(blob, `${job.filename.replace(/\.[^.]*$/, '')} - error report.csv`);
}
