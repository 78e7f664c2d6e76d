import { describe, expect, it } from 'vitest';
import { grantOptions, mayChangeAccess, newUserLevels } from './access-options';

describe('access options', () => {
  it('offers Primary Contact to administrators only, and Remove to every editor', () => {
    expect(grantOptions(true).map((o) => o.value)).toEqual([2, 3, 4, -1, -2]);
    expect(grantOptions(false).map((o) => o.label)).toEqual(['General User', 'Observer', 'Barred', 'Remove']);
  });

  it('starts new users at Observer or above', () => {
    expect(newUserLevels(true).map((o) => o.value)).toEqual([2, 3, 4]);
    expect(newUserLevels(false).map((o) => o.value)).toEqual([3, 4]);
  });

  it('never lets anyone change their own access, nor a non-administrator change an administrator', () => {
    const editor = { isAdmin: false, mayEdit: true, isSelf: false };
    expect(mayChangeAccess(editor, { admin: false, accessId: 4 })).toBe(true);
    expect(mayChangeAccess(editor, { admin: true, accessId: 3 })).toBe(false);
    expect(mayChangeAccess(editor, { admin: false, accessId: 2 })).toBe(false);
    expect(mayChangeAccess({ ...editor, isAdmin: true }, { admin: true, accessId: 2 })).toBe(true);
    expect(mayChangeAccess({ ...editor, isAdmin: true, isSelf: true }, { admin: true, accessId: 2 })).toBe(
      false,
    );
    expect(mayChangeAccess({ ...editor, mayEdit: false }, { admin: false, accessId: 4 })).toBe(false);
  });
});
