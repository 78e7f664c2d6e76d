import { toDayNumber } from './calendar';
import type { InvoiceDoc, LineCategory } from './ledger-types';

// ---------------------------------------------------------------------------------------------------------
// Money

/** An invoice's cost before GST from its line items: charges + sundries - discounts (tax left out). */
export function costBeforeTaxCents(items: { category: LineCategory; totalCents: number }[]): number {
  let cents = 0;
  for (const item of items) {
    if (item.category === 'charge' || item.category === 'sundry') cents += item.totalCents;
    else if (item.category === 'discount') cents -= Math.abs(item.totalCents);
  }
  return cents;
}

/** Splits whole cents over `days` days so that they add up exactly; earlier days take the remainder. */
export function spreadCents(cents: number, days: number): (dayIndex: number) => number {
  const sign = cents < 0 ? -1 : 1;
  const whole = Math.abs(Math.round(cents));
  const base = Math.floor(whole / days);
  const extra = whole - base * days;
  return (i) => sign * (base + (i < extra ? 1 : 0));
}

/** Whole cents in proportion to weights (largest remainder): the parts add up to round(cents x sum of weights). */
export function apportionCents(cents: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const target = Math.round(cents * total);
  const exact = weights.map((w) => cents * w);
  const parts = exact.map((x) => Math.trunc(x));
  let left = target - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: Math.abs(x - Math.trunc(x)) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  const step = left < 0 ? -1 : 1;
  for (let k = 0; left !== 0 && order.length > 0; k = (k + 1) % order.length) {
    const at = order[k]?.i ?? 0;
    parts[at] = (parts[at] ?? 0) + step;
    left -= step;
  }
  return parts;
}

/**
 * Each meter's cost from an invoice (docs/domain.md, Inputs): by its sharing where given; meters without one
 * share the rest in proportion to their consumption. Sharing that sums past 100% is refused by
 * `checkInvoice`.
 */
export function meterCosts(doc: Pick<InvoiceDoc, 'costCents' | 'meters'>): Map<number, number> {
  const shared = doc.meters.reduce((sum, m) => sum + (m.sharing ?? 0), 0);
  const unshared = doc.meters.filter((m) => m.sharing === null);
  const unsharedUse = unshared.reduce((sum, m) => sum + Math.abs(m.consumption * m.multiplier), 0);
  const rest = Math.max(0, 1 - shared / 100);
  const weights = doc.meters.map((m) => {
    if (m.sharing !== null) return m.sharing / 100;
    if (unsharedUse === 0) return rest / unshared.length;
    return (rest * Math.abs(m.consumption * m.multiplier)) / unsharedUse;
  });
  const parts = apportionCents(doc.costCents, weights);
  return new Map(doc.meters.map((m, i) => [m.meterId, parts[i] ?? 0]));
}

export interface InvoiceShare {
  doc: InvoiceDoc;
  first: number;
  last: number;
  quantityStd: number;
  cents: number;
}

/** This meter's part of each invoice: its standard quantity and its cost share. */
export function invoiceShares(meterId: number, docs: InvoiceDoc[]): InvoiceShare[] {
  const shares: InvoiceShare[] = [];
  for (const doc of docs) {
    const row = doc.meters.find((m) => m.meterId === meterId);
    if (!row) continue;
    const quantityStd = row.consumption * row.multiplier * row.conversionToStandard;
    // A reversal that charges no consumption only stops what it reverses (and adds its cost): the days fall
    // back to other inputs, or stay uncovered until a replacement arrives.
    const carries = doc.carriesConsumption && !(doc.kind === 'reversal' && quantityStd === 0);
    shares.push({
      doc: carries === doc.carriesConsumption ? doc : { ...doc, carriesConsumption: carries },
      first: toDayNumber(doc.from),
      last: toDayNumber(doc.till),
      quantityStd,
      cents: meterCosts(doc).get(meterId) ?? 0,
    });
  }
  return shares;
}
