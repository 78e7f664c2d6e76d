/** The status icon of a user row: a product block outranks an organisation block, which outranks admin. */
export type UserStatusKind = 'blocked' | 'org-blocked' | 'admin' | 'active';

export const USER_STATUS_LABELS: Record<UserStatusKind, string> = {
  active: 'Active',
  admin: 'Administrator',
  blocked: 'Blocked from the product',
  'org-blocked': 'Blocked from the organisation',
};

export function userStatusKind(user: {
  admin: boolean;
  blocked: boolean;
  orgBlocked: boolean;
}): UserStatusKind {
  if (user.blocked) return 'blocked';
  if (user.orgBlocked) return 'org-blocked';
  return user.admin ? 'admin' : 'active';
}
