import { describe, expect, it } from 'vitest';
import {
  FEATURE_CHOICES,
  featureSetting,
  featuresOf,
  readPreferences,
  setupProductOf,
} from './user-preferences';

describe('user preferences', () => {
  it('reads the product of a setup path', () => {
    expect(setupProductOf('carbon-setup')).toBe('carbon');
    expect(setupProductOf('energy-setup')).toBe('energy');
    expect(setupProductOf('classic-setup')).toBeNull();
    expect(setupProductOf('carbon')).toBeNull();
    expect(setupProductOf(undefined)).toBeNull();
  });

  it('offers each product its own features, every feature on one page', () => {
    const carbon = featuresOf('carbon').map((f) => f.name);
    const energy = featuresOf('energy').map((f) => f.name);
    expect(carbon).toEqual(['emissions-by-scope', 'fleet']);
    expect(energy).toEqual(['cost', 'half-hour-analytics']);
    expect([...carbon, ...energy].sort()).toEqual(FEATURE_CHOICES.map((f) => f.name).sort());
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
