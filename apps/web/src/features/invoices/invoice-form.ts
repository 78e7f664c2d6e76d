import type { InvoiceItem, InvoicePage } from '@verdant/contracts/invoices/entry';
import { SUNDRY_HELPER_TYPE_ID } from '@verdant/domain/constants';
import { type InvoiceInput, type InvoiceTotals, invoiceTotals } from '@verdant/domain/invoices/arithmetic';
import { chargeTypeById } from '@verdant/domain/invoices/charge-types';
import { centsToDollars, toCents } from '@verdant/domain/invoices/money';
import { saveCheck } from '@verdant/domain/invoices/save-checks';
import { MSG } from '@verdant/domain/messages';

/**
 * The invoice page's editing rules (data-portal.md 4 "Invoice editing"), on the page's copy of the invoice:
 * the same domain arithmetic as the server, so the page and the save agree to the cent.
 */
export type Draft = InvoicePage;
export type Section = InvoiceItem['category'];

const cents = (v: string | null) => (v === null ? null : toCents(v));

function arithmeticOf(d: Draft): InvoiceInput {
  return {
    items: d.items.map((it) => ({
      category: it.category,
      rate: it.rate,
      units: it.units,
      factor: it.factor,
      repeat: it.repeat,
      totalCents: cents(it.total),
      taxExempt: chargeTypeById(it.chargeTypeId)?.taxExempt ?? false,
    })),
    itemsIncludeTax: d.itemTotalsIncludeTax,
    discountAfterTax: d.itemTotalsIncludeTax ? false : d.discountAfterTax,
    taxPercentage: d.taxPercentage,
    openingBalanceCents: toCents(d.openingBalance) ?? 0,
  };
}

export const totalsOf = (d: Draft): InvoiceTotals => invoiceTotals(arithmeticOf(d));

/** The save checks the server runs, run first in the page: the first failure's message, or null. */
export function pageCheck(d: Draft): string | null {
  if (d.edited && (toCents(d.visibleTotal) === null || toCents(d.taxAmount) === null))
    return MSG.invoiceSubCent;
  const t = totalsOf(d);
  return saveCheck({
    ...arithmeticOf(d),
    edited: d.edited,
    visibleTotalCents: d.edited ? (toCents(d.visibleTotal) ?? Number.NaN) : t.totalCents,
    taxCents: d.edited ? (toCents(d.taxAmount) ?? Number.NaN) : t.taxCents,
    invoiceNumber: d.invoiceNumber,
    invoiceDate: d.invoiceDate,
    dateDue: d.dateDue,
    dateFrom: d.dateFrom,
    dateTill: d.dateTill,
  });
}

const META_FIELDS = new Set<keyof Draft>(['dateFrom', 'dateTill', 'unitId', 'readType', 'retailerId']);

/** A change of a key field: dates, unit, read type and retailer mark the invoice meta-edited too. */
export function setField<K extends keyof Draft>(d: Draft, key: K, value: Draft[K]): Draft {
  const next = { ...d, [key]: value, edited: true };
  if (META_FIELDS.has(key)) next.metaEdited = true;
  // 'Items are' GST incl clears discount-after-tax and the items' unadjusted totals.
  if (key === 'itemTotalsIncludeTax' && value === true) {
    next.discountAfterTax = false;
    next.items = d.items.map((it) => ({
      ...it,
      total: it.rate === null || it.units === null ? it.total : null,
    }));
  }
  return next;
}

export function setItem(d: Draft, index: number, change: Partial<InvoiceItem>): Draft {
  const items = d.items.map((it, i) => {
    if (i !== index) return it;
    const next = { ...it, ...change };
    // A rate or units change recalculates the total unless it was adjusted by hand in this same change.
    if (
      !('total' in change) &&
      ('rate' in change || 'units' in change || 'factor' in change || 'repeat' in change)
    )
      next.total = it.rate === null || it.units === null ? it.total : null;
    return next;
  });
  return { ...d, items, edited: true };
}

export function addItem(d: Draft, category: Section, groupName: string | null = null): Draft {
  const chargeTypeId = category === 'sundry' ? 30 : category === 'discount' ? 50 : 1;
  const item: InvoiceItem = {
    id: null,
    category,
    chargeTypeId,
    description: null,
    groupName,
    rate: null,
    units: null,
    factor: null,
    repeat: null,
    total: null,
    calculatedTotal: null,
    actualTotal: null,
    observedArithmeticError: false,
    wasManuallyAdjusted: false,
    taxExempt: false,
  };
  return { ...d, items: [...d.items, item], edited: true };
}

/**
 * The Add Sundry helper on a non-editable invoice: a sundry of type 30 with its total as typed. The invoice is
 * not marked edited: its GST and Total Payable stay the calculated ones, which take the sundry's 15% GST.
 */
export function addHelperSundry(d: Draft, description: string, total: string): Draft {
  const item: InvoiceItem = {
    ...addItem(d, 'sundry').items.at(-1),
    chargeTypeId: SUNDRY_HELPER_TYPE_ID,
    description,
    total,
  } as InvoiceItem;
  return { ...d, items: [...d.items, item] };
}

export function removeItem(d: Draft, index: number): Draft {
  return { ...d, items: d.items.filter((_, i) => i !== index), edited: true };
}

/** Renames a TOU group (the check for unique names runs on save). */
export function renameGroup(d: Draft, from: string, to: string): Draft {
  return {
    ...d,
    chargeGroups: d.chargeGroups.map((g) => (g === from ? to : g)),
    items: d.items.map((it) => (it.groupName === from ? { ...it, groupName: to } : it)),
    edited: true,
  };
}

export function addGroup(d: Draft): Draft {
  let n = d.chargeGroups.length + 1;
  while (d.chargeGroups.includes(`Group ${n}`)) n++;
  return addItem({ ...d, chargeGroups: [...d.chargeGroups, `Group ${n}`] }, 'charge', `Group ${n}`);
}

/** What the save sends: the draft without the page's own fields. */
export function bodyOf(d: Draft, dryRun: boolean) {
  const t = totalsOf(d);
  return {
    id: d.id,
    meterId: d.meterId,
    invoiceNumber: d.invoiceNumber,
    invoiceDate: d.invoiceDate,
    dateDue: d.dateDue,
    dateFrom: d.dateFrom,
    dateTill: d.dateTill,
    readType: d.readType,
    unitId: d.unitId,
    consumption: d.consumption,
    retailerId: d.retailerId,
    itemTotalsIncludeTax: d.itemTotalsIncludeTax,
    discountAfterTax: d.itemTotalsIncludeTax ? false : d.discountAfterTax,
    taxPercentage: d.taxPercentage,
    openingBalance: d.openingBalance || '0',
    taxAmount: d.edited ? d.taxAmount : centsToDollars(t.taxCents),
    visibleTotal: d.edited ? d.visibleTotal : centsToDollars(t.totalCents),
    edited: d.edited,
    metaEdited: d.metaEdited,
    notes: d.notes,
    chargeGroups: d.chargeGroups,
    items: d.items.map((it) => ({
      id: it.id,
      category: it.category,
      chargeTypeId: it.chargeTypeId,
      description: it.description,
      groupName: it.groupName,
      rate: it.rate,
      units: it.units,
      factor: it.factor,
      repeat: it.repeat,
      total: it.total,
    })),
    dryRun,
  };
}
