import { sql } from 'drizzle-orm';

/** A list of ids as one bound `int[]` parameter (`= any(...)`): one placeholder however long the list. */
export const intArray = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::int[]`;
