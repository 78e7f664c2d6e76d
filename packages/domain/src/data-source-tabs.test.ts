import { describe, expect, it } from 'vitest';
import { dataSourceTabOf, dataSourceTabs, showsDataSourceTab } from './data-source-tabs';

const meter = (level: number, meterType: number, inheritSubmeter = false) => ({
  level,
  meterType,
  inheritSubmeter,
});
const keys = (m: ReturnType<typeof meter>, admin = false) => dataSourceTabs(m, admin).map((t) => t.key);
const ALWAYS = ['overview', 'settings', 'configuration', 'notes', 'files'];

describe('data source tabs (data-portal.md 2.2)', () => {
  it('a time-of-use supply meter shows Invoices and HH Data', () => {
    expect(keys(meter(1, 1))).toEqual([...ALWAYS, 'invoices', 'half-hour']);
  });

  it('a non time-of-use supply meter shows Invoices only', () => {
    expect(keys(meter(1, 2))).toEqual([...ALWAYS, 'invoices']);
  });

  it('Invoices is hidden for level 2, types 7, 8 and 9, and a meter inheriting a submeter', () => {
    for (const m of [meter(2, 2), meter(1, 7), meter(1, 8), meter(1, 9), meter(1, 2, true)]) {
      expect(showsDataSourceTab('invoices', m, false)).toBe(false);
    }
    for (const type of [1, 2, 3, 4, 5, 6])
      expect(showsDataSourceTab('invoices', meter(1, type), false)).toBe(true);
  });

  it('Consumption shows for type 8, or level 2 with a type other than 6', () => {
    expect(showsDataSourceTab('consumption', meter(1, 8), false)).toBe(true);
    expect(showsDataSourceTab('consumption', meter(2, 2), false)).toBe(true);
    expect(showsDataSourceTab('consumption', meter(2, 8), false)).toBe(true);
    expect(showsDataSourceTab('consumption', meter(2, 6), false)).toBe(false);
    expect(showsDataSourceTab('consumption', meter(1, 2), false)).toBe(false);
  });

  it('Transactions shows for types 7 and 9 only', () => {
    for (let type = 1; type <= 9; type += 1) {
      expect(showsDataSourceTab('transactions', meter(1, type), false)).toBe(type === 7 || type === 9);
    }
  });

  it('HH Data shows for types 1, 5 and 6 only, at either level', () => {
    for (let type = 1; type <= 9; type += 1) {
      const expected = [1, 5, 6].includes(type);
      expect(showsDataSourceTab('half-hour', meter(1, type), false)).toBe(expected);
      expect(showsDataSourceTab('half-hour', meter(2, type), false)).toBe(expected);
    }
  });

  it('a smart check meter (level 2, type 6) shows HH Data but neither Invoices nor Consumption', () => {
    expect(keys(meter(2, 6))).toEqual([...ALWAYS, 'half-hour']);
  });

  it('a transactional meter with cost shows Transactions', () => {
    expect(keys(meter(1, 9))).toEqual([...ALWAYS, 'transactions']);
  });

  it('History is for administrators', () => {
    expect(keys(meter(1, 2), true)).toContain('history');
    expect(keys(meter(1, 2), false)).not.toContain('history');
  });

  it('maps path suffixes to tabs', () => {
    expect(dataSourceTabOf(undefined)).toBe('overview');
    expect(dataSourceTabOf('settings')).toBe('settings');
    expect(dataSourceTabOf('half-hour')).toBe('half-hour');
    expect(dataSourceTabOf('nonsense')).toBeNull();
  });
});
