/**
 * An organisation's own factor set (core-portal.md, Augment Factors; docs/decisions/catalogue.md, Own factor sets):
 * named "{name} Factors", or by the name's initials when that would be longer than 50 characters.
 */
export const OWN_SET_NAME_MAX = 50;
const SUFFIX = ' Factors';

export function ownSetName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const full = `${trimmed}${SUFFIX}`;
  if (full.length <= OWN_SET_NAME_MAX) return full;
  const initials = trimmed
    .split(' ')
    .map((w) => w.match(/[\p{L}\p{N}]/u)?.[0] ?? '')
    .join('')
    .toUpperCase();
  return `${initials.slice(0, OWN_SET_NAME_MAX - SUFFIX.length)}${SUFFIX}`;
}

export const OWN_SET_MSG = {
  nameRequired: 'Name cannot be blank',
  nameTooLong: 'The name may be at most 50 characters',
  nameInUse: 'The organisation already has a factor set named {name}',
  created: '{name} created. Add its factors in the emission factor editor; the default set fills every gap.',
} as const;
