import { roundCents } from './money';

/**
 * Invoice arithmetic (data-portal.md 4 "Invoice editing", 5 "Invoice save checks" and "Edit item total", 9),
 * shared by the invoice page and the server so both reach the same cent. Money is in integer cents; rates,
 * units, factors and repeats are plain numbers as typed.
 */

export type ItemCategory = 'charge' | 'sundry' | 'discount';

export interface ItemInput {
  category: ItemCategory;
  /** As typed: a rate above -100 and below 100 is cents per unit, any other rate dollars per unit. */
  rate: number | null;
  units: number | null;
  factor: number | null;
  repeat: number | null;
  /** The total as entered when it was adjusted by hand; null takes the calculated total. */
  totalCents: number | null;
  taxExempt: boolean;
}

export interface InvoiceInput {
  items: readonly ItemInput[];
  /** 'Items are' GST incl (true) or GST excl (false). */
  itemsIncludeTax: boolean;
  /** 'Discount applied' after GST (true) or before GST (false); never after when items include GST. */
  discountAfterTax: boolean;
  /** GST percentage, 15 in New Zealand. */
  taxPercentage: number;
  openingBalanceCents: number;
}

export const DEFAULT_TAX_PERCENTAGE = 15;
export const DESCRIPTION_MAX = 75;

/** A typed rate in cents per unit: -100 < rate < 100 is cents already, anything else dollars. */
export function rateInCents(rate: number): number {
  return Math.abs(rate) < 100 ? rate : rate * 100;
}

/** rate × units × factor × repeat in whole cents; null when rate or units are missing. */
export function calculatedCents(
  item: Pick<ItemInput, 'rate' | 'units' | 'factor' | 'repeat'>,
): number | null {
  if (item.rate === null || item.units === null) return null;
  return roundCents(rateInCents(item.rate) * item.units * (item.factor ?? 1) * (item.repeat ?? 1));
}

/**
 * The totals an item may be adjusted to without being an arithmetic error: 1% of the calculated total either
 * side, at least 0.01, and never across zero (a calculated zero allows only zero).
 */
export function allowedRange(calculated: number): { min: number; max: number } {
  if (calculated === 0) return { min: 0, max: 0 };
  const tolerance = Math.max(Math.abs(calculated) / 100, 1);
  const min = Math.ceil(calculated - tolerance);
  const max = Math.floor(calculated + tolerance);
  return calculated > 0 ? { min: Math.max(min, 0), max } : { min, max: Math.min(max, 0) };
}

export interface ItemResult {
  calculatedCents: number | null;
  totalCents: number;
  /** Adjusted by hand to a total outside the allowed range: accepted, but flagged. */
  arithmeticError: boolean;
  manuallyAdjusted: boolean;
}

export function itemResult(item: ItemInput): ItemResult {
  const calc = calculatedCents(item);
  const manual = item.totalCents !== null && item.totalCents !== calc;
  const total = item.totalCents ?? calc ?? 0;
  let arithmeticError = false;
  if (manual && calc !== null) {
    const { min, max } = allowedRange(calc);
    arithmeticError = total < min || total > max;
  }
  return { calculatedCents: calc, totalCents: total, arithmeticError, manuallyAdjusted: manual };
}

export interface InvoiceTotals {
  items: ItemResult[];
  chargesCents: number;
  chargesTaxExemptCents: number;
  sundriesCents: number;
  sundriesTaxExemptCents: number;
  /** Discount lines are credits, so normally negative. */
  discountsCents: number;
  discountsTaxExemptCents: number;
  /** Charges + sundries + discounts, as the items are stated (GST incl or excl). */
  itemsCents: number;
  /** The GST the items carry, exact (before rounding): its floor and ceiling bound an entered GST amount. */
  taxExact: number;
  taxCents: number;
  /** GST on charges and sundries before any discount (what is charged when the discount comes after GST). */
  unadjustedTaxCents: number;
  /** The invoice's cost before GST (the ledger's cost). */
  costExclTaxCents: number;
  /** Total Payable as calculated: items, GST when they exclude it, and the opening balance. */
  totalCents: number;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Every total of an invoice from its items and settings, to the cent. */
export function invoiceTotals(input: InvoiceInput): InvoiceTotals {
  const items = input.items.map(itemResult);
  const part = (category: ItemCategory, exemptOnly: boolean) =>
    sum(
      input.items.flatMap((it, i) =>
        it.category === category && (!exemptOnly || it.taxExempt) ? [items[i]?.totalCents ?? 0] : [],
      ),
    );
  const charges = part('charge', false);
  const chargesExempt = part('charge', true);
  const sundries = part('sundry', false);
  const sundriesExempt = part('sundry', true);
  const discounts = part('discount', false);
  const discountsExempt = part('discount', true);
  const itemsCents = charges + sundries + discounts;
  const rate = input.taxPercentage / 100;
  const undiscounted = charges - chargesExempt + (sundries - sundriesExempt);
  const discountTaxable = discounts - discountsExempt;

  let taxExact: number;
  let unadjustedExact: number;
  let totalCents: number;
  let costExclTaxCents: number;
  if (input.itemsIncludeTax) {
    // Item totals contain their GST: the GST is the taxable part's share of it.
    taxExact = ((undiscounted + discountTaxable) * rate) / (1 + rate);
    unadjustedExact = (undiscounted * rate) / (1 + rate);
    totalCents = itemsCents + input.openingBalanceCents;
    costExclTaxCents = itemsCents - roundCents(taxExact);
  } else {
    unadjustedExact = undiscounted * rate;
    taxExact = input.discountAfterTax ? unadjustedExact : (undiscounted + discountTaxable) * rate;
    totalCents = itemsCents + roundCents(taxExact) + input.openingBalanceCents;
    costExclTaxCents = itemsCents;
  }
  return {
    items,
    chargesCents: charges,
    chargesTaxExemptCents: chargesExempt,
    sundriesCents: sundries,
    sundriesTaxExemptCents: sundriesExempt,
    discountsCents: discounts,
    discountsTaxExemptCents: discountsExempt,
    itemsCents,
    taxExact,
    taxCents: roundCents(taxExact),
    unadjustedTaxCents: roundCents(unadjustedExact),
    costExclTaxCents,
    totalCents,
  };
}

/** The GST amounts that match the items: between the floor and the ceiling of the exact tax. */
export function taxBounds(taxExact: number): { min: number; max: number } {
  const clean = Number(taxExact.toPrecision(12));
  return { min: Math.floor(clean), max: Math.ceil(clean) };
}
