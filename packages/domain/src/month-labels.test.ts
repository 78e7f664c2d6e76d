import { describe, expect, it } from 'vitest';
import { formatMonth, monthKey, parseMonthName } from './month-labels';

describe('the one month format', () => {
  it("shows a month as 'Oct 2026', from a key, a date in it, or a month and year", () => {
    expect(formatMonth('2026-10')).toBe('Oct 2026');
    expect(formatMonth('2026-01-01')).toBe('Jan 2026');
    expect(formatMonth('2000-09')).toBe('Sep 2000');
    expect(formatMonth(12, 2025)).toBe('Dec 2025');
  });

  it('gives nothing for no month and leaves anything else as it is', () => {
    expect(formatMonth(null)).toBe('');
    expect(formatMonth('')).toBe('');
    expect(formatMonth('2025-13')).toBe('2025-13');
    expect(formatMonth('soon')).toBe('soon');
  });

  it('reads a month typed by name', () => {
    expect(parseMonthName('Oct 2026')).toBe('2026-10');
    expect(parseMonthName('october 2026')).toBe('2026-10');
    expect(parseMonthName(' Sep. 2025 ')).toBe('2025-09');
    expect(parseMonthName('Octo 2026')).toBeNull();
    expect(parseMonthName('2026-10')).toBeNull();
  });

  it('keys a month as yyyy-MM', () => {
    expect(monthKey(3, 2026)).toBe('2026-03');
    expect(monthKey(12, 2025)).toBe('2025-12');
  });
});
