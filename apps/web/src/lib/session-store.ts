import type { SessionData } from '@verdant/contracts/auth';
import type { CurrentUser, OrgSummary } from '@verdant/contracts/current-user';
import { useSyncExternalStore } from 'react';

export interface Session {
  token: string;
  /** ISO time the session ends; slides with every authenticated answer. */
  expiresAt: string;
  user: CurrentUser;
  organisation: OrgSummary | null;
  /** A free test drive: the server refuses every change. */
  testDrive: boolean;
}

const KEYS = {
  token: 'verdant.token',
  expiresAt: 'verdant.expiresAt',
  user: 'verdant.user',
  organisation: 'verdant.organisation',
  testDrive: 'verdant.testDrive',
} as const;

let current: Session | null = readStored();
/**
 * Bumped on every sign-in and sign-out so that an answer to a request sent under an earlier session
 * cannot refresh the token of, or log out, the session that replaced it.
 */
let epoch = 0;
const listeners = new Set<() => void>();

function readStored(): Session | null {
  try {
    const token = sessionStorage.getItem(KEYS.token);
    const expiresAt = sessionStorage.getItem(KEYS.expiresAt);
    const user = sessionStorage.getItem(KEYS.user);
    if (!token || !expiresAt || !user) return null;
    const organisation = sessionStorage.getItem(KEYS.organisation);
    return {
      token,
      expiresAt,
      user: JSON.parse(user) as CurrentUser,
      organisation: organisation ? (JSON.parse(organisation) as OrgSummary | null) : null,
      testDrive: sessionStorage.getItem(KEYS.testDrive) === 'true',
    };
  } catch {
    return null;
  }
}

function write(next: Session | null): void {
  current = next;
  if (next) {
    sessionStorage.setItem(KEYS.token, next.token);
    sessionStorage.setItem(KEYS.expiresAt, next.expiresAt);
    sessionStorage.setItem(KEYS.user, JSON.stringify(next.user));
    sessionStorage.setItem(KEYS.organisation, JSON.stringify(next.organisation));
    sessionStorage.setItem(KEYS.testDrive, String(next.testDrive));
  }
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function getSessionEpoch(): number {
  return epoch;
}

export function startSession(data: SessionData): void {
  epoch += 1;
  const { token, expiresAt, user, organisation, testDrive } = data;
  write({ token, expiresAt, user, organisation, testDrive });
}

/** Keeps the refreshed token and sliding expiry the server sends with every authenticated answer. */
export function refreshSession(token: string | null, expiresAt: string | null): void {
  if (!current) return;
  const next = { ...current, token: token ?? current.token, expiresAt: expiresAt ?? current.expiresAt };
  if (next.token === current.token && next.expiresAt === current.expiresAt) return;
  write(next);
}

export function setSessionOrganisation(organisation: OrgSummary): void {
  if (current) write({ ...current, organisation });
}

/** After one edits one's own name or email: the top bar shows the saved values at once. */
export function updateSessionUser(saved: {
  id: number;
  title: string | null;
  firstName: string;
  surname: string;
  email: string;
}): void {
  if (!current || current.user.id !== saved.id) return;
  const { title, firstName, surname, email } = saved;
  write({ ...current, user: { ...current.user, title, firstName, surname, email } });
}

/** Forgets the session and everything else this tab kept in sessionStorage. */
export function clearSession(): void {
  epoch += 1;
  sessionStorage.clear();
  if (current) write(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/**
 * The id of the organisation the session works in, or null before one is chosen. Organisation-scoped reads
 * carry it in their query key, so a switch never shows the old organisation's data.
 */
export function useOrganisationId(): number | null {
  return useSession()?.organisation?.id ?? null;
}
