import { describe, expect, it } from 'vitest';
import { heldUntil } from './backoff';

/* The back-off's arithmetic (docs/decisions/security.md, "Sign-in back-off"), apart from the database. */

const limits = { perAddress: 20, perAccount: 3, windowMs: 15 * 60_000 };
const now = new Date('2026-11-29T09:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('heldUntil', () => {
  it('holds nothing back under both limits, even when the latest failure is stamped after now', () => {
    // A concurrent attempt's failure, written by PostgreSQL a moment after this attempt read the clock.
    const counts = {
      address: { count: 2, last: later(5) },
      account: { count: 2, last: later(5) },
      addressFailedAccount: true,
    };
    expect(heldUntil(counts, now, limits)).toBeUndefined();
  });

  it('holds an address back 1 s after its latest failure at its limit, doubling after', () => {
    const at = (count: number) =>
      heldUntil(
        { address: { count, last: now }, account: { count: 0, last: null }, addressFailedAccount: false },
        now,
        limits,
      );
    expect(at(20)).toEqual(later(1000));
    expect(at(22)).toEqual(later(4000));
  });

  it("holds back an account's attempts only from an address that failed on it", () => {
    const counts = (addressFailedAccount: boolean) => ({
      address: { count: 1, last: now },
      account: { count: 3, last: now },
      addressFailedAccount,
    });
    expect(heldUntil(counts(true), now, limits)).toEqual(later(1000));
    expect(heldUntil(counts(false), now, limits)).toBeUndefined();
  });
});
