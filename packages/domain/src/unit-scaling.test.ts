import { describe, expect, it } from 'vitest';
import {
  axisScale,
  formatMoney,
  formatNumber,
  formatPercent,
  formatQuantity,
  percentChange,
  scaleFor,
} from './unit-scaling';

describe('scaleFor', () => {
  it('leaves figures up to 10000 alone, exactly 10000 included', () => {
    expect(scaleFor(9999, 'kWh')).toEqual({ divisor: 1, unit: 'kWh' });
    expect(scaleFor(10000, 'kWh')).toEqual({ divisor: 1, unit: 'kWh' });
    expect(scaleFor(0, 'kWh')).toEqual({ divisor: 1, unit: 'kWh' });
  });

  it('moves up one prefix for each factor of 1000 while above 10000', () => {
    expect(scaleFor(10000.5, 'kWh')).toEqual({ divisor: 1000, unit: 'MWh' });
    expect(scaleFor(12345, 'kWh')).toEqual({ divisor: 1000, unit: 'MWh' });
    expect(scaleFor(10_000_000, 'kWh')).toEqual({ divisor: 1000, unit: 'MWh' });
    expect(scaleFor(10_000_001, 'kWh')).toEqual({ divisor: 1e6, unit: 'GWh' });
    expect(scaleFor(2e12, 'kWh')).toEqual({ divisor: 1e9, unit: 'TWh' });
  });

  it('stops at P', () => {
    expect(scaleFor(5e20, 'kWh')).toEqual({ divisor: 1e12, unit: 'PWh' });
    expect(scaleFor(5e20, 'Wh')).toEqual({ divisor: 1e15, unit: 'PWh' });
  });

  it('scales negative figures by their size', () => {
    expect(scaleFor(-12345, 'kWh')).toEqual({ divisor: 1000, unit: 'MWh' });
  });

  it('names megagrams tonnes, keeping the qualifier', () => {
    expect(scaleFor(25_000, 'kg CO2e')).toEqual({ divisor: 1000, unit: 't CO2e' });
    expect(scaleFor(25_000_000, 'kg CO2e')).toEqual({ divisor: 1e6, unit: 'kt CO2e' });
    expect(scaleFor(25_000_000_000, 'kg CO2e')).toEqual({ divisor: 1e9, unit: 'Mt CO2e' });
    expect(scaleFor(25_000, 't CO2e')).toEqual({ divisor: 1000, unit: 'kt CO2e' });
    expect(scaleFor(25_000, 'kg')).toEqual({ divisor: 1000, unit: 't' });
  });

  it('scales litres, joules and watts', () => {
    expect(scaleFor(50_000, 'L')).toEqual({ divisor: 1000, unit: 'kL' });
    expect(scaleFor(50_000, 'GJ')).toEqual({ divisor: 1000, unit: 'TJ' });
    expect(scaleFor(50_000, 'kW')).toEqual({ divisor: 1000, unit: 'MW' });
  });

  it('never scales money or units a prefix would change', () => {
    expect(scaleFor(1_000_000, '$')).toEqual({ divisor: 1, unit: '$' });
    expect(scaleFor(1_000_000, 'm3')).toEqual({ divisor: 1, unit: 'm3' });
    expect(scaleFor(1_000_000, 'km')).toEqual({ divisor: 1, unit: 'km' });
    expect(scaleFor(1_000_000, '')).toEqual({ divisor: 1, unit: '' });
  });
});

