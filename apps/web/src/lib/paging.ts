/**
 * For lists paged LIST_PAGE_SIZE rows at a time from answers carrying `total` and their rows under `key`:
 * the offset of the next page, or undefined when everything is loaded ('Show Next 100' then disappears).
 */
export function nextPageOffset<K extends string>(key: K) {
  return <P extends { total: number } & { [k in K]: readonly unknown[] }>(
    last: P,
    pages: P[],
  ): number | undefined => {
    const loaded = pages.reduce((sum, page) => sum + page[key].length, 0);
    return loaded < last.total && last[key].length > 0 ? loaded : undefined;
  };
}

/** A list parameter that is sent only when set: true, a non-empty text, or a non-empty list (joined by commas). */
export type OptionalParam = string | boolean | readonly string[] | undefined;

/**
 * A paged list's query string: the page's offset and size, the parameters always sent, then the optional ones
 * that are set.
 */
export function pageQuery(
  offset: number,
  limit: number,
  always: Record<string, string> = {},
  optional: Record<string, OptionalParam> = {},
): URLSearchParams {
  const params = new URLSearchParams({ offset: String(offset), limit: String(limit), ...always });
  for (const [key, value] of Object.entries(optional)) {
    if (value === true) params.set(key, 'true');
    else if (typeof value === 'string' && value !== '') params.set(key, value);
    else if (Array.isArray(value) && value.length > 0) params.set(key, value.join(','));
  }
  return params;
}
