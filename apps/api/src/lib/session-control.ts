import type { DbOrTx } from '@verdant/db/client';

/**
 * What features other than sign-in do to sessions: the auth service does it, and app.ts hands it to the users
 * and current-user modules, which need no more of it (docs/architecture.md, "How a request runs").
 */
export interface SessionControl {
  /** A one-time `tx`/`sx` pair that signs in as the person, valid for five minutes. */
  createLoginToken(
    userId: number,
    organisationId: number | null,
  ): Promise<{ tx: string; sx: string; expiresAt: string }>;
  logout(tokenHash: string): Promise<void>;
  /** Points a session at another organisation; the caller has checked the right to enter it. */
  moveSession(tokenHash: string, userId: number, organisationId: number, testDrive?: boolean): Promise<void>;
  /** Ends every session of a person (blocked). */
  endSessionsOf(tx: DbOrTx, userId: number): Promise<void>;
  /** After a password change: every other session and outstanding link of the person ends. */
  endWaysInBut(tx: DbOrTx, keepTokenHash: string, userId: number): Promise<void>;
}