describe('formatNumber', () => {
  it('keeps about three significant digits with thousands separators', () => {
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(1.2345)).toBe('1.23');
    expect(formatNumber(123.45)).toBe('123');
    expect(formatNumber(1234.5)).toBe('1,235');
    expect(formatNumber(9999)).toBe('9,999');
    expect(formatNumber(0.456)).toBe('0.46');
  });

  it('drops trailing zeros', () => {
    expect(formatNumber(12)).toBe('12');
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatNumber(10.001)).toBe('10');
  });

  it('shows zero and figures that round to zero without a sign', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(-0.001)).toBe('0');
  });

  it('shows negative figures with a minus', () => {
    expect(formatNumber(-12.345)).toBe('-12.3');
    expect(formatNumber(-1234.5)).toBe('-1,235');
  });

  it('gives an empty string for figures that are not numbers', () => {
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatQuantity', () => {
  it('scales above 10000', () => {
    expect(formatQuantity(12345, 'kWh')).toBe('12.3 MWh');
    expect(formatQuantity(10000, 'kWh')).toBe('10,000 kWh');
    expect(formatQuantity(9999, 'kWh')).toBe('9,999 kWh');
    expect(formatQuantity(5100, 'kWh')).toBe('5,100 kWh');
    expect(formatQuantity(123_456_789, 'kWh')).toBe('123 GWh');
    expect(formatQuantity(-12345, 'kWh')).toBe('-12.3 MWh');
    expect(formatQuantity(0, 'kWh')).toBe('0 kWh');
  });

  it('shows emissions in tonnes above 10000 kg', () => {
    expect(formatQuantity(591, 'kg CO2e')).toBe('591 kg CO2e');
    expect(formatQuantity(574.8, 'kg CO2e')).toBe('575 kg CO2e');
    expect(formatQuantity(48_250, 'kg CO2e')).toBe('48.3 t CO2e');
    expect(formatQuantity(48_250_000, 'kg CO2e')).toBe('48.3 kt CO2e');
  });

  it('shows money with two decimals and no prefix', () => {
    expect(formatQuantity(1270, '$')).toBe('$1,270.00');
    expect(formatQuantity(12_345_678.9, '$')).toBe('$12,345,678.90');
  });

  it('keeps units without a prefix, and works without a unit', () => {
    expect(formatQuantity(123_456, 'm3')).toBe('123,456 m3');
    expect(formatQuantity(12.345, '')).toBe('12.3');
  });
});

describe('formatMoney', () => {
  it('has two decimals and thousands separators', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(1221)).toBe('$1,221.00');
    expect(formatMoney(1234.565)).toBe('$1,234.57');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
  });

  it('puts the minus before the dollar sign, and never on zero', () => {
    expect(formatMoney(-1234.5)).toBe('-$1,234.50');
    expect(formatMoney(-0.004)).toBe('$0.00');
  });
});

describe('axisScale', () => {
  it('chooses one unit for every tick from the largest figure', () => {
    const axis = axisScale(250_000, 'kWh');
    expect(axis.unit).toBe('MWh');
    expect([0, 50_000, 125_000, 250_000].map(axis.format)).toEqual(['0', '50', '125', '250']);
  });

  it('keeps small axes in their own unit', () => {
    const axis = axisScale(8000, 'kg CO2e');
    expect(axis.unit).toBe('kg CO2e');
    expect(axis.format(2500)).toBe('2,500');
  });

  it('shows money ticks with the dollar sign and no cents', () => {
    const axis = axisScale(1_500_000, '$');
    expect(axis.unit).toBe('$');
    expect(axis.format(1_500_000)).toBe('$1,500,000');
    expect(axis.format(-2000)).toBe('-$2,000');
    expect(axis.format(0)).toBe('$0');
  });
});

describe('formatPercent', () => {
  it('has one decimal', () => {
    expect(formatPercent(25)).toBe('25.0%');
    expect(formatPercent(-20)).toBe('-20.0%');
    expect(formatPercent(11.111)).toBe('11.1%');
  });

  it('marks increases with + when signed', () => {
    expect(formatPercent(25, { signed: true })).toBe('+25.0%');
    expect(formatPercent(-20, { signed: true })).toBe('-20.0%');
  });

  it('never signs zero, nor what rounds to zero', () => {
    expect(formatPercent(0, { signed: true })).toBe('0.0%');
    expect(formatPercent(-0.04, { signed: true })).toBe('0.0%');
    expect(formatPercent(0.04, { signed: true })).toBe('0.0%');
  });

  it('takes other decimals and separates thousands', () => {
    expect(formatPercent(12.5, { decimals: 0 })).toBe('13%');
    expect(formatPercent(12345.67, { signed: true })).toBe('+12,345.7%');
  });
});

describe('percentChange', () => {
  it('is the change against the earlier figure', () => {
    expect(percentChange(3100, 2480)).toBeCloseTo(25);
    expect(percentChange(2000, 2500)).toBeCloseTo(-20);
    expect(percentChange(0, 2500)).toBe(-100);
  });

  it('keeps the direction when the earlier figure is negative', () => {
    expect(percentChange(-50, -100)).toBeCloseTo(50);
  });

  it('is null when there is nothing to compare with', () => {
    expect(percentChange(100, 0)).toBeNull();
    expect(percentChange(Number.NaN, 10)).toBeNull();
  });
});
