import { describe, expect, it } from 'vitest';
import { formatLocation } from './location-format';

describe('entity location', () => {
  it('is written latitude first, five decimals, wherever it is shown', () => {
    expect(formatLocation(174.7633, -36.8485)).toBe('Latitude -36.84850, longitude 174.76330');
    expect(formatLocation(null, -36.8)).toBeNull();
  });
});
