import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { sameMoment, TRANSACTION_TIME, transactionErrors } from './transactions';

const context = {
  meterType: 9,
  meterOpen: '2025-01-01',
  now: { date: '2025-06-15', minutes: 10 * 60 },
  others: [
    { date: '2025-06-01', time: '08:30' },
    { date: '2025-06-02', time: null },
    { date: '2025-06-03', time: '01:30' },
  ],
};
const draft = { date: '2025-06-10', time: null, quantity: 100, cost: 12.5, note: null };

describe('transaction rules', () => {
  it('takes times HH:MM with hours 00 to 29', () => {
    expect(['00:00', '09:05', '23:59', '24:00', '29:59'].every((t) => TRANSACTION_TIME.test(t))).toBe(true);
    expect(['30:00', '9:05', '12:60', '12:5', '1230', ''].some((t) => TRANSACTION_TIME.test(t))).toBe(false);
  });

  it('sees 25:30 on one day as 01:30 the next, and two untimed ones on a day as the same time', () => {
    expect(sameMoment({ date: '2025-06-01', time: '25:30' }, { date: '2025-06-02', time: '01:30' })).toBe(
      true,
    );
    expect(sameMoment({ date: '2025-06-01', time: '08:30' }, { date: '2025-06-01', time: '08:31' })).toBe(
      false,
    );
    expect(sameMoment({ date: '2025-06-01', time: null }, { date: '2025-06-01', time: null })).toBe(true);
    expect(sameMoment({ date: '2025-06-01', time: null }, { date: '2025-06-01', time: '00:00' })).toBe(false);
  });

  it('accepts a good transaction', () => {
    expect(transactionErrors(draft, context)).toEqual({});
    expect(transactionErrors({ ...draft, cost: null }, { ...context, meterType: 7 })).toEqual({});
  });

  it('gives the messages of the spec', () => {
    expect(transactionErrors({ ...draft, date: '2024-12-31' }, context)).toEqual({
      date: MSG.transactionBeforeOpen,
    });
    expect(transactionErrors({ ...draft, date: '2025-06-16' }, context)).toEqual({
      date: MSG.transactionFuture,
    });
    // Today but later than now is in the future; 29:59 yesterday is 05:59 today, in the past.
    expect(transactionErrors({ ...draft, date: '2025-06-15', time: '10:30' }, context)).toEqual({
      date: MSG.transactionFuture,
    });
    expect(transactionErrors({ ...draft, date: '2025-06-15', time: '09:59' }, context)).toEqual({});
    expect(transactionErrors({ ...draft, date: '2025-06-14', time: '29:59' }, context)).toEqual({});
    expect(transactionErrors({ ...draft, date: '2025-05-31', time: '32:30' }, context)).toEqual({
      time: MSG.transactionTime,
    });
    expect(transactionErrors({ ...draft, date: '2025-06-01', time: '08:30' }, context)).toEqual({
      time: MSG.transactionTaken,
    });
    // 25:30 on 2 June is 01:30 on 3 June, which is taken.
    expect(transactionErrors({ ...draft, date: '2025-06-02', time: '25:30' }, context)).toEqual({
      time: MSG.transactionTaken,
    });
    expect(transactionErrors({ ...draft, date: '2025-06-01', time: '08:31' }, context)).toEqual({});
    expect(transactionErrors({ ...draft, date: '2025-06-02' }, context)).toEqual({
      date: MSG.transactionTaken,
    });
    expect(transactionErrors({ ...draft, quantity: 0, cost: 1.005, note: 'x'.repeat(51) }, context)).toEqual({
      quantity: MSG.transactionQuantity,
      cost: MSG.transactionCostDecimals,
      note: 'Notes can be at most 50 characters',
    });
    expect(transactionErrors({ ...draft, cost: null }, context)).toEqual({
      cost: MSG.transactionCostRequired,
    });
    expect(transactionErrors({ ...draft, cost: -1 }, context)).toEqual({ cost: MSG.transactionCostNegative });
    expect(transactionErrors({ ...draft, date: null }, context)).toEqual({ date: MSG.dateFormat });
  });
});
