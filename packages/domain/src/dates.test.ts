import { describe, expect, it } from 'vitest';
import { formatDisplayDate, parseDisplayDate, parseDisplayMonth } from './dates';
import { formatMonth } from './month-labels';

describe('formatDisplayDate', () => {
  it('formats stored dates as dd/MM/yyyy', () => {
    expect(formatDisplayDate('2024-03-07')).toBe('07/03/2024');
  });

  it('formats timestamps by their local date', () => {
    expect(formatDisplayDate('2024-12-31T10:00:00')).toBe('31/12/2024');
  });

  it('gives an empty string for missing or unreadable input', () => {
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate('')).toBe('');
    expect(formatDisplayDate('not a date')).toBe('');
  });
});

describe('parseDisplayDate', () => {
  it('reads the day first', () => {
    expect(parseDisplayDate('10/12/2026')).toBe('2026-12-10');
    expect(parseDisplayDate('25/12/2026')).toBe('2026-12-25');
    expect(parseDisplayDate('5/1/2027')).toBe('2027-01-05');
    expect(parseDisplayDate(' 05.01.2027 ')).toBe('2027-01-05');
    expect(parseDisplayDate('05-01-2027')).toBe('2027-01-05');
  });

  it('accepts ISO dates pasted in', () => {
    expect(parseDisplayDate('2027-12-25')).toBe('2027-12-25');
  });

  it('refuses partial, impossible and month-first dates', () => {
    expect(parseDisplayDate('25/12/202')).toBeNull();
    expect(parseDisplayDate('31/02/2026')).toBeNull();
    expect(parseDisplayDate('29/02/2023')).toBeNull();
    expect(parseDisplayDate('29/02/2024')).toBe('2024-02-29');
    expect(parseDisplayDate('12/25/2026')).toBeNull();
    expect(parseDisplayDate('')).toBeNull();
    expect(parseDisplayDate('tomorrow')).toBeNull();
  });
});

describe('parseDisplayMonth and formatMonth', () => {
  it('reads MM/yyyy and pasted yyyy-MM', () => {
    expect(parseDisplayMonth('03/2025')).toBe('2025-03');
    expect(parseDisplayMonth('3/2025')).toBe('2025-03');
    expect(parseDisplayMonth('2025-03')).toBe('2025-03');
    expect(parseDisplayMonth('13/2025')).toBeNull();
    expect(parseDisplayMonth('03/25')).toBeNull();
  });

  it("shows a stored month as 'Mar 2025' and reads it back", () => {
    expect(formatMonth('2025-03')).toBe('Mar 2025');
    expect(parseDisplayMonth('Mar 2025')).toBe('2025-03');
    expect(formatMonth('2025-03-01')).toBe('Mar 2025');
    expect(formatMonth(null)).toBe('');
  });
});
