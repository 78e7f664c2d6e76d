import { useMutation } from '@tanstack/react-query';
import { portalsOperations as ops } from '@verdant/contracts/portals';
import type { PortalCorrection, PortalSubmission } from '@verdant/contracts/portals/public';
import { call, useOperation } from '../../lib/operations';

/** The public page's read: the link's key goes in the body (a read sent as POST), never in an address. */
export const usePublicPortal = (url: string, key: string) =>
  useOperation(ops.open, key ? { params: { url }, body: { key } } : null, { retry: false });

export const useSubmitFigures = (url: string) =>
  useMutation({ mutationFn: (body: PortalSubmission) => call(ops.submit, { params: { url }, body }) });

export const useCorrectEntry = (url: string) =>
  useMutation({
    mutationFn: ({ entryId, body }: { entryId: number; body: PortalCorrection }) =>
      call(ops.correct, { params: { url, entryId }, body }),
  });

/** A file as base64, for the submission's attachment. */
export function fileAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
