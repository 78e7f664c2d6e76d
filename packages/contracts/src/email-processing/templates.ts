import { EMAIL_MSG } from '@verdant/domain/email-processing/email-processing';
import { TEMPLATE_FIELDS } from '@verdant/domain/email-processing/template-read';
import { z } from 'zod';
import { idNumber, int4, text } from '../common';
import { extracted } from './queues';

const pattern = text().max(500);

/** A retailer template's content: the senders it answers for and its patterns (docs/decisions/email-intake.md). */
export const templateBody = z.object({
  senders: z.array(text().trim().toLowerCase().min(2).max(200)).max(20).default([]),
  patterns: z
    .object(
      Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, pattern.optional()])) as Record<
        (typeof TEMPLATE_FIELDS)[number],
        z.ZodOptional<typeof pattern>
      >,
    )
    .refine((p) => Boolean(p.account && p.invoiceNumber && p.totalPayable), EMAIL_MSG.templateFieldRequired),
});
export type TemplateBody = z.input<typeof templateBody>;

export const templateVersion = z.object({
  id: int4(),
  version: int4(),
  senders: z.array(text()),
  patterns: z.record(z.string(), z.string()),
  createdAt: text(),
});
export type TemplateVersion = z.infer<typeof templateVersion>;

export const templateSummary = z.object({
  retailerId: int4(),
  retailerName: text(),
  latest: int4().nullable(),
  parked: int4(),
});
export const templateList = z.object({
  templates: z.array(templateSummary),
  retailers: z.array(z.object({ id: int4(), name: text() })),
});
export type TemplateList = z.infer<typeof templateList>;

export const retailerParam = z.object({ retailerId: idNumber() });

/** One parked item read with a template under test. */
export const templateTrial = z.object({
  file: text(),
  filename: text(),
  reasonCode: text().nullable(),
  extracted: extracted.nullable(),
  missing: z.array(text()),
  totalsAddUp: z.boolean().nullable(),
  reads: z.boolean(),
});
export type TemplateTrial = z.infer<typeof templateTrial>;

export const templateDetail = z.object({
  retailer: z.object({ id: int4(), name: text() }),
  versions: z.array(templateVersion),
  trials: z.array(templateTrial),
});
export type TemplateDetail = z.infer<typeof templateDetail>;

export const trialAnswer = z.object({
  trials: z.array(templateTrial),
  invalid: z.array(z.object({ field: text(), error: text() })),
});
export type TrialAnswer = z.infer<typeof trialAnswer>;

export const rerunAnswer = z.object({ success: z.literal(true), scheduled: int4() });
