import { type User, userUpdate } from '@verdant/contracts/users';
import { describe, expect, it } from 'vitest';
import { toUserUpdate, withChange } from './user-update';

const user: User = {
  id: 7,
  email: 'olive@example.org',
  userId: 'olive',
  title: 'Ms',
  firstName: 'Olive',
  surname: 'Observer',
  position: null,
  employingOrganisation: 'Demo',
  contactAddress1: '1 Main Street',
  contactAddress2: null,
  contactAddress3: null,
  contactAddress4: 'Wellington',
  mobile: null,
  ddiPhone: '04 555 0000',
  extension: null,
  fax: null,
  lastVisit: null,
  accessId: 4,
  accessLevel: 'Observer',
  admin: false,
  blocked: false,
  orgBlocked: false,
  sso: false,
  mayEdit: true,
};

describe('user update', () => {
  it('sends every editable field and nothing read-only', () => {
    const update = toUserUpdate(user);
    expect(userUpdate.strict().safeParse(update).success).toBe(true);
    expect(update).not.toHaveProperty('userId');
    expect(update).not.toHaveProperty('admin');
  });

  it('applies one change to the whole set', () => {
    const update = withChange(user, { position: 'Energy Analyst' });
    expect(update.position).toBe('Energy Analyst');
    expect(update.contactAddress4).toBe('Wellington');
    expect(withChange(user, { blocked: true }).blocked).toBe(true);
  });
});
