import { describe, expect, it } from 'vitest';
import {
  instantsOfLocalTime,
  lastMonthIn,
  localDayBounds,
  nowIn,
  offsetMinutes,
  standardOffsetMinutes,
  standardTimeSlot,
  todayIn,
} from './time-zone';

describe("the organisation's time zone", () => {
  it('keeps the last day of a month at 23:30 New Zealand time in that month', () => {
    // 31 January 2026 23:30 NZDT (UTC+13) is 10:30 UTC the same day.
    const lateOnTheLastDay = new Date('2026-01-31T10:30:00Z');
    expect(todayIn('Pacific/Auckland', lateOnTheLastDay)).toBe('2026-01-31');
    expect(lastMonthIn('Pacific/Auckland', lateOnTheLastDay)).toBe('2025-12-01');
    // An hour later it is 1 February in New Zealand while UTC still says 31 January: last month is January.
    const anHourLater = new Date('2026-01-31T11:30:00Z');
    expect(anHourLater.toISOString().slice(0, 10)).toBe('2026-01-31');
    expect(todayIn('Pacific/Auckland', anHourLater)).toBe('2026-02-01');
    expect(lastMonthIn('Pacific/Auckland', anHourLater)).toBe('2026-01-01');
  });

  it('stores half hours on the standard-time clock: 23:30 NZST on 31 March is the last slot of March', () => {
    expect(standardOffsetMinutes('Pacific/Auckland', 2026)).toBe(720);
    // 11:30 UTC on 31 March 2026 reads 00:30 on 1 April on a New Zealand wall clock (daylight time ends on
    // 5 April), but 23:30 on 31 March in standard time: slot 47 of March's last day.
    expect(standardTimeSlot(new Date('2026-03-31T11:30:00Z'), 'Pacific/Auckland')).toEqual({
      date: '2026-03-31',
      slot: 47,
    });
    // In winter wall clock and standard time agree: 23:30 NZST on 30 June.
    expect(standardTimeSlot(new Date('2026-06-30T11:30:00Z'), 'Pacific/Auckland')).toEqual({
      date: '2026-06-30',
      slot: 47,
    });
  });

  it('reads wall-clock times: none in the skipped hour, two in the repeated one, and days of 23, 24 and 25 hours', () => {
    const nz = 'Pacific/Auckland';
    expect(instantsOfLocalTime(nz, '2025-07-01', 9 * 60)).toEqual([Date.parse('2025-06-30T21:00:00Z')]);
    expect(instantsOfLocalTime(nz, '2025-04-06', 2 * 60 + 30)).toEqual([
      Date.parse('2025-04-05T13:30:00Z'),
      Date.parse('2025-04-05T14:30:00Z'),
    ]);
    expect(instantsOfLocalTime(nz, '2025-09-28', 2 * 60 + 30)).toEqual([]);
    const hours = (date: string) => {
      const { startMs, endMs } = localDayBounds(nz, date);
      return (endMs - startMs) / 3_600_000;
    };
    expect([hours('2025-04-06'), hours('2025-07-01'), hours('2025-09-28')]).toEqual([25, 24, 23]);
    expect(localDayBounds(nz, '2025-04-06').startMs).toBe(Date.parse('2025-04-05T11:00:00Z'));
    // Santiago's clocks skipped midnight on 7 September 2025: the day starts at 01:00 daylight time.
    expect(localDayBounds('America/Santiago', '2025-09-07').startMs).toBe(Date.parse('2025-09-07T04:00:00Z'));
  });

  it('gives the wall clock of each instant when one minute is asked again and again, zones interleaved', () => {
    // New Zealand's daylight time starts at 02:00 NZST on 27 September 2026 (14:00 UTC the day before): 01:59 is
    // followed by 03:00. Sydney is UTC+10 then (its daylight time starts a week later).
    const asked = [
      ['2026-09-26T13:59:10Z', 'Pacific/Auckland', '2026-09-27', 1 * 60 + 59],
      ['2026-09-26T13:59:50Z', 'Pacific/Auckland', '2026-09-27', 1 * 60 + 59],
      ['2026-09-26T13:59:55Z', 'Australia/Sydney', '2026-09-26', 23 * 60 + 59],
      ['2026-09-26T14:00:00Z', 'Pacific/Auckland', '2026-09-27', 3 * 60],
      ['2026-09-26T14:00:30Z', 'Australia/Sydney', '2026-09-27', 0],
      ['2026-09-26T14:00:59Z', 'Pacific/Auckland', '2026-09-27', 3 * 60],
      ['2026-09-26T13:59:30Z', 'Pacific/Auckland', '2026-09-27', 1 * 60 + 59],
    ] as const;
    for (const [instant, zone, date, minutes] of asked)
      expect(nowIn(zone, new Date(instant)), `${instant} ${zone}`).toEqual({ date, minutes });
  });

  it("keeps a zone's offsets by year: each change at its minute, the same as the formatted wall clock", () => {
    const minute = 60_000;
    // The clocks change at these instants (UTC): New Zealand's and the Chathams' 2026 daylight time ends at
    // 14:00 on 4 April; Lord Howe's half-hour step at 15:00; London's daylight time starts at 01:00 on 29 March.
    const changes: [string, string, number, number][] = [
      ['Pacific/Auckland', '2026-04-04T14:00:00Z', 780, 720],
      ['Pacific/Auckland', '2026-09-26T14:00:00Z', 720, 780],
      ['Pacific/Chatham', '2026-04-04T14:00:00Z', 825, 765],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z', 660, 630],
      ['Europe/London', '2026-03-29T01:00:00Z', 0, 60],
    ];
    for (const [zone, at, before, after] of changes) {
      const ms = Date.parse(at);
      expect(offsetMinutes(zone, new Date(ms - minute)), `${zone} before ${at}`).toBe(before);
      expect(offsetMinutes(zone, new Date(ms - 1)), `${zone} just before ${at}`).toBe(before);
      expect(offsetMinutes(zone, new Date(ms)), `${zone} at ${at}`).toBe(after);
    }
    // Every 97 minutes of two years in zones with and without daylight time, against the formatted wall clock
    // (nowIn formats each instant; the offsets' table is not used by it).
    for (const zone of ['Pacific/Auckland', 'Australia/Lord_Howe', 'America/New_York', 'Asia/Kolkata']) {
      const wrong: string[] = [];
      for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 97 * minute) {
        const { date, minutes } = nowIn(zone, new Date(ms));
        const local = Date.parse(`${date}T00:00:00Z`) + minutes * minute;
        if (offsetMinutes(zone, new Date(ms)) !== (local - ms) / minute)
          wrong.push(new Date(ms).toISOString());
      }
      expect(wrong, zone).toEqual([]);
    }
  });
});
