import { describe, expect, it } from 'vitest';
import { ownSetName } from './own-factor-sets';

describe('ownSetName', () => {
  it('adds " Factors" while the whole fits 50 characters', () => {
    expect(ownSetName('Acme')).toBe('Acme Factors');
    const fits = 'x'.repeat(42);
    expect(ownSetName(fits)).toBe(`${fits} Factors`);
    expect(ownSetName(fits).length).toBe(50);
  });

  it('falls back to the initials when name plus " Factors" exceeds 50', () => {
    const name = 'Canterbury Regional Council Waste and Water Operations Group';
    expect(`${name} Factors`.length).toBeGreaterThan(50);
    expect(ownSetName(name)).toBe('CRCWAWOG Factors');
    expect(ownSetName(`${'y'.repeat(43)}`)).toBe('Y Factors');
  });
});
