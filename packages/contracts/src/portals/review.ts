import { PORTAL_MSG } from '@verdant/domain/portals/messages';
import { z } from 'zod';
import { editor } from '../access';
import { errorResponse, idNumber, int4, text } from '../common';
import { portalIdParam } from './shapes';

export const portalEntry = z.object({
  id: int4(),
  quantityId: int4(),
  quantity: text(),
  meterId: int4(),
  unit: text().nullable(),
  periodStart: text(),
  periodEnd: text(),
  value: z.number(),
  status: text(),
  receipt: text(),
  contactEmail: text().nullable(),
  receivedAt: text(),
  late: z.boolean(),
  attachment: z.object({ id: int4(), filename: text() }).nullable(),
  comment: text().nullable(),
  reviewedBy: text().nullable(),
  approvedBy: text().nullable(),
});
export type PortalEntry = z.infer<typeof portalEntry>;

export const portalEntries = z.object({ entries: z.array(portalEntry), secondApproval: z.boolean() });

export const entryReview = z
  .object({
    decision: z.enum(['accept', 'send back', 'approve']),
    comment: text().trim().max(1000).default(''),
  })
  .refine((r) => r.decision !== 'send back' || r.comment !== '', {
    message: PORTAL_MSG.reviewCommentRequired,
    path: ['comment'],
  });
export type EntryReview = z.input<typeof entryReview>;

export const reviewed = z.object({ success: z.literal(true), message: text(), entry: portalEntry });

export const portalEntryParams = portalIdParam.extend({ entryId: idNumber() });

/** Review (our addition): entries awaiting review, accept or send back, and the second approval. */
export const reviewSpecs = {
  entries: {
    method: 'GET',
    path: '/data-entry-portals/portals/:id/entries',
    summary: "A portal's entries, newest period first, with their review state",
    access: editor(),
    params: portalIdParam,
    answer: portalEntries,
  },
  review: {
    method: 'POST',
    path: '/data-entry-portals/portals/:id/entries/:entryId/review',
    summary:
      'Accept an entry, send it back with a comment (its contact is told), or give the second approval',
    access: editor(),
    params: portalEntryParams,
    body: entryReview,
    answer: reviewed,
    answers: { 409: errorResponse },
  },
} as const;
