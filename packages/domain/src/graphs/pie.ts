import { PIE_MIN_SLICE } from '../constants';

/** The Breakdown pie (data-portal.md 4, Pie): slices under 1% of the whole are grouped into one. */
export const OTHERS_SLICE = 'Others (<1%)';

export interface Slice {
  name: string;
  value: number;
  incomplete: boolean;
  estimated: boolean;
}

export interface GroupedSlices<S extends Slice> {
  /** Largest first; the Others slice, when there is one, last. */
  slices: (S | OthersSlice<S>)[];
  /** Parts with nothing or less than nothing (a net export, say): a pie cannot draw them, so they are listed. */
  left: S[];
  total: number;
}

export interface OthersSlice<S extends Slice> extends Slice {
  others: S[];
}

export const isOthers = <S extends Slice>(s: S | OthersSlice<S>): s is OthersSlice<S> => 'others' in s;

/**
 * Groups the slices under `minShare` of the total into 'Others (<1%)', which keeps them (largest first) so
 * the screen can expand it. A single small slice stays itself: an Others of one would only hide its name.
 */
export function groupSmallSlices<S extends Slice>(
  parts: readonly S[],
  minShare = PIE_MIN_SLICE,
): GroupedSlices<S> {
  const positive = parts
    .filter((p) => p.value > 0)
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  const left = parts.filter((p) => !(p.value > 0));
  const total = positive.reduce((s, p) => s + p.value, 0);
  const small = positive.filter((p) => p.value < total * minShare);
  if (small.length < 2) return { slices: positive, left, total };
  const big = positive.filter((p) => p.value >= total * minShare);
  const others: OthersSlice<S> = {
    name: OTHERS_SLICE,
    value: small.reduce((s, p) => s + p.value, 0),
    incomplete: small.some((p) => p.incomplete),
    estimated: small.some((p) => p.estimated),
    others: small,
  };
  return { slices: [...big, others], left, total };
}

/** A slice's share of the whole as a percentage with one decimal ('12.3%'), '<0.1%' for a sliver. */
export function shareLabel(value: number, total: number): string {
  if (total <= 0) return '';
  const share = (value / total) * 100;
  return share > 0 && share < 0.1 ? '<0.1%' : `${share.toFixed(1)}%`;
}
