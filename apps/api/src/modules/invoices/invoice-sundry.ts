import type { InvoiceInput, InvoiceItem } from '@verdant/contracts/invoices/entry';
import type { invoiceLineItems, invoices } from '@verdant/db/schema/inputs';
import { CHARGED_COST_TYPE_ID, chargeTypeById } from '@verdant/domain/invoices/charge-types';
import { centsToDollars, toCents } from '@verdant/domain/invoices/money';
import { isHelperSundry, sundryGstCents, sundryHelperOffered } from '@verdant/domain/invoices/sundry';
import { MSG } from '@verdant/domain/messages';
import { badRequest } from '../../lib/errors';
import type * as q from './invoices.queries';

const cents = (dollars: string | null | undefined) => toCents(dollars ?? '0') ?? 0;
type StoredItem = Awaited<ReturnType<typeof q.invoiceItems>>[number];

/** What a stored item adds to the cost before tax (discounts are credits whichever sign they were typed in). */
const signed = (i: { category: string; total: string }) =>
  i.category === 'discount' ? -Math.abs(cents(i.total)) : i.category === 'tax' ? 0 : cents(i.total);

/**
 * A reversing document's charged cost that no stored item carries (all of it, unless sundries were added),
 * as the one charge line the invoice page shows it by; null when the items carry the whole cost.
 */
export function chargedCostLine(invoice: q.InvoiceRow, items: StoredItem[]): InvoiceItem | null {
  if (invoice.kind === 'normal') return null;
  const rest = cents(invoice.costExclTax) - items.reduce((s, i) => s + signed(i), 0);
  if (rest === 0) return null;
  return {
    id: null,
    category: 'charge',
    chargeTypeId: CHARGED_COST_TYPE_ID,
    description: `Charged cost of the ${invoice.kind}`,
    groupName: null,
    rate: null,
    units: null,
    factor: null,
    repeat: null,
    total: centsToDollars(rest),
    calculatedTotal: null,
    actualTotal: null,
    observedArithmeticError: false,
    wasManuallyAdjusted: false,
    taxExempt: true,
  };
}

/**
 * Add Sundry on a non-editable invoice (data-portal.md 2.4, 6, 9): only on a reversal, replacement or
 * decommission of retailer 12 or 13, and only new sundries of type 30 with a total; everything else the page
 * sends is the stored invoice's and stays as it is. Each sundry carries 15% GST, added to the invoice's GST and
 * Total Payable. Answers the new items and the invoice's new totals, or refuses with 'This invoice cannot be
 * edited' and changes nothing.
 */
export function helperSundries(invoice: q.InvoiceRow, stored: StoredItem[], body: InvoiceInput) {
  if (!sundryHelperOffered({ editable: false, retailerId: invoice.retailerId }))
    throw badRequest(MSG.invoiceNotEditable);
  const storedIds = new Set(stored.map((i) => i.id));
  if (body.items.some((i) => i.id !== null && !storedIds.has(i.id))) throw badRequest(MSG.invoiceNotEditable);
  const added = body.items.filter((i) => i.id === null && i.chargeTypeId !== CHARGED_COST_TYPE_ID);
  if (added.length === 0 || added.some((i) => !isHelperSundry(i) || i.total === null))
    throw badRequest(MSG.invoiceNotEditable);
  const sundryCents = added.reduce((s, i) => s + cents(i.total), 0);
  const gstCents = added.reduce((s, i) => s + sundryGstCents(cents(i.total)), 0);
  const payableBefore =
    invoice.totalPayable === null
      ? cents(invoice.costExclTax) + cents(invoice.taxAmount) + cents(invoice.openingBalance)
      : cents(invoice.totalPayable);
  const last = stored.reduce((m, i) => Math.max(m, i.sortOrder), -1);
  const type = chargeTypeById(added[0]?.chargeTypeId ?? 0);
  const items: Omit<typeof invoiceLineItems.$inferInsert, 'organisationId' | 'invoiceId'>[] = added.map(
    (it, n) => ({
      category: 'sundry',
      chargeTypeId: it.chargeTypeId,
      chargeType: type?.name ?? null,
      description: it.description,
      total: centsToDollars(cents(it.total)),
      taxExempt: false,
      discountable: false,
      sortOrder: last + 1 + n,
    }),
  );
  const update: Partial<typeof invoices.$inferInsert> = {
    sundriesTotal: centsToDollars(cents(invoice.sundriesTotal) + sundryCents),
    costExclTax: centsToDollars(cents(invoice.costExclTax) + sundryCents),
    taxAmount: centsToDollars(cents(invoice.taxAmount) + gstCents),
    totalPayable: centsToDollars(payableBefore + sundryCents + gstCents),
  };
  return { items, update };
}
