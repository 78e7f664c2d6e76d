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
  number: 'Enter a number',
  date: 'Enter a real date written yyyy-MM-dd',
  disguised: 'A name cannot contain invisible characters or characters that change the text direction',
} as const;

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

export const hasNoNul = (value: string) => !value.includes('\u0000');

/** Text of any kind: `z.string()` that refuses the NUL character PostgreSQL cannot store. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoNul, INPUT_MESSAGES.nul);

/**
 * Text of an answer read from PostgreSQL, which stores no NUL: a plain `z.string()` without `text()`'s check, which
 * could not fail there and on an answer of thousands of rows is most of its encoding. For answers only, never for
 * input (docs/decisions/performance.md, The invoice entry report reads kept runs).
 */
export const storedText = () => z.string();

/** A date of an answer that PostgreSQL wrote ('yyyy-MM-dd'): unchecked, as `storedText()`. For answers only. */
export const storedDate = () => z.string();

/**
 * A whole number of an answer that the API computed (a half hour's index in its day): checked as whole, without
 * `int4()`'s range, which it cannot leave. For answers only, never for input.
 */
export const storedInt = () => z.number().int();

/**
 * Characters that disguise a name: bidirectional embeddings, overrides and isolates (U+202A-202E,
 * U+2066-2069, the marks U+200E, U+200F and U+061C) and zero-width or invisible ones (U+200B-200D, U+2060-2064,
 * U+FEFF). 'Safe\u202Egnp.exe' shows as 'Safeexe.png'.
 */
const DISGUISING = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;

/**
 * The text of a name (a site, a meter, a person, a file, a group...): `text()` that also refuses the characters
 * that disguise it (docs/decisions/security.md, "Names show what they are"). Free text (notes, descriptions)
 * keeps them: a right-to-left note or an emoji sequence needs them.
 */
export const nameText = (params?: Parameters<typeof z.string>[0]) =>
  text(params).refine((value) => !DISGUISING.test(value), INPUT_MESSAGES.disguised);

/** A whole number that fits a PostgreSQL integer (int4) column, from a JSON body (range first: its message is clearer). */
export const int4 = (params?: Parameters<typeof z.number>[0]) =>
  z.number(params).min(INT4_MIN, INPUT_MESSAGES.intRange).max(INT4_MAX, INPUT_MESSAGES.intRange).int();

/** Text a path or query number must be: plain digits, an optional minus (no space, hex, exponent or '+'). */
const PLAIN_INTEGER = /^-?\d+$/;

/** The number a path or query string names: plain digits are read as one, anything else is left to refuse. */
const fromPlainDigits = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && PLAIN_INTEGER.test(value) ? Number(value) : value),
    schema,
  );

const int4Number = () =>
  z
    .number({ error: INPUT_MESSAGES.wholeNumber })
    .min(INT4_MIN, INPUT_MESSAGES.intRange)
    .max(INT4_MAX, INPUT_MESSAGES.intRange)
    .int(INPUT_MESSAGES.wholeNumber);

/**
 * A whole number that fits an int4 column (within `bounds`), from a path or query string: only plain digits
 * are read as a number (` 1`, `0x10`, `1e3` and `1.0` are refused, not coerced to a real id); a number
 * passes as it is.
 */
export const int4Param = (bounds: { min?: number; max?: number } = {}) =>
  fromPlainDigits(
    int4Number()
      .min(bounds.min ?? INT4_MIN)
      .max(bounds.max ?? INT4_MAX),
  );

/** Text a decimal in a query must be: plain digits with an optional fraction (no space, hex or exponent). */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** A decimal number (within `bounds`) from a query string: plain digits and an optional fraction only. */
export const decimalParam = (bounds: { min?: number; max?: number } = {}) =>
  z.preprocess(
    (value) => (typeof value === 'string' && PLAIN_DECIMAL.test(value) ? Number(value) : value),
    z
      .number({ error: INPUT_MESSAGES.number })
      .min(bounds.min ?? -Number.MAX_VALUE)
      .max(bounds.max ?? Number.MAX_VALUE),
  );

/** An id in a path or query: a positive int4, from plain digits. */
export const idNumber = () => fromPlainDigits(int4Number().positive());

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

/**
 * An edition of emission factors that produced a figure's kg CO2e (docs/decisions/factor-editions.md, Which edition
 * produced a figure); id null: factors entered by hand, named by their factor set.
 */
export const factorEdition = z.object({ id: z.number().nullable(), name: text() });

/**
 * A restatement done that replaced some of a figure's facts: its number, day and the editions it swapped. A download
 * of kg CO2e names them on its closing line (docs/decisions/factor-editions.md, Every report of kg CO2e restated or
 * as originally reported).
 */
export const factRestatement = z.object({
  id: z.number(),
  date: text(),
  editionBefore: text().nullable(),
  editionAfter: text().nullable(),
});
export type FactorEdition = z.infer<typeof factorEdition>;
