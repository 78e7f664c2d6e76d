import { describe, expect, it } from 'vitest';
import { userStatusKind } from './user-status';

describe('user status', () => {
  it('shows the strongest state', () => {
    expect(userStatusKind({ admin: true, blocked: true, orgBlocked: true })).toBe('blocked');
    expect(userStatusKind({ admin: true, blocked: false, orgBlocked: true })).toBe('org-blocked');
    expect(userStatusKind({ admin: true, blocked: false, orgBlocked: false })).toBe('admin');
    expect(userStatusKind({ admin: false, blocked: false, orgBlocked: false })).toBe('active');
  });
});
