import type { FailureCounts } from './auth.queries';

/**
 * The sign-in back-off (docs/decisions/security.md, "Sign-in back-off"). Failed attempts make the next one
 * wait: 1 s after the first failure over a limit, doubling with each further failure, never longer than the
 * window. Two limits, each with its own count:
 * - per address: its failures on any accounts, beyond `perAddress`, hold back every attempt from it;
 * - per account: its failures from any addresses, beyond `perAccount`, hold back the attempts on it from
 *   the addresses that made some of them. An address that has not failed on the account is not held by the
 *   account's count: its owner's right password from a new address is always checked.
 */
export interface BackOffLimits {
  perAddress: number;
  perAccount: number;
  windowMs: number;
}

const FIRST_WAIT_MS = 1000;

/** How long after the latest failure the next attempt must wait, for `count` failures over a `free` limit. */
export function waitAfter(count: number, free: number, windowMs: number): number {
  if (count < free) return 0;
  return Math.min(windowMs, FIRST_WAIT_MS * 2 ** Math.min(count - free, 40));
}

/** Until when an attempt is held back (undefined when it may be checked now). */
export function heldUntil(counts: FailureCounts, now: Date, l: BackOffLimits): Date | undefined {
  const until: number[] = [];
  // A count under its limit holds nothing back. The latest failure's time is PostgreSQL's; a failure of a
  // concurrent attempt may be stamped after this attempt's `now`, which alone must not hold it back.
  const hold = (last: Date | null, count: number, free: number) => {
    const wait = waitAfter(count, free, l.windowMs);
    if (last && wait > 0) until.push(last.getTime() + wait);
  };
  hold(counts.address.last, counts.address.count, l.perAddress);
  if (counts.addressFailedAccount) hold(counts.account.last, counts.account.count, l.perAccount);
  const latest = Math.max(0, ...until);
  return latest > now.getTime() ? new Date(latest) : undefined;
}

/** The wait in words for the 429's message: seconds under a minute, else whole minutes. */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
