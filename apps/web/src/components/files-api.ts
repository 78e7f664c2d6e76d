import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FileOwnerType, filesOperations as ops, type ReplaceMode } from '@verdant/contracts/files';
import { FILE_MAX_MB } from '@verdant/domain/constants';
import { fill, MSG } from '@verdant/domain/messages';
import { ApiError } from '../lib/api-errors';
import { call, invalidate, useOperation } from '../lib/operations';

/** The largest file the API takes; a larger one is refused here, before its bytes are sent. */
const FILE_LIMIT = {
  bytes: FILE_MAX_MB * 1024 * 1024,
  message: fill(MSG.fileTooLarge, { size: FILE_MAX_MB }),
};

/** Refuses a file over the limit with the API's own message, without sending it. */
export function checkFileSize(file: File, limit: { bytes: number; message: string } = FILE_LIMIT): void {
  if (file.size > limit.bytes) throw new ApiError(400, limit.message, 'BAD_REQUEST');
}

/** Each owner's operations: its files, uploads, default image and deletion. */
const OWNER_OPS = {
  organisation: {
    list: ops.organisationFiles,
    upload: ops.organisationUpload,
    uploadDefault: ops.organisationUploadDefault,
    setDefault: ops.organisationSetDefault,
    remove: ops.organisationRemove,
  },
  site: {
    list: ops.siteFiles,
    upload: ops.siteUpload,
    uploadDefault: ops.siteUploadDefault,
    setDefault: ops.siteSetDefault,
    remove: ops.siteRemove,
  },
  entity: {
    list: ops.entityFiles,
    upload: ops.entityUpload,
    uploadDefault: ops.entityUploadDefault,
    setDefault: ops.entitySetDefault,
    remove: ops.entityRemove,
  },
  meter: {
    list: ops.meterFiles,
    upload: ops.meterUpload,
    uploadDefault: ops.meterUploadDefault,
    setDefault: ops.meterSetDefault,
    remove: ops.meterRemove,
  },
} as const;

type OwnerOps = { [K in keyof (typeof OWNER_OPS)['site']]: (typeof OWNER_OPS)[FileOwnerType][K] };
const opsOf = (type: FileOwnerType): OwnerOps => OWNER_OPS[type];

/** Marks an owner's file lists stale (after an upload made elsewhere, a consumption record's attachment). */
export const invalidateFiles = (client: QueryClient, type: FileOwnerType) =>
  invalidate(client, opsOf(type).list);

export function useFiles(type: FileOwnerType, id: number) {
  return useOperation(
    opsOf(type).list,
    { params: { id } },
    // Direct links expire after an hour; fetch fresh ones well before.
    { staleTime: 10 * 60_000, refetchInterval: 30 * 60_000 },
  );
}

function useFilesMutation<V, R>(type: FileOwnerType, run: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => invalidateFiles(client, type) });
}

/** Uploads one file to an asset's files (a consumption record's attachment is uploaded this way first). */
export function uploadFileTo(type: FileOwnerType, id: number, file: File) {
  checkFileSize(file);
  return call(opsOf(type).upload, { params: { id }, body: file, fileName: file.name });
}

export const useUploadFile = (type: FileOwnerType, id: number) =>
  useFilesMutation(type, (file: File) => uploadFileTo(type, id, file));

export const useUploadDefault = (type: FileOwnerType, id: number) =>
  useFilesMutation(type, (v: { file: File; replace: ReplaceMode }) => {
    checkFileSize(v.file);
    return call(opsOf(type).uploadDefault, {
      params: { id },
      query: { replace: v.replace },
      body: v.file,
      fileName: v.file.name,
    });
  });

export const useSetDefault = (type: FileOwnerType, id: number) =>
  useFilesMutation(type, (v: { fileId: number; replace: ReplaceMode }) =>
    call(opsOf(type).setDefault, { params: { id, fileId: v.fileId }, query: { replace: v.replace } }),
  );

export const useDeleteFile = (type: FileOwnerType, id: number) =>
  useFilesMutation(type, (fileId: number) => call(opsOf(type).remove, { params: { id, fileId } }));
