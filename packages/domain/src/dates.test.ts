import { describe, expect, it } from 'vitest';
import { formatDisplayDate } from './dates';

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
