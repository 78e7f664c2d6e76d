import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ImportJob,
  importJobAnswer,
  importsOperations,
  loadingJobs,
  meterLoadAnswer,
  meterLoadPreview,
  type ReadingsMappingInput,
} from '@verdant/contracts/imports';
import { IMPORT_MAX_MB, LOADING_POLL_MS } from '@verdant/domain/constants';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import type { ImportFormat } from '@verdant/domain/imports/types';
import { fill } from '@verdant/domain/messages';
import { useEffect } from 'react';
import { uploadRaw } from '../../components/files-api';
import { useAssetBrowse } from '../../components/use-asset-browse';
import { api } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { call } from '../../lib/operations';
import { useSession } from '../../lib/session-store';

/** How much of a file the preview sends: the server detects the format and reads the header from it. */
const PREVIEW_BYTES = 64 * 1024;

export const loadingKeys = {
  list: (orgId: number | null) => ['loading-jobs', orgId] as const,
  job: (uuid: string) => ['loading-job', uuid] as const,
};

const active = (job: ImportJob) => job.status === 'pending' || job.status === 'running';

/** The organisation's loads, asked again every 2 s while one of them is still pending or running. */
/** The organisation's loads (editors only: `enabled` false asks nothing of the server). */
export function useLoadingJobs(enabled = true) {
  const orgId = useSession()?.organisation?.id ?? null;
  return useQuery({
    queryKey: loadingKeys.list(orgId),
    queryFn: ({ signal }) => api.get('/loading/jobs', { schema: loadingJobs, signal }),
    enabled: orgId !== null && enabled,
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

/** An XLSX workbook the preview reads whole (its rows are at its end): Portfolio Manager's exports are smaller. */
const WORKBOOK_PREVIEW_BYTES = 5 * 1024 * 1024;

/**
 * The format, first rows and mapping of a chosen file, from its first 64 kB as raw bytes (the server tells their
 * encoding), or a workbook whole.
 */
export function usePreview() {
  return useMutation({
    mutationFn: async (file: File) => {
      const workbook = /\.xlsx$/i.test(file.name) && file.size <= WORKBOOK_PREVIEW_BYTES;
      return api.post('/jobs/meter-load/preview', {
        body: workbook ? file : file.slice(0, PREVIEW_BYTES),
        contentType: 'application/octet-stream',
        schema: meterLoadPreview,
      });
    },
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

/** Maps a data source a refused load's file names to one of the organisation's. */
export function useMapUnknownMeter(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { key: string; meterId: number }) =>
      call(importsOperations.mapUnknownMeter, { params: { uuid }, body }),
    onSuccess: (answer) => client.setQueryData(loadingKeys.job(uuid), { success: true, data: answer.data }),
  });
}

/** Loads a refused load's stored file again, as a new load. */
export function useRerunLoad(uuid: string) {
  const orgId = useSession()?.organisation?.id ?? null;
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(importsOperations.rerun, { params: { uuid } }),
    onSettled: () => client.invalidateQueries({ queryKey: loadingKeys.list(orgId) }),
  });
}

/** The organisation's data sources the user may see, by name (every page of them, for a choice). */
export function useDataSourceChoices() {
  const browse = useAssetBrowse('meter');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = browse;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const choices = (browse.data?.pages ?? []).flatMap((p) =>
    p.results.map((r) => ({ value: String(r.id), label: r.context ? `${r.name} (${r.context})` : r.name })),
  );
  return { choices, pending: browse.isPending || hasNextPage };
}
