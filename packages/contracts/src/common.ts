import { z } from 'zod';

/** The one error shape every failing call answers with. */
export const errorResponse = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.string(),
    requestId: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const okResponse = z.object({ success: z.literal(true) });

export { HEADERS } from './headers';

/**
 * Shared input primitives (docs/decisions/api-conventions.md, Input primitives in the contracts): every
 * contract builds its text, integers and dates from these, so that no input can reach PostgreSQL in a form it
 * refuses (a NUL byte in text, an integer beyond a 32-bit column, a date that matches the pattern but is not
 * on the calendar). Each refusal is a 400 with the field's message.
 */
export const INPUT_MESSAGES = {
  nul: 'Text cannot contain a NUL character',
  intRange: 'Enter a whole number between -2147483648 and 2147483647',
  wholeNumber: 'Enter a whole number',
  date: 'Enter a real date written yyyy-MM-dd',
} as const;

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

export const hasNoNul = (value: string) => !value.includes('\u0000');

/** Text of any kind: `z.string()` that refuses the NUL character PostgreSQL cannot store. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoNul, INPUT_MESSAGES.nul);

/** A whole number that fits a PostgreSQL integer (int4) column, from a JSON body (range first: its message is clearer). */
export const int4 = (params?: Parameters<typeof z.number>[0]) =>
  z.number(params).min(INT4_MIN, INPUT_MESSAGES.intRange).max(INT4_MAX, INPUT_MESSAGES.intRange).int();

/** A whole number that fits an int4 column, from a path or query string (coerced from text). */
export const int4Param = () =>
  z.coerce
    .number({ error: INPUT_MESSAGES.wholeNumber })
    .min(INT4_MIN, INPUT_MESSAGES.intRange)
    .max(INT4_MAX, INPUT_MESSAGES.intRange)
    .int(INPUT_MESSAGES.wholeNumber);

/** An id in a path or query: a positive int4. */
export const idNumber = () => int4Param().positive();

export const idParam = z.object({ id: idNumber() });

/** Whether 'yyyy-MM-dd' names a day on the calendar PostgreSQL's date accepts (year 1 to 9999). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** A stored date 'yyyy-MM-dd' that is a real day (2024-02-30, 2024-13-01 and 0000-00-00 are refused). */
export const calendarDate = (message: string = INPUT_MESSAGES.date) =>
  text().trim().refine(isCalendarDate, message);
