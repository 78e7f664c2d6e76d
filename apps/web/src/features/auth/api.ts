import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginRequest, SessionData } from '@verdant/contracts/auth';
import { readAlternateLogin, readSsoConfig } from '@verdant/contracts/login-page';
// The catalogue's general part only: the login page loads no other (docs/performance.md, Page weight).
import { GENERAL_MESSAGES as MSG } from '@verdant/domain/messages-general';
import type { $ZodType } from 'zod/v4/core';
import { api } from '../../lib/api-client';
import { ApiError } from '../../lib/api-errors';
import { clearClientState } from '../../lib/client-state';
import { startSession } from '../../lib/session-store';

/**
 * The contracts of these calls load with the first answer, not with the login page: its first load then
 * carries no zod (the page weight budget). The answers are checked against them all the same.
 */
const contracts = () => import('@verdant/contracts/auth');
type AuthContracts = Awaited<ReturnType<typeof contracts>>;
/** A public read whose answer the login page checks with a plain reader (no zod on its first load). */
async function read<T>(answer: Promise<unknown>, reader: (body: unknown) => T | undefined): Promise<T> {
  const value = reader(await answer);
  if (value === undefined) throw new ApiError(200, MSG.internal, 'INVALID_RESPONSE');
  return value;
}

const contract =
  <T>(pick: (c: AuthContracts) => $ZodType<T>) =>
  async () =>
    pick(await contracts());

export function useSignIn() {
  return useMutation({
    mutationFn: (body: LoginRequest) =>
      api.post('/public/login', { body, schema: contract((c) => c.loginResponse) }),
    onSuccess: (answer) => beginSession(answer.data),
  });
}

/** The free test drive: a read-only session of the demo account, opened without a password. */
export function useTestDrive() {
  return useMutation({
    mutationFn: () => api.post('/public/login/test-drive', { schema: contract((c) => c.loginResponse) }),
    onSuccess: (answer) => beginSession(answer.data),
  });
}

export async function tokenLogin(token: string, session: string): Promise<SessionData> {
  const answer = await api.post('/public/login/token-login', {
    body: { token, session },
    schema: contract((c) => c.loginResponse),
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
    await api.post('/current-user/logout', {
      schema: async () => (await import('@verdant/contracts/common')).okResponse,
    });
  } catch {
    // The client state is cleared either way; a failed server logout leaves only an expiring token.
  }
  clearClientState();
}

export function useAlternateLogin() {
  return useQuery({
    queryKey: ['public', 'alternate-login'],
    queryFn: ({ signal }) => read(api.get('/public/login/alternate-login', { signal }), readAlternateLogin),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useSsoConfig() {
  return useQuery({
    queryKey: ['public', 'sso'],
    queryFn: ({ signal }) => read(api.get('/public/login/sso', { signal }), readSsoConfig),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Kept by the tab between leaving for the provider and coming back to /login/microsoft. */
const SSO_ATTEMPT_KEY = 'verdant.sso-attempt';

/** Leaves for the provider's sign-in page; the signed attempt and where to go afterwards stay in this tab. */
export function useStartMicrosoftSignIn() {
  return useMutation({
    mutationFn: () => api.get('/public/login/ms-login/start', { schema: contract((c) => c.msLoginStart) }),
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
    schema: contract((c) => c.msLoginResponse),
  });
  beginSession(result.data);
  return result.data;
}

export function useSendResetEmail() {
  return useMutation({
    mutationFn: (email: string) =>
      api.put(`/public/login/reset-password/${encodeURIComponent(email)}`, {
        schema: contract((c) => c.messageResponse),
      }),
  });
}

export function useResetTokenStatus(token: string) {
  return useQuery({
    queryKey: ['public', 'password-reset', token],
    queryFn: ({ signal }) =>
      api.get(`/public/login/password-reset/${encodeURIComponent(token)}`, {
        schema: contract((c) => c.publicPayload(c.resetTokenStatus)),
        signal,
      }),
    enabled: token !== '',
    retry: false,
  });
}

export function useSetNewPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api.post('/public/login/password-reset', { body, schema: contract((c) => c.messageResponse) }),
  });
}

export function useEmailChangeStatus(token: string) {
  return useQuery({
    queryKey: ['public', 'email-change', token],
    queryFn: ({ signal }) =>
      api.get(`/public/email-change?token=${encodeURIComponent(token)}`, {
        schema: async () => (await import('@verdant/contracts/users')).emailChangeStatus,
        signal,
      }),
    enabled: token !== '',
    retry: false,
  });
}

export function useConfirmEmailChange() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/public/email-change', { body: { token }, schema: contract((c) => c.messageResponse) }),
  });
}
