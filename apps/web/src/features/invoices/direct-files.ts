import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invoicesOperations as ops } from '@verdant/contracts/invoices';
import { call, invalidate } from '../../lib/operations';

/*
 * The invoice's files through the signed links the server answers (spec 7): the address of each request is
 * the link the server gave, never one written here, and the signed PUT carries its own storage-class header.
 */

/**
 * Uploads a file to an invoice: asks for a signed URL, then PUTs the bytes there with the storage class the
 * answer names. The first PDF becomes the original; other files are raw data.
 */
export function useInvoiceUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ invoiceId, file }: { invoiceId: number; file: File }) => {
      const target = await call(ops.rawDataUrl, {
        params: { id: invoiceId },
        body: {
          filename: file.name,
          contentType: file.type || 'application/octet-stream',
          length: file.size,
        },
      });
      const res = await fetch(target.uploadURL, {
        method: 'PUT',
        body: file,
        headers: { 'content-type': 'application/octet-stream', 'x-amz-storage-class': target.storageClass },
      });
      if (!res.ok) {
        const answer = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(answer?.message ?? 'The file could not be uploaded');
      }
      return target;
    },
    onSuccess: () => invalidate(client, ops.list),
  });
}

/** Opens a file behind a direct link in a new tab; false when it cannot be read. */
export async function openDirectFile(url: string): Promise<boolean> {
  const opened = window.open('', '_blank');
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(String(res.status));
    const blob = await res.blob();
    const href = URL.createObjectURL(blob);
    if (opened) opened.location.href = href;
    else window.location.assign(href);
    return true;
  } catch {
    opened?.close();
    return false;
  }
}
