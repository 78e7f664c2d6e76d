import { afterEach, describe, expect, it } from 'vitest';
import { organisationTodayNow } from './organisation-today';
import { clearSession, startSession } from './session-store';

/** A sessionStorage for the store outside a browser. */
const stored = new Map<string, string>();
Object.assign(globalThis, {
  sessionStorage: {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    clear: () => stored.clear(),
  },
});

const signIn = (timeZone: string) =>
  startSession({
    token: 't',
    expiresAt: '2026-12-01T00:00:00Z',
    user: { id: 1 } as never,
    organisation: { id: 7, name: 'Org', timeZone, alerts: 0 },
    testDrive: false,
  });

describe("the organisation's today outside a component (docs/domain.md, Time zones and today)", () => {
  afterEach(() => clearSession());

  // 12:00 UTC on 30 November is 1:00 am on 1 December in Auckland and 7:00 am on 30 November in New York.
  const noonUtc = new Date('2026-11-30T12:00:00Z');

  it("is the signed-in organisation's date, not UTC's", () => {
    signIn('Pacific/Auckland');
    expect(organisationTodayNow(noonUtc)).toBe('2026-12-01');
    signIn('America/New_York');
    expect(organisationTodayNow(noonUtc)).toBe('2026-11-30');
  });

  it("takes the default zone, New Zealand's, before anyone signs in", () => {
    // 13:00 UTC on 30 June is 1:00 am on 1 July in New Zealand's winter (UTC+12).
    expect(organisationTodayNow(new Date('2026-06-30T13:00:00Z'))).toBe('2026-07-01');
  });
});
