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
