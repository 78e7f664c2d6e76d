import { ApiError } from '../../../lib/api-errors';

/** The server's refusal as a message per field (the one error shape's `fields`), and its message. */
export function refusalOf(error: unknown): { message: string; fields: Record<string, string> } {
  if (error instanceof ApiError) {
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(error.fields ?? {})) if (v[0]) fields[k] = v[0];
    return { message: error.message, fields };
  }
  return { message: error instanceof Error ? error.message : String(error), fields: {} };
}
