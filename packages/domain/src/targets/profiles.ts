import { TARGET_PROFILE_TOTAL } from '../constants';

/**
 * A target's monthly profile (core-portal.md 3 Target, 9): twelve values, January to December, normalised to
 * total 100, that share a year's target among its months. DERIVE takes the baseline year's own monthly
 * figures, ENTER the twelve values typed in, NONE shares evenly.
 */
export const PROFILE_FROM = ['DERIVE', 'ENTER', 'NONE'] as const;
export type ProfileFrom = (typeof PROFILE_FROM)[number];

export type ProfileResult = { ok: true; profile: number[] } | { ok: false; reason: string };

export const PROFILE_REASONS = {
  count: 'A profile has twelve monthly values',
  negative: 'Profile values cannot be negative',
  empty: 'Profile values must add up to more than zero',
} as const;

/** The values scaled to total 100 (each unrounded), or why they cannot be. */
export function normaliseProfile(values: readonly number[]): ProfileResult {
  if (values.length !== 12 || values.some((v) => !Number.isFinite(v)))
    return { ok: false, reason: PROFILE_REASONS.count };
  if (values.some((v) => v < 0)) return { ok: false, reason: PROFILE_REASONS.negative };
  const total = values.reduce((s, v) => s + v, 0);
  if (total <= 0) return { ok: false, reason: PROFILE_REASONS.empty };
  return { ok: true, profile: values.map((v) => (v * TARGET_PROFILE_TOTAL) / total) };
}

/** An even profile: each month 100/12. */
export const flatProfile = (): number[] => Array.from({ length: 12 }, () => TARGET_PROFILE_TOTAL / 12);

/**
 * The profile of the baseline year's twelve monthly figures (calendar order, January first), or an even one
 * when the baseline year has nothing to share out.
 */
export function derivedProfile(monthly: readonly number[]): number[] {
  const result = normaliseProfile(monthly);
  return result.ok ? result.profile : flatProfile();
}

/** The profile in force: the stored (entered) one, the baseline's shape, or even. */
export function profileFor(
  from: ProfileFrom,
  stored: readonly number[] | null,
  baselineMonthly: readonly number[],
) {
  if (from === 'ENTER' && stored) return derivedProfile(stored);
  if (from === 'DERIVE') return derivedProfile(baselineMonthly);
  return flatProfile();
}
