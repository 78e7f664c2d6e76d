import { describe, expect, it } from 'vitest';
import { coversText } from './edition-status';

describe('the years an edition covers', () => {
  it('names a range, one year, an open end, or says they are not stated', () => {
    expect(coversText({ coversFrom: 2024, coversTill: 2026 })).toBe('2024-2026');
    expect(coversText({ coversFrom: 2025, coversTill: 2025 })).toBe('2025');
    expect(coversText({ coversFrom: 2024, coversTill: null })).toBe('from 2024');
    expect(coversText({ coversFrom: null, coversTill: 2026 })).toBe('till 2026');
    expect(coversText({ coversFrom: null, coversTill: null })).toBe('not stated');
  });
});
