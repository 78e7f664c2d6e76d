import { MSG } from '../messages';
import { DESCRIPTION_MAX, type InvoiceInput, invoiceTotals, taxBounds } from './arithmetic';

/** What the save checks read besides the items: the visible (entered) figures and the key fields. */
export interface SaveCheckInput extends InvoiceInput {
  /** Any item, group or meta edit: the GST and Total Payable inputs were revealed and typed. */
  edited: boolean;
  visibleTotalCents: number;
  taxCents: number;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  dateDue: string | null;
  dateFrom: string | null;
  dateTill: string | null;
}

/**
 * The save checks of data-portal.md 5, in the spec's order; the first failure's message, or null. The same
 * function runs in the page before the call and on the server before anything is written.
 */
export function saveCheck(inv: SaveCheckInput): string | null {
  const totals = invoiceTotals(inv);
  if (inv.edited) {
    const expected = inv.itemsIncludeTax
      ? totals.itemsCents + inv.openingBalanceCents
      : // GST (or the unadjusted GST when the discount follows it) plus items and discounts.
        totals.itemsCents + inv.taxCents + inv.openingBalanceCents;
    if (inv.visibleTotalCents !== expected) return MSG.invoiceTotalMismatch;
  }
  const { min, max } = taxBounds(totals.taxExact);
  if (inv.taxCents < min || inv.taxCents > max) return MSG.invoiceTaxMismatch;
  const blank = (v: string | null) => v === null || v.trim() === '';
  if (blank(inv.invoiceNumber)) return MSG.invoiceNumberRequired;
  if (blank(inv.invoiceDate)) return MSG.invoiceDateRequired;
  if (blank(inv.dateDue)) return MSG.invoiceDueDateRequired;
  if (blank(inv.dateFrom)) return MSG.invoiceFromRequired;
  if (blank(inv.dateTill)) return MSG.invoiceTillRequired;
  return null;
}

/** Item rules outside the arithmetic: description length and unique TOU group names. */
export function itemsCheck(
  items: readonly { description: string | null; groupName: string | null }[],
  groups: readonly string[] = [],
): string | null {
  if (items.some((i) => (i.description ?? '').length > DESCRIPTION_MAX)) return MSG.invoiceDescriptionLong;
  const names = groups.map((g) => g.trim().toLowerCase());
  if (new Set(names).size !== names.length) return MSG.invoiceGroupNamesUnique;
  return null;
}
