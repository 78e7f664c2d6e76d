import { toDayNumber } from './calendar';
import { TRANSACTION_NOTE_MAX } from './constants';
import { fill, MSG } from './messages';

/**
 * Transactions (data-portal 2.5 and 5): a dated quantity, an optional time HH:MM whose hours run 00 to 29
 * (a late-night delivery booked on the day it started: 25:30 is 01:30 the next morning), and for type 9 a
 * cost. Shared by the form and the API.
 */
export const TRANSACTION_TIME = /^([01]\d|2\d):[0-5]\d$/;

/** Type 9 (transactional with cost) shows and needs a cost (which meters take transactions: the tab rule). */
export const showsCost = (meterType: number) => meterType === 9;

export interface TransactionMoment {
  date: string;
  /** 'HH:MM' or null when no time was given. */
  time: string | null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Whether two transactions are at the same time: with times, the same instant (25:30 on one day is 01:30 on
 * the next); without, the same date (a second untimed transaction on a day needs a time to tell it apart).
 */
export function sameMoment(a: TransactionMoment, b: TransactionMoment): boolean {
  if (a.time === null || b.time === null) return a.time === null && b.time === null && a.date === b.date;
  return toDayNumber(a.date) * 1440 + minutesOf(a.time) === toDayNumber(b.date) * 1440 + minutesOf(b.time);
}

export interface TransactionDraft {
  date: string | null;
  time: string | null;
  quantity: number | null;
  cost: number | null;
  note: string | null;
}

export interface TransactionContext {
  meterType: number;
  meterOpen: string | null;
  /** Now in the organisation's time zone: the date and the minutes since midnight. */
  now: { date: string; minutes: number };
  /** The meter's other transactions (an edited one left out). */
  others: readonly TransactionMoment[];
}

export type TransactionErrors = Partial<Record<'date' | 'time' | 'quantity' | 'cost' | 'note', string>>;

const decimals = (n: number) => {
  const text = String(n);
  const e = text.indexOf('e-');
  if (e >= 0) return Number(text.slice(e + 2));
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
};

/** The messages of a transaction by field; an empty object when it may be saved. */
export function transactionErrors(t: TransactionDraft, c: TransactionContext): TransactionErrors {
  const errors: TransactionErrors = {};
  const time = t.time === null || t.time.trim() === '' ? null : t.time.trim();
  if (time !== null && !TRANSACTION_TIME.test(time)) errors.time = MSG.transactionTime;
  if (t.date === null || !/^\d{4}-\d{2}-\d{2}$/.test(t.date)) errors.date = MSG.dateFormat;
  else if (c.meterOpen !== null && t.date < c.meterOpen) errors.date = MSG.transactionBeforeOpen;
  else {
    const at = toDayNumber(t.date) * 1440 + (time !== null && !errors.time ? minutesOf(time) : 0);
    if (at > toDayNumber(c.now.date) * 1440 + (time !== null ? c.now.minutes : 0))
      errors.date = MSG.transactionFuture;
    else if (!errors.time && c.others.some((o) => sameMoment(o, { date: t.date as string, time })))
      errors[time === null ? 'date' : 'time'] = MSG.transactionTaken;
  }
  if (t.quantity === null || !Number.isFinite(t.quantity) || t.quantity <= 0)
    errors.quantity = MSG.transactionQuantity;
  if (showsCost(c.meterType)) {
    if (t.cost === null || !Number.isFinite(t.cost)) errors.cost = MSG.transactionCostRequired;
    else if (t.cost < 0) errors.cost = MSG.transactionCostNegative;
    else if (decimals(t.cost) > 2) errors.cost = MSG.transactionCostDecimals;
  }
  if (t.note !== null && t.note.length > TRANSACTION_NOTE_MAX)
    errors.note = fill(MSG.transactionNoteLength, { max: TRANSACTION_NOTE_MAX });
  return errors;
}
