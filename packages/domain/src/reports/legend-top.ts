import { COMP_REPORT_LEGEND_TOP } from '../constants';

export interface NamedValue {
  name: string;
  value: number | null;
}

/**
 * A chart legend's top entries with the rest summed as Others (data-portal.md 9: the complimentary report's
 * legend shows the top 5 with an Others bucket). The largest by size (a negative counts by its size) keep
 * their names, in order, largest first; the rest add up to one 'Others' entry, which comes last. With no
 * more than `top` + 1 entries nothing is bucketed (an Others of one would hide a name for nothing). Blank
 * values (null) stay out of the sum but are kept as entries when there is room.
 */
export function topWithOthers(entries: readonly NamedValue[], top = COMP_REPORT_LEGEND_TOP): NamedValue[] {
  const size = (v: number | null) => Math.abs(v ?? 0);
  const sorted = [...entries].sort((a, b) => size(b.value) - size(a.value) || a.name.localeCompare(b.name));
  if (sorted.length <= top + 1) return sorted;
  const rest = sorted.slice(top);
  const known = rest.filter((e) => e.value !== null);
  const others = known.length === 0 ? null : known.reduce((s, e) => s + (e.value ?? 0), 0);
  return [
    ...sorted.slice(0, top),
    { name: 'Others', value: others === null ? null : Math.round(others * 1e6) / 1e6 },
  ];
}
