/**
 * A portal's address (data-portal.md 4, "Portal creation"): the organisation prefix and the name, as lower
 * case words joined by dashes. Only letters, numbers and dashes, so it can never hold a path.
 */
export const PORTAL_URL_MAX = 80;
/** Addresses the signed-in Portals screens use: never a portal's. */
export const RESERVED_PORTAL_URLS = ['data-entry-portals', 'custom-portals'] as const;

export const PORTAL_URL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The prefix of an organisation's portal addresses: its name's initials-free slug, cut to 20 characters. */
export const orgPrefixOf = (organisationName: string) =>
  slugOf(organisationName).slice(0, 20).replace(/-+$/, '');

export function portalUrlOf(prefix: string, name: string): string {
  return [prefix, slugOf(name)].filter(Boolean).join('-').slice(0, PORTAL_URL_MAX).replace(/-+$/, '');
}

/** Default quantity names get a (n) suffix when taken (data-portal.md 5, "Portals"). */
export function uniqueName(wanted: string, taken: readonly string[]): string {
  const lower = new Set(taken.map((t) => t.trim().toLowerCase()));
  if (!lower.has(wanted.trim().toLowerCase())) return wanted.trim();
  for (let n = 1; ; n += 1) {
    const candidate = `${wanted.trim()} (${n})`;
    if (!lower.has(candidate.toLowerCase())) return candidate;
  }
}
