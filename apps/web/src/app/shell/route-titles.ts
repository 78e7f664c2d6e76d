import { AREA_TABS, MENU, type MenuEntry } from '@verdant/domain/menu';

/** Screens reached from other screens rather than the menu; each is known only by its pattern. */
const PATTERN_TITLES: readonly (readonly [RegExp, string])[] = [
  [/^\/sites\/[^/]+(\/.*)?$/, 'Site'],
  [/^\/entities\/[^/]+(\/.*)?$/, 'Entity'],
  [/^\/data-sources\/[^/]+(\/.*)?$/, 'Data Source'],
  [/^\/fleet(\/.*)?$/, 'Fleet'],
  [/^\/organisations\/[^/]+(\/.*)?$/, 'Organisation'],
  [/^\/portals(\/.*)?$/, 'Portals'],
  [/^\/my-details\/[^/]+-setup$/, 'Setup'],
  [/^\/(site|meter)-groups\/[^/]+(\/.*)?$/, 'Group'],
  [/^\/(site|meter)-groupings\/[^/]+(\/.*)?$/, 'Grouping'],
  [/^\/reports\/benchmark\/?$/, 'Benchmark'],
  [/^\/reports(\/.*)?$/, 'Reports'],
  [/^\/groups\/(site|meter)-groups\/?$/, 'Groups'],
  [/^\/groups(\/.*)?$/, 'Groups'],
  [/^\/vehicle-by-meter\/[^/]+$/, 'Vehicle'],
  [/^\/tools\/jobs\/[^/]+$/, 'Job'],
  [/^\/setup\/editions(\/[^/]+)?$/, 'Factor Editions'],
];

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The title of a screen the app knows about, or null for a path that is not part of the product. */
export function titleFor(pathname: string): string | null {
  const path = trimSlash(pathname);
  const entry = MENU.find((item) => item.path === path);
  if (entry) return entry.label;
  for (const tabs of Object.values(AREA_TABS)) {
    const tab = tabs.find((item) => item.path === path);
    if (tab) return tab.label;
  }
  return PATTERN_TITLES.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}

/** The menu entry a path belongs to (exact, else the longest enclosing entry), used for pinning. */
export function menuEntryFor(pathname: string): MenuEntry | null {
  const path = trimSlash(pathname);
  let best: MenuEntry | null = null;
  for (const item of MENU) {
    const inside = item.path === path || path.startsWith(`${item.path}/`);
    if (inside && (!best || item.path.length > best.path.length)) best = item;
  }
  return best;
}

export function areaOf(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

export function areaTabsFor(pathname: string): readonly { label: string; path: string }[] {
  return AREA_TABS[areaOf(pathname)] ?? [];
}

/** The tab the path is on: the exact tab, else the longest tab path that encloses it. */
export function currentTabPath(pathname: string): string | null {
  const path = trimSlash(pathname);
  let best: string | null = null;
  for (const tab of areaTabsFor(path)) {
    const inside = tab.path === path || path.startsWith(`${tab.path}/`);
    if (inside && (!best || tab.path.length > best.length)) best = tab.path;
  }
  return best;
}
