import { z } from 'zod';
import { currentUser, orgSummary } from './current-user';

export const loginRequest = z.object({
  username: z.string().trim().min(1, 'Enter your email or username').max(320),
  password: z.string().min(1, 'Enter your password').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionData = z.object({
  token: z.string(),
  expiresAt: z.string(),
  user: currentUser,
  organisation: orgSummary.nullable(),
});
export type SessionData = z.infer<typeof sessionData>;

export const loginResponse = z.object({ success: z.literal(true), data: sessionData });
export type LoginResponse = z.infer<typeof loginResponse>;

export const tokenLoginRequest = z.object({
  token: z.string().min(1).max(200),
  session: z.string().min(1).max(200),
});

export const resetEmailParam = z.object({ email: z.string().min(1).max(320) });

export const newPasswordRequest = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1).max(1024),
});

export const resetTokenParam = z.object({ token: z.string().min(1).max(200) });
export const resetTokenStatus = z.object({ valid: z.boolean(), email: z.string().optional() });

export const messageResponse = z.object({ success: z.literal(true), message: z.string() });

export const alternateLogin = z.object({
  'login-option': z.string().nullable(),
  props: z.record(z.string(), z.string()),
});
export type AlternateLogin = z.infer<typeof alternateLogin>;

export const loginTokenResponse = z.object({
  success: z.literal(true),
  data: z.object({ tx: z.string(), sx: z.string(), expiresAt: z.string() }),
});

export const ssoConfig = z.object({ microsoft: z.boolean() });
