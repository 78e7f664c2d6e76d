import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@verdant/contracts/common';
import { logoAnswer } from '@verdant/contracts/files';
import { api } from '../lib/api-client';
import { uploadRaw } from './files-api';

const logoPath = (orgId: number) => `/organisations/${orgId}/logo`;
export const logoKeys = { logo: (orgId: number | null) => ['organisation-logo', orgId] as const };

/** The organisation's logo link (null when there is none); the link is refreshed before it expires. */
export function useOrganisationLogo(orgId: number | null) {
  return useQuery({
    queryKey: logoKeys.logo(orgId),
    queryFn: ({ signal }) => api.get(logoPath(orgId as number), { schema: logoAnswer, signal }),
    enabled: orgId !== null,
    staleTime: 10 * 60_000,
    refetchInterval: 30 * 60_000,
  });
}

export function useUploadLogo(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadRaw(logoPath(orgId), file, logoAnswer),
    onSuccess: (answer) => client.setQueryData(logoKeys.logo(orgId), answer),
  });
}

export function useDeleteLogo(orgId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(logoPath(orgId), { schema: okResponse }),
    onSettled: () => client.invalidateQueries({ queryKey: logoKeys.logo(orgId) }),
  });
}
