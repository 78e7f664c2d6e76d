import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorResponse, HEADERS } from '@verdant/contracts/common';
import {
  FILE_OWNER_PATHS,
  FILENAME_HEADER,
  type FileOwnerType,
  fileItem,
  filesList,
  type ReplaceMode,
} from '@verdant/contracts/files';
import { FILE_MAX_MB } from '@verdant/domain/constants';
import { fill, MSG } from '@verdant/domain/messages';
import { z } from 'zod';
import { api } from '../lib/api-client';
import { ApiError, SessionEndedError } from '../lib/api-errors';
import { showInfoBanner } from '../lib/banners';
import { clearClientState } from '../lib/client-state';
import { getSession, refreshSession } from '../lib/session-store';

/** Uploads can be large, so they get longer than the usual 20 s. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Sends a file's raw bytes with its name in the filename header (the spec's upload form). apiRequest
 * speaks JSON only; this keeps its bearer, refreshed-token and 401 rules.
 */
export async function uploadRaw<T>(
  path: string,
  file: File,
  schema: z.ZodType<T>,
  limit: { bytes: number; message: string } = {
    bytes: FILE_MAX_MB * 1024 * 1024,
    message: fill(MSG.fileTooLarge, { size: FILE_MAX_MB }),
  },
): Promise<T> {
  if (file.size > limit.bytes) throw new ApiError(400, limit.message, 'BAD_REQUEST');
  const session = getSession();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/octet-stream',
    [FILENAME_HEADER]: encodeURIComponent(file.name),
  };
  if (session) {
    headers.Authorization = `Bearer ${session.token}`;
    if (session.organisation) headers['X-Organisation-Id'] = String(session.organisation.id);
  }
  const response = await fetch(`/api${path}`, {
    method: 'POST',
    headers,
    body: file,
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    credentials: 'same-origin',
  }).catch(() => {
    throw new ApiError(0, MSG.timeout, 'NETWORK');
  });
  if (response.status === 401) {
    clearClientState();
    showInfoBanner(MSG.sessionExpired);
    throw new SessionEndedError();
  }
  refreshSession(response.headers.get(HEADERS.token), response.headers.get(HEADERS.expires));
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorResponse.safeParse(body);
    throw parsed.success
      ? new ApiError(response.status, parsed.data.message, parsed.data.code, parsed.data.fields ?? {})
      : new ApiError(response.status, MSG.internal, `HTTP_${response.status}`);
  }
  return schema.parse(body);
}

const filesPath = (type: FileOwnerType, id: number) => `/${FILE_OWNER_PATHS[type]}/${id}/files`;
export const fileKeys = { list: (type: FileOwnerType, id: number) => ['files', type, id] as const };

export function useFiles(type: FileOwnerType, id: number) {
  return useQuery({
    queryKey: fileKeys.list(type, id),
    queryFn: ({ signal }) => api.get(filesPath(type, id), { schema: filesList, signal }),
    // Direct links expire after an hour; fetch fresh ones well before.
    staleTime: 10 * 60_000,
    refetchInterval: 30 * 60_000,
  });
}

function useFilesMutation<V, R>(type: FileOwnerType, id: number, run: (path: string, v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => run(filesPath(type, id), v),
    onSettled: () => client.invalidateQueries({ queryKey: fileKeys.list(type, id) }),
  });
}

export const useUploadFile = (type: FileOwnerType, id: number) =>
  useFilesMutation(type, id, (path, file: File) => uploadRaw(path, file, fileItem));

export const useUploadDefault = (type: FileOwnerType, id: number) =>
  useFilesMutation(type, id, (path, v: { file: File; replace: ReplaceMode }) =>
    uploadRaw(`${path}/default?replace=${v.replace}`, v.file, fileItem),
  );

export const useSetDefault = (type: FileOwnerType, id: number) =>
  useFilesMutation(type, id, (path, v: { fileId: number; replace: ReplaceMode }) =>
    api.put(`${path}/${v.fileId}?replace=${v.replace}`, { schema: fileItem }),
  );

export const useDeleteFile = (type: FileOwnerType, id: number) =>
  useFilesMutation(type, id, (path, fileId: number) =>
    api.delete(`${path}/${fileId}`, { schema: z.object({ success: z.literal(true), message: z.string() }) }),
  );
