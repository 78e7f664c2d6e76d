import { FULL, worseQuality } from './fold';
import type { ReadingQuality } from './types';

/**
 * Parts of a half hour (docs/decisions/imports.md): a file that gives only some of a half hour's 30 minutes (a
 * 15-minute file ending at :15) leaves that half hour partial, stored with the minutes it covers. A later part
 * is merged with what is stored, never put in its place: parts that cover other minutes add up, and where the
 * new part covers minutes already stored it wins for those minutes, the stored value counting for the rest in
 * proportion to the minutes left (the stored value's split within its minutes is not known). A half hour whose
 * 30 minutes are all given is whole again and takes its parts' worst quality; one still partial is marked E at
 * best, so the ledger counts it as an estimate.
 */

/** What is stored of a day: its values, quality (null: all actual) and parts (null: none partial). */
export interface StoredDayParts {
  kwh: readonly (number | null)[];
  quality: string | null;
  parts: Record<string, [number, string]> | null;
}

/** A day a file left partial: its values and quality as folded, and its partial half hours' parts. */
export interface PartialDay {
  values: readonly (number | null)[];
  quality: string;
  parts: Record<number, [number, ReadingQuality]>;
}

export interface MergedDay {
  values: (number | null)[];
  quality: string;
  /** The half hours still partial after the merge, or null when none is. */
  parts: Record<string, [number, ReadingQuality]> | null;
}

const minutesIn = (mask: number) => {
  let n = 0;
  for (let m = mask; m; m &= m - 1) n += 1;
  return n;
};
const asQuality = (q: string | undefined): ReadingQuality =>
  q === undefined || q === ' ' ? 'A' : (q as ReadingQuality);

/** A partial day merged with what is stored for it: the values and quality to stage, and the parts left. */
export function mergeParts(day: PartialDay, stored: StoredDayParts | undefined): MergedDay {
  const values = [...day.values];
  const quality = [...day.quality];
  const parts: Record<string, [number, ReadingQuality]> = {};
  for (const [key, [mask, own]] of Object.entries(day.parts)) {
    const hh = Number(key);
    const value = values[hh] ?? 0;
    const old = stored?.kwh[hh] ?? null;
    let merged = { value, mask, quality: own };
    if (old !== null) {
      const oldPart = stored?.parts?.[key];
      const oldMask = oldPart ? oldPart[0] : FULL;
      const oldQuality = asQuality(oldPart ? oldPart[1] : (stored?.quality ?? undefined)?.[hh]);
      const rest = oldMask & ~mask;
      merged = {
        value: value + (old * minutesIn(rest)) / minutesIn(oldMask),
        mask: oldMask | mask,
        quality: rest ? worseQuality(oldQuality, own) : own,
      };
    }
    values[hh] = Math.round(merged.value * 1e6) / 1e6;
    if (merged.mask === FULL) quality[hh] = merged.quality;
    else {
      quality[hh] = worseQuality(merged.quality, 'E');
      parts[key] = [merged.mask, merged.quality];
    }
  }
  return { values, quality: quality.join(''), parts: Object.keys(parts).length > 0 ? parts : null };
}
