import { describe, expect, it } from 'vitest';
import { alertBadge, dataSourceKind, dataSourcePath } from './data-sources';

describe('data sources list rules', () => {
  it('tells fuel cards from meters: transactional meters of a liquid fuel', () => {
    expect(dataSourceKind({ meterType: 7, grouping: 'Diesel' })).toBe('fuelcard');
    expect(dataSourceKind({ meterType: 7, grouping: 'Petrol' })).toBe('fuelcard');
    expect(dataSourceKind({ meterType: 7, grouping: 'Electricity' })).toBe('meter');
    expect(dataSourceKind({ meterType: 2, grouping: 'Diesel' })).toBe('meter');
    expect(dataSourceKind({ meterType: 7, grouping: null })).toBe('meter');
    expect(dataSourceKind({ meterType: 7, grouping: 'Diesel', vehicle: true })).toBe('vehicle');
  });

  it('links each kind to its own page', () => {
    expect(dataSourcePath('meter', 7)).toBe('/data-sources/7');
    expect(dataSourcePath('fuelcard', 7)).toBe('/fleet/fuelcards/7');
    expect(dataSourcePath('vehicle', 7)).toBe('/vehicle-by-meter/7');
  });

  it("shows '99+' only above 100 alerts", () => {
    expect(alertBadge(1)).toBe('1');
    expect(alertBadge(99)).toBe('99');
    expect(alertBadge(100)).toBe('100');
    expect(alertBadge(101)).toBe('99+');
  });
});
