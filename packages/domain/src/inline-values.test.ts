import { describe, expect, it } from 'vitest';
import { checkInlineValue, INLINE_MESSAGES, inlineValue } from './inline-values';

describe('inline values', () => {
  it('saves trimmed text, and null for nothing', () => {
    expect(inlineValue('  Head Office ')).toBe('Head Office');
    expect(inlineValue('   ')).toBeNull();
  });

  it.each([
    ['integer', '42', null],
    ['integer', '-7', null],
    ['integer', '4.2', INLINE_MESSAGES.integer],
    ['integer', '12a', INLINE_MESSAGES.integer],
    ['integer', '', null],
    ['number', '4.25', null],
    ['number', '.5', null],
    ['number', '-1e3', null],
    ['number', '1,000', INLINE_MESSAGES.number],
    ['number', 'abc', INLINE_MESSAGES.number],
    ['non-empty', 'x', null],
    ['non-empty', '  ', INLINE_MESSAGES.nonEmpty],
    ['text', '', null],
    ['text', 'anything at all', null],
  ] as const)('%s %j -> %j', (mode, text, message) => {
    expect(checkInlineValue(mode, text)).toBe(message);
  });
});
