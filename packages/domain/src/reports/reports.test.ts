import { describe, expect, it } from 'vitest';
import { parseAddresses } from './addresses';
import { completenessPercent, holdDecision } from './hold';
import { normalisePeriod, relativeOptions, resolveRelative } from './periods';
import { describeSchedule, nextSendAt, scheduleProblem, sendsOn } from './schedules';

const ctx = (today: string, reportingYearEnd = 12) => ({ today, reportingYearEnd });

describe('relative periods', () => {
  it('take the last full month, quarter, 12 months and reporting years from the day they run', () => {
    expect(resolveRelative('last-full-month', ctx('2026-03-01'))).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
    });
    expect(resolveRelative('last-full-quarter', ctx('2026-05-17'))).toEqual({
      start: '2026-01-01',
      end: '2026-03-31',
    });
    expect(resolveRelative('last-full-quarter', ctx('2026-01-01'))).toEqual({
      start: '2025-10-01',
      end: '2025-12-31',
    });
    expect(resolveRelative('last-12-months', ctx('2026-11-28'))).toEqual({
      start: '2025-11-01',
      end: '2026-10-31',
    });
  });

  it('say financial year to date up to the last full month, in the organisation year', () => {
    // July to June: on 28/11/2026 the year began in July 2026.
    expect(resolveRelative('reporting-year-to-date', ctx('2026-11-28', 6))).toEqual({
      start: '2026-07-01',
      end: '2026-10-31',
    });
    // On the first day of a new year the year to date is the whole year just ended, never empty.
    expect(resolveRelative('reporting-year-to-date', ctx('2026-07-01', 6))).toEqual({
      start: '2025-07-01',
      end: '2026-06-30',
    });
  });

  it('take the last reporting year that has ended', () => {
    expect(resolveRelative('last-reporting-year', ctx('2026-11-28', 3))).toEqual({
      start: '2025-04-01',
      end: '2026-03-31',
    });
    expect(resolveRelative('last-reporting-year', ctx('2026-04-01', 3))).toEqual({
      start: '2025-04-01',
      end: '2026-03-31',
    });
    expect(resolveRelative('last-reporting-year', ctx('2026-03-31', 3))).toEqual({
      start: '2024-04-01',
      end: '2025-03-31',
    });
    expect(resolveRelative('last-reporting-year', ctx('2027-01-01'))).toEqual({
      start: '2026-01-01',
      end: '2026-12-31',
    });
  });

  it('are offered by period type', () => {
    expect(relativeOptions('Monthly')).toEqual(['last-full-month']);
    expect(relativeOptions('NoLength')).toEqual([]);
    expect(relativeOptions('VariableMonth')).toHaveLength(5);
  });
});

describe('periods by type', () => {
  const today = ctx('2026-11-28', 6);
  it('widen a date to its month, quarter, reporting year or fixed length', () => {
    expect(normalisePeriod('Monthly', null, { start: '2024-02-10' }, today)).toEqual({
      ok: true,
      range: { start: '2024-02-01', end: '2024-02-29' },
    });
    expect(normalisePeriod('Quarterly', null, { start: '2026-08-15' }, today)).toMatchObject({
      range: { start: '2026-07-01', end: '2026-09-30' },
    });
    expect(normalisePeriod('Yearly', null, { start: '2026-02-01' }, today)).toMatchObject({
      range: { start: '2025-07-01', end: '2026-06-30' },
    });
    expect(normalisePeriod('FixedLength', 3, { end: '2026-10-05' }, today)).toMatchObject({
      range: { start: '2026-08-01', end: '2026-10-31' },
    });
    expect(
      normalisePeriod('VariableLength', null, { start: '2026-01-05', end: '2026-01-09' }, today),
    ).toMatchObject({ range: { start: '2026-01-05', end: '2026-01-09' } });
    expect(normalisePeriod('NoLength', null, {}, today)).toEqual({ ok: true, range: null });
  });

  it('refuse a missing date, an end before the start, 400 years, before 2000 and not yet started', () => {
    expect(normalisePeriod('Monthly', null, {}, today)).toMatchObject({ ok: false });
    expect(
      normalisePeriod('VariableMonth', null, { start: '2026-05-01', end: '2026-01-01' }, today),
    ).toMatchObject({ ok: false, message: 'The period cannot end before it starts', field: 'end' });
    expect(
      normalisePeriod('VariableLength', null, { start: '2000-01-01', end: '2399-12-31' }, today),
    ).toMatchObject({ ok: false, message: 'Choose a period of at most 10 years' });
    expect(normalisePeriod('Monthly', null, { start: '1999-12-01' }, today)).toMatchObject({
      ok: false,
      message: 'Choose a period from 2000 on',
    });
    expect(normalisePeriod('Monthly', null, { start: '2026-12-01' }, today)).toMatchObject({
      ok: false,
      message: 'The period has not started yet',
    });
  });
});

