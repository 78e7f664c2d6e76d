import { describe, expect, it } from 'vitest';
import { passwordChecks } from './password-checks';
import { isPasswordComplex } from './passwords';

describe('password checks', () => {
  it('reports each class separately', () => {
    expect(passwordChecks('ab1')).toEqual({
      longEnough: false,
      lowercase: true,
      uppercase: false,
      digit: true,
      symbol: false,
      classCount: 2,
    });
  });

  it.each(['Abcdefg1', 'abcdef1!', 'Abcdefgh', 'abcdefg1', 'Ab1!', '', 'Verdant-demo-1', 'ÄÖÜäöü12'])(
    'agrees with isPasswordComplex for %j',
    (pw) => {
      const c = passwordChecks(pw);
      expect(c.longEnough && c.classCount >= 3).toBe(isPasswordComplex(pw));
    },
  );
});
