import { fill } from '@verdant/domain/messages';
import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { PORTAL_PERIODS } from '@verdant/domain/portals/periods';
import { z } from 'zod';
import { calendarDate, errorResponse, idNumber, int4, nameText, text } from '../common';
import { urlParam } from './shapes';

/** The link's key: the credential of every call of the public page (sent in the body, never in an address). */
const key = text().min(16).max(100);

/** What the public page shows: the portal's name and open period, and per quantity only its own figures. */
export const publicPortal = z.object({
  name: text(),
  period: z.enum(PORTAL_PERIODS),
  periodLabel: text(),
  periodStart: text(),
  periodEnd: text(),
  due: text(),
  quantities: z.array(
    z.object({
      id: int4(),
      name: text(),
      unit: text().nullable(),
      last: z.object({ value: z.number(), date: text() }).nullable(),
      expected: z.object({ low: z.number(), high: z.number() }).nullable(),
      /** This period's entry through the link, if any. */
      entry: z
        .object({
          id: int4(),
          value: z.number(),
          status: text(),
          comment: text().nullable(),
          attachment: text().nullable(),
          /** Whether it may still be corrected (not yet reviewed). */
          mayCorrect: z.boolean(),
        })
        .nullable(),
    }),
  ),
});
export type PublicPortal = z.infer<typeof publicPortal>;

/** A figure as typed: a number written as text or a number ('abc' is refused with its message). */
const figure = z.union([z.number(), text().trim()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : v === '' ? Number.NaN : Number(v.replace(/,/g, ''));
  if (!Number.isFinite(n) || Math.abs(n) > 1e13) {
    ctx.addIssue({ code: 'custom', message: PORTAL_MSG.valueNumber });
    return z.NEVER;
  }
  if (n < 0) {
    ctx.addIssue({ code: 'custom', message: PORTAL_MSG.valueNegative });
    return z.NEVER;
  }
  return n;
});

/** A photo or PDF, its bytes in base64 (at most 10 MB of file). */
export const portalAttachment = z.object({
  filename: nameText().trim().min(1).max(200),
  data: z
    .base64({ error: PORTAL_MSG.photoUnreadable })
    .max(14_000_000, { error: fill(PORTAL_MSG.photoTooLarge, { size: 10 }) }),
});

export const portalKeyBody = z.object({ key });

export const portalSubmission = z.object({
  key,
  figures: z
    .array(
      z.object({
        quantityId: idNumber(),
        value: figure,
        /** Set once the person confirmed a figure outside the expected range. */
        confirmed: z.boolean().default(false),
      }),
    )
    .min(1, PORTAL_MSG.valueRequired)
    .max(50),
  /** Where to mail the receipt, if anywhere. */
  email: z
    .union([
      z.literal(''),
      text()
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: PORTAL_MSG.emailInvalid })),
    ])
    .optional(),
  attachment: portalAttachment.nullable().optional(),
  /** The period the figures are for, when the page says it: anything but the open period is refused. */
  periodStart: calendarDate().optional(),
});
export type PortalSubmission = z.input<typeof portalSubmission>;

export const portalCorrection = z.object({
  key,
  value: figure,
  confirmed: z.boolean().default(false),
  attachment: portalAttachment.nullable().optional(),
});
export type PortalCorrection = z.input<typeof portalCorrection>;

export const portalReceipt = z.object({
  success: z.literal(true),
  message: text(),
  receipt: z.object({
    reference: text(),
    receivedAt: text(),
    portal: text(),
    period: text(),
    figures: z.array(z.object({ quantity: text(), value: z.number(), unit: text().nullable() })),
    attachment: text().nullable(),
    emailedTo: text().nullable(),
  }),
});
export type PortalReceipt = z.infer<typeof portalReceipt>;

export const entryParams = urlParam.extend({ entryId: idNumber() });

/** The public page's calls: the link's key is their credential, each rate limited per address. */
export const publicPortalSpecs = {
  open: {
    method: 'POST',
    path: '/public/portals/:url/open',
    summary: "Open a portal with its link's key: its open period and quantities, nothing else",
    access: 'signed-link',
    intent: 'reads',
    params: urlParam,
    body: portalKeyBody,
    answer: publicPortal,
    answers: { 429: errorResponse },
  },
  submit: {
    method: 'POST',
    path: '/public/portals/:url/entries',
    summary: "Enter this period's figures, with a photo or PDF; answers the receipt",
    access: 'signed-link',
    params: urlParam,
    body: portalSubmission,
    answer: portalReceipt,
    answers: { 409: errorResponse, 429: errorResponse },
  },
  correct: {
    method: 'PUT',
    path: '/public/portals/:url/entries/:entryId',
    summary: 'Correct an entry of the open period before it is reviewed; answers the receipt',
    access: 'signed-link',
    params: entryParams,
    body: portalCorrection,
    answer: portalReceipt,
    answers: { 409: errorResponse, 429: errorResponse },
  },
} as const;