describe('schedules', () => {
  const zone = 'Pacific/Auckland';
  it('send on a day over 28 on the last day of each month', () => {
    const s = { frequency: 'M' as const, reportOn: 31 };
    expect(sendsOn(s, '2026-02-28')).toBe(true);
    expect(sendsOn(s, '2028-02-28')).toBe(false);
    expect(sendsOn(s, '2028-02-29')).toBe(true);
    expect(sendsOn(s, '2026-04-30')).toBe(true);
    expect(sendsOn({ frequency: 'M', reportOn: 29 }, '2026-03-31')).toBe(true);
    expect(sendsOn({ frequency: 'M', reportOn: 29 }, '2026-03-29')).toBe(false);
    expect(sendsOn({ frequency: 'M', reportOn: 5 }, '2026-03-05')).toBe(true);
    expect(describeSchedule(s)).toBe('Monthly on the last day');
  });

  it('send weekly on the day of the week, Sunday 0 to Saturday 6', () => {
    // 29/11/2026 is a Sunday.
    expect(sendsOn({ frequency: 'W', reportOn: 0 }, '2026-11-29')).toBe(true);
    expect(sendsOn({ frequency: 'W', reportOn: 6 }, '2026-11-28')).toBe(true);
    expect(describeSchedule({ frequency: 'W', reportOn: 1 })).toBe('Weekly on Monday');
  });

  it('go at 06:00 on the organisation wall clock, whatever UTC says', () => {
    // 28/11/2026 18:00 UTC is already 29/11 07:00 in New Zealand (daylight time, +13): the next Sunday
    // 06:00 has passed, so the next is a week later, 06:00 NZDT = 17:00 UTC the day before.
    const now = new Date('2026-11-28T18:00:00Z');
    expect(nextSendAt({ frequency: 'W', reportOn: 0 }, now, zone)?.toISOString()).toBe(
      '2026-12-05T17:00:00.000Z',
    );
    // In London the same instant is still Saturday 18:00: Sunday 06:00 GMT comes next.
    expect(nextSendAt({ frequency: 'W', reportOn: 0 }, now, 'Europe/London')?.toISOString()).toBe(
      '2026-11-29T06:00:00.000Z',
    );
    // Monthly on day 31 from 1 February: 28 February, 06:00 NZDT.
    expect(
      nextSendAt({ frequency: 'M', reportOn: 31 }, new Date('2026-02-01T00:00:00Z'), zone)?.toISOString(),
    ).toBe('2026-02-27T17:00:00.000Z');
  });

  it('send once, and never again after', () => {
    const once = { frequency: 'O' as const, reportOn: null, onceOn: '2026-12-01' };
    expect(nextSendAt(once, new Date('2026-11-28T00:00:00Z'), zone)?.toISOString()).toBe(
      '2026-11-30T17:00:00.000Z',
    );
    expect(nextSendAt(once, new Date('2026-12-01T00:00:00Z'), zone)).toBeNull();
  });

  it('refuse day 0, day 32, weekday 7 or 8 and a once date gone by', () => {
    const today = '2026-11-28';
    expect(scheduleProblem({ frequency: 'M', reportOn: 0 }, today)?.message).toBe(
      'Choose a day of the month from 1 to 31',
    );
    expect(scheduleProblem({ frequency: 'M', reportOn: 32 }, today)).not.toBeNull();
    expect(scheduleProblem({ frequency: 'W', reportOn: 8 }, today)?.message).toBe(
      'Choose a day of the week from 0 (Sunday) to 6 (Saturday)',
    );
    expect(scheduleProblem({ frequency: 'W', reportOn: 7 }, today)).not.toBeNull();
    expect(scheduleProblem({ frequency: 'O', reportOn: null, onceOn: '2026-11-27' }, today)).not.toBeNull();
    expect(scheduleProblem({ frequency: 'W', reportOn: 6 }, today)).toBeNull();
  });
});

describe('the completeness hold', () => {
  const hold = { percent: 95, maxDays: 10, skipWhenEmpty: true };
  it('sends at or above the share, waits below it, and goes late after the limit', () => {
    expect(holdDecision({ daysOpen: 100, daysCovered: 95, facts: 4 }, hold, 1)).toEqual({
      action: 'send',
      percent: 95,
    });
    expect(holdDecision({ daysOpen: 100, daysCovered: 90, facts: 4 }, hold, 3)).toEqual({
      action: 'wait',
      percent: 90,
    });
    expect(holdDecision({ daysOpen: 100, daysCovered: 90, facts: 4 }, hold, 10)).toEqual({
      action: 'send-late',
      percent: 90,
    });
  });

  it('skips a period without data when asked, and never claims 100 % with a day missing', () => {
    expect(holdDecision({ daysOpen: 31, daysCovered: 0, facts: 0 }, hold, 0)).toEqual({ action: 'skip' });
    expect(
      holdDecision({ daysOpen: 31, daysCovered: 0, facts: 0 }, { ...hold, skipWhenEmpty: false }, 0),
    ).toEqual({ action: 'wait', percent: 0 });
    expect(completenessPercent({ daysOpen: 3650, daysCovered: 3649, facts: 120 })).toBe(99.9);
  });
});

describe('addresses', () => {
  it('split by commas, semicolons and spaces, once each', () => {
    expect(parseAddresses('a@b.nz; c@d.nz,e@f.nz  a@b.nz\ng@h.nz')).toEqual({
      ok: true,
      addresses: ['a@b.nz', 'c@d.nz', 'e@f.nz', 'g@h.nz'],
    });
  });
  it('name the first address that does not look like one', () => {
    expect(parseAddresses('ok@example.nz, nope@, x@y.z')).toEqual({
      ok: false,
      message: "'nope@' does not look like a valid email address",
    });
    expect(parseAddresses('a@b.')).toMatchObject({ ok: false });
    expect(parseAddresses(' ;, ')).toEqual({ ok: false, message: 'Enter at least one email address' });
  });
});
