import { z } from 'zod';

/** The one error shape every failing call answers with. */
export const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  requestId: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const okResponse = z.object({ success: z.literal(true) });

export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Response headers of every authenticated answer. */
export const HEADERS = {
  token: 'x-auth-token',
  expires: 'x-session-expires',
  organisation: 'x-organisation-id',
  requestId: 'x-request-id',
} as const;
