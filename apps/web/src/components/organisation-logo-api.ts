import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filesOperations as ops } from '@verdant/contracts/files';
import { call, invalidate, keyOf, useOperation } from '../lib/operations';
import { useOrganisationId } from '../lib/session-store';
import { checkFileSize } from './files-api';

/** The organisation's logo link (null when there is none); the link is refreshed before it expires. */
export function useOrganisationLogo(orgId: number | null) {
  return useOperation(ops.logo, orgId === null ? null : { params: { id: orgId } }, {
    staleTime: 10 * 60_000,
    refetchInterval: 30 * 60_000,
  });
}

export function useUploadLogo(orgId: number) {
  const client = useQueryClient();
  const sessionOrgId = useOrganisationId();
  return useMutation({
    mutationFn: (file: File) => {
      checkFileSize(file);
      return call(ops.uploadLogo, { params: { id: orgId }, body: file, fileName: file.name });
    },
    onSuccess: (answer) =>
      client.setQueryData(keyOf(ops.logo, { params: { id: orgId } }, sessionOrgId), answer),
  });
}

export function useDeleteLogo(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.deleteLogo, { params: { id: orgId } }),
    onSettled: () => invalidate(client, ops.logo),
  });
}
