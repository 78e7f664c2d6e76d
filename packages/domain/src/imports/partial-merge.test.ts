import { describe, expect, it } from 'vitest';
import { FULL } from './fold';
import { mergeParts, type PartialDay } from './partial-merge';

const mask = (from: number, to: number) => ((1 << to) - 1) & ~((1 << from) - 1);
const NONE: (number | null)[] = new Array(48).fill(null);
/** A day with one partial half hour (hh 0) of the given minutes and value. */
const partial = (from: number, to: number, value: number, quality: 'A' | 'E' = 'A'): PartialDay => ({
  values: [value, ...NONE.slice(1)],
  quality: `E${' '.repeat(47)}`,
  parts: { 0: [mask(from, to), quality] },
});

describe('parts of a half hour', () => {
  it('adds two quarter hours from two files: 1.790 + 1.791 is 3.581, whole and actual again', () => {
    const first = mergeParts(partial(0, 15, 1.79), undefined);
    expect(first).toEqual({
      values: [1.79, ...NONE.slice(1)],
      quality: `E${' '.repeat(47)}`,
      parts: { 0: [mask(0, 15), 'A'] },
    });
    const stored = { kwh: first.values, quality: first.quality, parts: first.parts };
    const second = mergeParts(partial(15, 30, 1.791), stored);
    expect(second.values[0]).toBe(3.581);
    expect(second.quality[0]).toBe('A');
    expect(second.parts).toBeNull();
  });

  it('replaces the minutes a later part gives again, keeping the rest of the stored value by minutes', () => {
    const stored = { kwh: [3, ...NONE.slice(1)], quality: null, parts: null }; // a whole half hour, actual
    const merged = mergeParts(partial(0, 15, 2, 'E'), stored);
    // 2 for 00:00-00:15, and half of the stored 3 for 00:15-00:30.
    expect(merged.values[0]).toBe(3.5);
    expect(merged.quality[0]).toBe('E');
    expect(merged.parts).toBeNull();
  });

  it('keeps a half hour partial (and E) while minutes are still missing, with its parts quality', () => {
    const stored = {
      kwh: [1, ...NONE.slice(1)],
      quality: null,
      parts: { 0: [mask(0, 10), 'A'] as [number, string] },
    };
    const merged = mergeParts(partial(10, 20, 1), stored);
    expect(merged.values[0]).toBe(2);
    expect(merged.quality[0]).toBe('E');
    expect(merged.parts).toEqual({ 0: [mask(0, 20), 'A'] });
    expect(mask(0, 30)).toBe(FULL);
  });
});
