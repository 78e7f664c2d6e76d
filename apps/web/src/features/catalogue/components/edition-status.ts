/** The colour of each edition status. */
export const EDITION_COLOURS: Record<string, string> = {
  draft: 'blue',
  published: 'green',
  superseded: 'dark',
  withdrawn: 'red',
};

/** The years an edition covers, as its list and its page show them: "2024", "2024-2026", "from 2024", or not stated. */
export function coversText(e: { coversFrom: number | null; coversTill: number | null }): string {
  const { coversFrom: from, coversTill: till } = e;
  if (from !== null && till !== null) return from === till ? String(from) : `${from}-${till}`;
  if (from !== null) return `from ${from}`;
  if (till !== null) return `till ${till}`;
  return 'not stated';
}
