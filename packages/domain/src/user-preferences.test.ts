import { describe, expect, it } from 'vitest';
import { featureSetting, readPreferences, setupProductOf } from './user-preferences';

describe('user preferences', () => {
  it('reads the product of a setup path', () => {
    expect(setupProductOf('carbon-setup')).toBe('carbon');
    expect(setupProductOf('energy-setup')).toBe('energy');
    expect(setupProductOf('classic-setup')).toBeNull();
    expect(setupProductOf('carbon')).toBeNull();
    expect(setupProductOf(undefined)).toBeNull();
  });

  it('defaults the mode to the product and every feature to on', () => {
    const prefs = readPreferences({}, 'energy');
    expect(prefs.mode).toBe('energy');
    expect(Object.values(prefs.features).every(Boolean)).toBe(true);
  });

  it('reads stored choices and ignores unknown modes', () => {
    const prefs = readPreferences({ mode: 'classic', [featureSetting('cost')]: 'false' }, 'carbon');
    expect(prefs.mode).toBe('classic');
    expect(prefs.features.cost).toBe(false);
    expect(prefs.features.fleet).toBe(true);
    expect(readPreferences({ mode: 'sideways' }, 'carbon').mode).toBe('carbon');
  });
});
