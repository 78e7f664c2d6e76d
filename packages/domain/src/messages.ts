/** User-facing messages from the specifications' error catalogues, word for word (double spaces included). */
export const MSG = {
  loginUnsuccessful: 'Login unsuccessful.  Please try again',
  emailNotValidReset: 'Email does not seem to be a valid email',
  resetEmailSent: 'An email has been sent with instructions',
  passwordNotCorrect: 'Password was not correct',
  passwordChanged: 'Password changed',
  yourPasswordNotCorrect: 'Your password was not correct',
  passwordComplexity: 'Password requires greater complexity',
  passwordsDoNotMatch: 'Passwords do not match',
  timeout: 'timeout',
  noResults: 'No results',
  noIncreases: 'No meters increased consumption',
  noDecreases: 'No meters decreased consumption',
  incompleteMonth: 'Data for this month is incomplete',
  switchFailed: "Switch failed - you probably don't have access",
  tooManyLoginAttempts: 'Too many sign-in attempts. Please wait {minutes} minutes and try again.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  sessionExpiring: 'Your session will expire in {minutes} minutes.',
  sessionExpired: 'Your session has expired. Please log in again.',
  tokenLoginFailed: 'The sign-in link is invalid or has expired.',
  notFound: 'Not found',
  forbidden: 'You do not have access to this',
  unauthorised: 'Please log in',
  validation: 'Some of the values are not valid',
  internal: 'Something went wrong on our side. Please try again later.',
} as const;

/** Fills `{name}` placeholders in a catalogue message. */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
