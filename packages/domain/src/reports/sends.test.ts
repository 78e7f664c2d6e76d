import { describe, expect, it } from 'vitest';
import { nextSendAt, sendDate } from './schedules';
import { daysAfterPeriod, holdDeadline, occurrencePeriod, sendDecision } from './sends';

/* Worked examples of a scheduled send: the period taken on the day it is due, and the completeness hold. */

describe('the period of a send', () => {
  it('slides with the local date it is due, not the UTC one', () => {
    // Monthly on day 1 in Auckland: 06:00 on 1 December 2026 is 17:00 UTC on 30 November.
    const at = nextSendAt(
      { frequency: 'M', reportOn: 1 },
      new Date('2026-11-15T00:00:00Z'),
      'Pacific/Auckland',
    );
    expect(at?.toISOString()).toBe('2026-11-30T17:00:00.000Z');
    const dueOn = sendDate(at as Date, 'Pacific/Auckland');
    expect(dueOn).toBe('2026-12-01');
    const kept = { relative: 'last-full-month' as const, start: null, end: null };
    expect(occurrencePeriod(kept, dueOn, 12)).toEqual({ start: '2026-11-01', end: '2026-11-30' });
  });

  it('takes the financial year to date and the last reporting year of the organisation', () => {
    // A June year end: on 1 July 2026 the year to date is the whole year just ended.
    expect(
      occurrencePeriod({ relative: 'reporting-year-to-date', start: null, end: null }, '2026-07-01', 6),
    ).toEqual({
      start: '2025-07-01',
      end: '2026-06-30',
    });
    // On 15 March 2027 it runs from July to February.
    expect(
      occurrencePeriod({ relative: 'reporting-year-to-date', start: null, end: null }, '2027-03-15', 6),
    ).toEqual({
      start: '2026-07-01',
      end: '2027-02-28',
    });
    expect(
      occurrencePeriod({ relative: 'last-reporting-year', start: null, end: null }, '2027-03-15', 6),
    ).toEqual({
      start: '2025-07-01',
      end: '2026-06-30',
    });
  });

  it('keeps fixed dates as they were chosen', () => {
    const kept = { relative: null, start: '2026-01-01', end: '2026-03-31' };
    expect(occurrencePeriod(kept, '2026-12-01', 12)).toEqual({ start: '2026-01-01', end: '2026-03-31' });
  });
});

describe('the hold of a send', () => {
  const october = { start: '2026-10-01', end: '2026-10-31' };
  const hold = { percent: 95, maxDays: 10, skipWhenEmpty: true };

  it('counts days after the period and the last day it waits to', () => {
    expect(daysAfterPeriod(october, '2026-11-01')).toBe(1);
    expect(holdDeadline(october, hold)).toBe('2026-11-10');
  });

  it('waits while 20 of 31 days have data, and goes on the tenth day after as it is', () => {
    const c = { daysOpen: 31, daysCovered: 20, facts: 1 };
    expect(sendDecision(c, hold, october, '2026-11-01')).toEqual({ action: 'wait', percent: 64.5 });
    expect(sendDecision(c, hold, october, '2026-11-09')).toEqual({ action: 'wait', percent: 64.5 });
    expect(sendDecision(c, hold, october, '2026-11-10')).toEqual({ action: 'send-late', percent: 64.5 });
  });

  it('sends once 30 of 31 days have data (96.7 %), and skips a period without data when asked', () => {
    expect(sendDecision({ daysOpen: 31, daysCovered: 30, facts: 1 }, hold, october, '2026-11-02')).toEqual({
      action: 'send',
      percent: 96.7,
    });
    expect(sendDecision({ daysOpen: 31, daysCovered: 0, facts: 0 }, hold, october, '2026-11-02')).toEqual({
      action: 'skip',
    });
  });

  it('sends a report without a period at once', () => {
    expect(sendDecision({ daysOpen: 0, daysCovered: 0, facts: 1 }, hold, null, '2026-11-02')).toEqual({
      action: 'send',
      percent: 100,
    });
  });
});
