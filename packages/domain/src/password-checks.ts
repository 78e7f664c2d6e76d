import { PASSWORD_MIN_LENGTH } from './constants';

export interface PasswordChecks {
  longEnough: boolean;
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  symbol: boolean;
  /** How many of the four character classes the password uses. */
  classCount: number;
}

/** The parts of the complexity rule one by one, so a form can show which ones still fail. */
export function passwordChecks(password: string): PasswordChecks {
  const lowercase = /[a-z]/.test(password);
  const uppercase = /[A-Z]/.test(password);
  const digit = /[0-9]/.test(password);
  const symbol = /[^A-Za-z0-9]/.test(password);
  return {
    longEnough: password.length >= PASSWORD_MIN_LENGTH,
    lowercase,
    uppercase,
    digit,
    symbol,
    classCount: [lowercase, uppercase, digit, symbol].filter(Boolean).length,
  };
}
