import { z } from 'zod';
import { errorResponse, nameText, text } from './common';
import { currentUser, orgSummary } from './current-user';
import { defineOperations } from './operations';

export const loginRequest = z.object({
  username: nameText().trim().min(1, 'Enter your email or username').max(320),
  password: text().min(1, 'Enter your password').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionData = z.object({
  token: text(),
  expiresAt: text(),
  user: currentUser,
  organisation: orgSummary.nullable(),
  /** A free test drive session: it may look at everything and change nothing. */
  testDrive: z.boolean().default(false),
});
export type SessionData = z.infer<typeof sessionData>;

export const loginResponse = z.object({ success: z.literal(true), data: sessionData });
export type LoginResponse = z.infer<typeof loginResponse>;

export const tokenLoginRequest = z.object({
  token: text().min(1).max(200),
  session: text().min(1).max(200),
});

export const resetEmailParam = z.object({ email: text().min(1).max(320) });

export const newPasswordRequest = z.object({
  token: text().min(1).max(200),
  password: text().min(1).max(1024),
});

export const resetTokenParam = z.object({ token: text().min(1).max(200) });
export const resetTokenStatus = z.object({ valid: z.boolean(), email: text().optional() });

export const messageResponse = z.object({ success: z.literal(true), message: text() });

export const alternateLogin = z.object({
  'login-option': text().nullable(),
  props: z.record(text(), text()),
});
export type AlternateLogin = z.infer<typeof alternateLogin>;

/** The one-time sign-in pair: declared with the current user's operation that answers it. */
export { loginTokenResponse } from './current-user';

/** The sign-in options the login page offers: single sign-on, and the free test drive when the demo is there. */
export const ssoConfig = z.object({ microsoft: z.boolean(), testDrive: z.boolean() });

/**
 * A public answer bare or as `{ data }`: the notes say public calls answer `{ success, data }` but list some
 * of them bare, so the web's small public reads accept both shapes.
 */
export const publicPayload = <T>(schema: z.ZodType<T>): z.ZodType<T> =>
  z.union([schema, z.object({ data: schema }).transform((body) => body.data)]);

/** Where the browser goes to sign in with the provider, and the signed attempt it hands back afterwards. */
export const msLoginStart = z.object({ url: text(), attempt: text() });
export type MsLoginStart = z.infer<typeof msLoginStart>;

const profileField = () => text().max(320).optional();
const profileName = () => nameText().max(320).optional();

/**
 * The spec's fields. `token` is the provider's redirect answer (its query string: code and state) and
 * `attempt` the signed value `ms-login/start` gave this browser. Who signs in comes only from the ID token the
 * server obtains and checks; the profile fields are accepted for compatibility and never trusted.
 */
export const msLoginRequest = z.object({
  displayName: profileName(),
  givenName: profileName(),
  jobTitle: profileField(),
  surname: profileName(),
  mobilePhone: profileField(),
  email: profileField(),
  tenantId: profileField(),
  role: profileField(),
  token: text().min(1, 'The answer from the provider is missing').max(8000),
  attempt: text().min(1, 'The sign-in attempt is missing').max(4000),
});
export type MsLoginRequest = z.infer<typeof msLoginRequest>;

export const msLoginResponse = z.object({
  success: z.literal(true),
  data: sessionData,
  message: text(),
});

const tooMany = { 429: errorResponse };

/**
 * Signing in (core-portal.md, Login page; data-portal.md 7, the `/public/login` calls): every way in and the
 * password reset. All public; the reset link's token is the credential of the two calls that take it. The
 * login page's first load reads two of them with plain readers (login-page.ts), never through this table.
 */
export const authOperations = defineOperations('auth', {
  login: {
    method: 'POST',
    path: '/public/login',
    summary: 'Sign in with email or login id',
    access: 'public',
    body: loginRequest,
    answer: loginResponse,
    answers: tooMany,
  },
  testDrive: {
    method: 'POST',
    path: '/public/login/test-drive',
    summary: 'Start a free test drive: a read-only session of the demo account',
    access: 'public',
    answer: loginResponse,
    answers: tooMany,
  },
  tokenLogin: {
    method: 'POST',
    path: '/public/login/token-login',
    summary: 'Sign in with a one-time tx/sx token pair',
    access: 'public',
    body: tokenLoginRequest,
    answer: loginResponse,
    answers: tooMany,
  },
  alternateLogin: {
    method: 'GET',
    path: '/public/login/alternate-login',
    summary: 'The configured alternate login option',
    access: 'public',
    answer: alternateLogin,
  },
  sso: {
    method: 'GET',
    path: '/public/login/sso',
    summary: 'Which sign-in options are offered: single sign-on, the free test drive',
    access: 'public',
    answer: ssoConfig,
  },
  msLoginStart: {
    method: 'GET',
    path: '/public/login/ms-login/start',
    summary: 'Start signing in with Microsoft (OpenID Connect): the provider address and a signed attempt',
    access: 'public',
    answer: msLoginStart,
    answers: { ...tooMany, 503: errorResponse },
  },
  msLogin: {
    method: 'POST',
    path: '/public/login/ms-login',
    summary: "Finish signing in with Microsoft with the provider's answer",
    access: 'public',
    body: msLoginRequest,
    answer: msLoginResponse,
    answers: { ...tooMany, 503: errorResponse },
  },
  requestPasswordReset: {
    method: 'PUT',
    path: '/public/login/reset-password/:email',
    summary: 'Email a one-time password reset link',
    access: 'public',
    params: resetEmailParam,
    answer: messageResponse,
    answers: tooMany,
  },
  passwordResetStatus: {
    method: 'GET',
    path: '/public/login/password-reset/:token',
    summary: 'Whether a password reset link is still usable',
    access: 'signed-link',
    params: resetTokenParam,
    answer: resetTokenStatus,
    answers: tooMany,
  },
  completePasswordReset: {
    method: 'POST',
    path: '/public/login/password-reset',
    summary: 'Set a new password with a reset link',
    access: 'signed-link',
    body: newPasswordRequest,
    answer: messageResponse,
    answers: tooMany,
  },
});
