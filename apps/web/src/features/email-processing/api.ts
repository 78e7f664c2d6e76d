import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailProcessingOperations as ops } from '@verdant/contracts/email-processing';
import type { ParkedEmail } from '@verdant/contracts/email-processing/queues';
import type { TemplateBody } from '@verdant/contracts/email-processing/templates';
import { saveFile } from '../../lib/download';
import { call, invalidate, useOperation } from '../../lib/operations';

export const useParkedEmails = () => useOperation(ops.parked, {});
export const usePreprocessLog = (log: 'rejected' | 'accepted') => useOperation(ops.log, { params: { log } });

/** The original attachment's bytes (for the preview beside what was extracted, or to save). */
export async function originalOf(p: Pick<ParkedEmail, 'queue' | 'file'>): Promise<Blob> {
  return call(ops.download, { params: { queue: p.queue, name: p.file } });
}

export async function downloadOriginal(p: ParkedEmail) {
  saveFile(await originalOf(p), p.filename);
}

/** Delete or re-run; either takes the item off the list (and may add to the logs). */
export function useQueueAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, item }: { action: 'delete' | 'rerun'; item: ParkedEmail }) => {
      const input = { params: { queue: item.queue, name: item.file } };
      return action === 'delete' ? call(ops.remove, input) : call(ops.resend, input);
    },
    onSettled: () => invalidate(client, ops.parked, ops.log, ops.templates),
  });
}

export function useTrimLog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (beforeDate: string) => call(ops.trim, { query: { beforeDate } }),
    onSettled: () => invalidate(client, ops.log),
  });
}

export const useTemplates = () => useOperation(ops.templates, {});
export const useTemplate = (retailerId: number | null) =>
  useOperation(ops.template, retailerId === null ? null : { params: { retailerId } });

export function useTemplateTrial(retailerId: number) {
  return useMutation({
    mutationFn: (body: TemplateBody) => call(ops.trial, { params: { retailerId }, body }),
  });
}

export function usePublishTemplate(retailerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TemplateBody) => call(ops.publish, { params: { retailerId }, body }),
    onSuccess: () => invalidate(client, ops.template, ops.templates),
  });
}

export function useRerunRetailer(retailerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.rerunRetailer, { params: { retailerId } }),
    onSuccess: () => invalidate(client, ops.template, ops.templates, ops.parked),
  });
}
