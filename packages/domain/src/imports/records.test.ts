import { describe, expect, it } from 'vitest';
import { decimal } from './records';

/** The rule the fast path must keep: the pattern of these formats, then `Number`. */
const byPattern = (text: string) => (/^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(text) ? Number(text) : null);

describe('a decimal cell', () => {
  it('reads the shapes the industry files write, and nothing else', () => {
    expect(decimal('0.125')).toBe(0.125);
    expect(decimal('-1.5')).toBe(-1.5);
    expect(decimal('+.5')).toBe(0.5);
    expect(decimal('5.')).toBe(5);
    expect(decimal('007')).toBe(7);
    expect(Object.is(decimal('-0'), -0)).toBe(true);
    expect(decimal(' 2.5 ')).toBe(2.5);
    expect(decimal('12345678901234567890.5')).toBe(Number('12345678901234567890.5'));
    for (const refused of [
      '',
      ' ',
      '.',
      '-',
      '1.2.3',
      '1e5',
      '0x10',
      '1,5',
      'A',
      'Infinity',
      '1-',
      undefined,
    ])
      expect(decimal(refused)).toBeNull();
  });

  it('gives the very double Number gives, for 100,000 random cells', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let k = 0; k < 100_000; k++) {
      const whole = String(next() % 10 ** (next() % 9));
      const fraction = String(next()).slice(0, next() % 10);
      const text = `${next() % 5 === 0 ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
      const read = decimal(text);
      if (!Object.is(read, byPattern(text))) expect({ text, read }).toEqual({ text, read: byPattern(text) });
    }
  });
});
