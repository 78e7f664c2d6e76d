import { describe, expect, it } from 'vitest';
import { isHelperSundry, sundryGstCents, sundryHelperOffered } from './sundry';

describe('the Add Sundry helper', () => {
  it('is offered only on a non-editable invoice of retailer 12 or 13', () => {
    expect(sundryHelperOffered({ editable: false, retailerId: 12 })).toBe(true);
    expect(sundryHelperOffered({ editable: false, retailerId: 13 })).toBe(true);
    expect(sundryHelperOffered({ editable: true, retailerId: 12 })).toBe(false);
    expect(sundryHelperOffered({ editable: false, retailerId: 11 })).toBe(false);
    expect(sundryHelperOffered({ editable: false, retailerId: null })).toBe(false);
  });
  it('adds GST at 15%, to the cent, half away from zero', () => {
    // $25.00 -> $3.75; $0.10 -> 1.5c -> 2c; a credit of -$0.10 -> -2c; $33.33 -> 499.95c -> $5.00.
    expect(sundryGstCents(2_500)).toBe(375);
    expect(sundryGstCents(10)).toBe(2);
    expect(sundryGstCents(-10)).toBe(-2);
    expect(sundryGstCents(3_333)).toBe(500);
  });
  it('is a sundry of type 30', () => {
    expect(isHelperSundry({ category: 'sundry', chargeTypeId: 30 })).toBe(true);
    expect(isHelperSundry({ category: 'sundry', chargeTypeId: 31 })).toBe(false);
    expect(isHelperSundry({ category: 'charge', chargeTypeId: 30 })).toBe(false);
  });
});
