import { sql } from 'drizzle-orm';

/** A list of ids as one bound `int[]` parameter (`= any(...)`): one placeholder however long the list. */
export const intArray = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::int[]`;

/** A list of ISO dates (`YYYY-MM-DD`, checked by the caller's schema) as one bound `date[]` parameter. */
export const dateArray = (list: readonly string[]) => sql`${`{${list.join(',')}}`}::date[]`;

/**
 * `and <column> = any(<list>)`, or nothing when the list is null: the optional filter of a caller narrowed to some
 * meters or sites (null: every one of the organisation's). The column is the statement's own text, never input.
 */
export const andAmong = (column: string, list: readonly number[] | null) =>
  list === null ? sql`` : sql`and ${sql.raw(column)} = any(${intArray(list)})`;
