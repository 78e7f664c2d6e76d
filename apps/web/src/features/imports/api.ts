import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ImportJob,
  importsOperations as ops,
  type ReadingsMappingInput,
} from '@verdant/contracts/imports';
import { IMPORT_MAX_MB, LOADING_POLL_MS } from '@verdant/domain/constants';
import { IMPORT_MSG } from '@verdant/domain/imports/import-messages';
import type { ImportFormat } from '@verdant/domain/imports/types';
import { fill } from '@verdant/domain/messages';
import { useEffect } from 'react';
import { checkFileSize } from '../../components/files-api';
import { useAssetBrowse } from '../../components/use-asset-browse';
import { saveFile } from '../../lib/download';
import { call, invalidate, keyOf, useOperation } from '../../lib/operations';
import { useOrganisationId } from '../../lib/session-store';

/** How much of a file the preview sends: the server detects the format and reads the header from it. */
const PREVIEW_BYTES = 64 * 1024;

const active = (job: ImportJob) =>
  job.status === 'pending' || job.status === 'running' || job.status === 'retrying';

/** The organisation's loads, asked again every 2 s while one of them is still pending or running. */
/** The organisation's loads (editors only: `enabled` false asks nothing of the server). */
export function useLoadingJobs(enabled = true) {
  const orgId = useOrganisationId();
  return useOperation(ops.list, orgId !== null && enabled ? {} : null, {
    refetchInterval: (query) => (query.state.data?.jobs.some(active) ? LOADING_POLL_MS : false),
  });
}

/** One load's status, asked again every 2 s until it ends. */
export function useLoadStatus(uuid: string | null) {
  return useOperation(ops.status, uuid === null ? null : { params: { uuid } }, {
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
      return call(ops.preview, {
        body: workbook ? file : file.slice(0, PREVIEW_BYTES),
        fileName: file.name,
      });
    },
  });
}

export function useUploadLoad() {
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
      checkFileSize(file, {
        bytes: IMPORT_MAX_MB * 1024 * 1024,
        message: fill(IMPORT_MSG.importTooLarge, { size: IMPORT_MAX_MB }),
      });
      return call(ops.upload, {
        query: {
          format: format ?? undefined,
          mapping: mapping ? JSON.stringify(mapping) : undefined,
        },
        body: file,
        fileName: file.name,
      });
    },
    onSettled: () => invalidate(client, ops.list),
  });
}

/** Downloads a load's error report (the refused rows with their lines and reasons). */
export async function downloadReport(job: ImportJob) {
  const blob = await call(ops.errorReport, { params: { uuid: job.uuid } });
  saveFile(blob, `${job.filename.replace(/\.[^.]*$/, '')} - error report.csv`);
}

/** Maps a data source a refused load's file names to one of the organisation's. */
export function useMapUnknownMeter(uuid: string) {
  const client = useQueryClient();
  const orgId = useOrganisationId();
  return useMutation({
    mutationFn: (body: { key: string; meterId: number }) =>
      call(ops.mapUnknownMeter, { params: { uuid }, body }),
    onSuccess: (answer) =>
      client.setQueryData(keyOf(ops.status, { params: { uuid } }, orgId), {
        success: true,
        data: answer.data,
      }),
  });
}

/** Loads a refused load's stored file again, as a new load. */
export function useRerunLoad(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.rerun, { params: { uuid } }),
    onSettled: () => invalidate(client, ops.list),
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
