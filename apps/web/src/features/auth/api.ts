import { useMutation, useQuery } from '@tanstack/react-query';
import {
  alternateLogin,
  type LoginRequest,
  loginResponse,
  messageResponse,
  msLoginResponse,
  msLoginStart,
  resetTokenStatus,
  type SessionData,
  ssoConfig,
} from '@verdant/contracts/auth';
import { okResponse } from '@verdant/contracts/common';
import { emailChangeStatus } from '@verdant/contracts/users';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { clearClientState } from '../../lib/client-state';
import { startSession } from '../../lib/session-store';

/**
 * The notes say public calls answer `{ success, data }` but list some of them bare; accept both
 * shapes for the small public reads so the login page does not hinge on that detail.
 */
function publicPayload<T>(schema: z.ZodType<T>): z.ZodType<T> {
  return z.union([schema, z.object({ data: schema }).transform((body) => body.data)]);
}

export function useSignIn() {
  return useMutation({
    mutationFn: (body: LoginRequest) => api.post('/public/login', { body, schema: loginResponse }),
    onSuccess: (answer) => beginSession(answer.data),
  });
}

/** The free test drive: a read-only session of the demo account, opened without a password. */
export function useTestDrive() {
  return useMutation({
    mutationFn: () => api.post('/public/login/test-drive', { schema: loginResponse }),
    onSuccess: (answer) => beginSession(answer.data),
  });
}

export async function tokenLogin(token: string, session: string): Promise<SessionData> {
  const answer = await api.post('/public/login/token-login', {
    body: { token, session },
    schema: loginResponse,
  });
  beginSession(answer.data);
  return answer.data;
}

function beginSession(data: SessionData): void {
  // Whatever another user left in this tab must not leak into the new session.
  clearClientState();
  startSession(data);
}

/** Ends the session on the server (best effort: it may be gone already) and on the client. */
export async function logout(): Promise<void> {
  try {
    await api.post('/current-user/logout', { schema: okResponse });
  } catch {
    // The client state is cleared either way; a failed server logout leaves only an expiring token.
  }
  clearClientState();
}

export function useAlternateLogin() {
  return useQuery({
    queryKey: ['public', 'alternate-login'],
    queryFn: ({ signal }) =>
      api.get('/public/login/alternate-login', { schema: publicPayload(alternateLogin), signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useSsoConfig() {
  return useQuery({
    queryKey: ['public', 'sso'],
    queryFn: ({ signal }) => api.get('/public/login/sso', { schema: publicPayload(ssoConfig), signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Kept by the tab between leaving for the provider and coming back to /login/microsoft. */
const SSO_ATTEMPT_KEY = 'verdant.sso-attempt';

/** Leaves for the provider's sign-in page; the signed attempt and where to go afterwards stay in this tab. */
export function useStartMicrosoftSignIn() {
  return useMutation({
    mutationFn: () => api.get('/public/login/ms-login/start', { schema: msLoginStart }),
    onSuccess: ({ url, attempt }) => {
      const next = new URLSearchParams(window.location.search).get('next');
      sessionStorage.setItem(SSO_ATTEMPT_KEY, JSON.stringify({ attempt, next }));
      window.location.assign(url);
    },
  });
}

/** The tab's pending attempt, read once: a second use of the same answer is refused anyway. */
export function takeMicrosoftAttempt(): { attempt: string; next: string | null } | null {
  const raw = sessionStorage.getItem(SSO_ATTEMPT_KEY);
  sessionStorage.removeItem(SSO_ATTEMPT_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { attempt?: unknown; next?: unknown };
    if (typeof parsed.attempt !== 'string') return null;
    return { attempt: parsed.attempt, next: typeof parsed.next === 'string' ? parsed.next : null };
  } catch {
    return null;
  }
}

/** Hands the provider's answer (the callback's query string) to the API, which checks it and opens a session. */
export async function finishMicrosoftSignIn(answer: string, attempt: string): Promise<SessionData> {
  const result = await api.post('/public/login/ms-login', {
    body: { token: answer, attempt },
    schema: msLoginResponse,
  });
  beginSession(result.data);
  return result.data;
}

export function useSendResetEmail() {
  return useMutation({
    mutationFn: (email: string) =>
      api.put(`/public/login/reset-password/${encodeURIComponent(email)}`, { schema: messageResponse }),
  });
}

export function useResetTokenStatus(token: string) {
  return useQuery({
    queryKey: ['public', 'password-reset', token],
    queryFn: ({ signal }) =>
      api.get(`/public/login/password-reset/${encodeURIComponent(token)}`, {
        schema: publicPayload(resetTokenStatus),
        signal,
      }),
    enabled: token !== '',
    retry: false,
  });
}

export function useSetNewPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.post('/public/login/password-reset', { body, schema: messageResponse }),
  });
}

export function useEmailChangeStatus(token: string) {
  return useQuery({
    queryKey: ['public', 'email-change', token],
    queryFn: ({ signal }) =>
      api.get(`/public/email-change?token=${encodeURIComponent(token)}`, {
        schema: emailChangeStatus,
        signal,
      }),
    enabled: token !== '',
    retry: false,
  });
}

export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/public/email-change', { body: { token }, schema: messageResponse }),
  });
}
