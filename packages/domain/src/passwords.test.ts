import { describe, expect, it } from 'vitest';
import { isPasswordComplex, isValidResetEmail } from './passwords';

describe('password rules', () => {
  it.each([
    ['Abcdefg1', true],
    ['abcdef1!', true],
    ['ABCDEF1!', true],
    ['Abcdefgh', false],
    ['abcdefg1', false],
    ['Ab1!', false],
    ['Ab1!xyz', false],
    ['Verdant-demo-1', true],
  ])('%s complex: %s', (pw, expected) => {
    expect(isPasswordComplex(pw)).toBe(expected);
  });

  it('reset email needs 5 characters and an email shape', () => {
    expect(isValidResetEmail('a@b.c')).toBe(true);
    expect(isValidResetEmail('a@b')).toBe(false);
    expect(isValidResetEmail('demo@verdant.example')).toBe(true);
    expect(isValidResetEmail('not an email')).toBe(false);
  });
});
