import { PASSWORD_MIN_LENGTH, RESET_EMAIL_MIN_LENGTH } from './constants';

/** At least 8 characters and at least 3 of the 4 classes: lowercase, uppercase, digit, symbol. */
export function isPasswordComplex(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/];
  return classes.filter((re) => re.test(password)).length >= 3;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** The forgot-password rule: at least 5 characters and the standard email pattern. */
export function isValidResetEmail(value: string): boolean {
  return value.length >= RESET_EMAIL_MIN_LENGTH && looksLikeEmail(value);
}
