import { ACCESS, ACCESS_LABELS } from './constants';

export interface AccessOption {
  value: number;
  label: string;
}

const option = (value: number, label = ACCESS_LABELS[value] ?? String(value)): AccessOption => ({
  value,
  label,
});

/**
 * Levels the organisation access selector offers. Only administrators hand out Primary Contact; Remove
 * (-2) takes the person out of the organisation.
 */
export function grantOptions(callerIsAdmin: boolean): AccessOption[] {
  return [
    ...(callerIsAdmin ? [option(ACCESS.primaryContact)] : []),
    option(ACCESS.generalUser),
    option(ACCESS.observer),
    option(ACCESS.barred),
    option(ACCESS.none, 'Remove'),
  ];
}

/** Levels a new user may start with: Observer by default, Primary Contact for administrators only. */
export function newUserLevels(callerIsAdmin: boolean): AccessOption[] {
  return [
    ...(callerIsAdmin ? [option(ACCESS.primaryContact)] : []),
    option(ACCESS.generalUser),
    option(ACCESS.observer),
  ];
}

/** Rights an advanced right may grant on an asset. */
export const ADVANCED_RIGHT_OPTIONS: readonly AccessOption[] = [
  option(ACCESS.primaryContact),
  option(ACCESS.generalUser),
  option(ACCESS.observer),
  option(ACCESS.barred),
];

/**
 * Whether the caller may change someone's organisation access: editors may, but never their own, and a
 * non-administrator may not touch an administrator or a Primary Contact.
 */
export function mayChangeAccess(
  caller: { isAdmin: boolean; mayEdit: boolean; isSelf: boolean },
  target: { admin: boolean; accessId: number },
): boolean {
  if (caller.isSelf || !caller.mayEdit) return false;
  if (caller.isAdmin) return true;
  return !target.admin && target.accessId !== ACCESS.primaryContact;
}
