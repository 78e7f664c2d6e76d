import { daysBetween, fromDayNumber, toDayNumber } from '../calendar';
import type { AuditInvoice } from './types';

export const days = (i: { dateFrom: string; dateTill: string }) => daysBetween(i.dateFrom, i.dateTill);

/** Days two periods share (0 when apart). */
export function overlapDays(a: { dateFrom: string; dateTill: string }, from: string, till: string): number {
  const start = Math.max(toDayNumber(a.dateFrom), toDayNumber(from));
  const end = Math.min(toDayNumber(a.dateTill), toDayNumber(till));
  return Math.max(0, end - start + 1);
}

/** The same dates a year earlier (29 February falls back to the 28th). */
export function yearEarlier(date: string): string {
  const year = String(Number(date.slice(0, 4)) - 1).padStart(4, '0');
  const shifted = `${year}${date.slice(4)}`;
  if (shifted.endsWith('-02-29')) return `${year}-02-28`;
  return shifted;
}

/**
 * Consumption and cost of the meter's other invoices over a period, each invoice prorated by the days it
 * shares with the period; `coverage` is the share of the period's days the invoices cover (0 to 1).
 */
export function prorated(others: AuditInvoice[], from: string, till: string) {
  let consumption = 0;
  let costCents = 0;
  let covered = 0;
  for (const o of others) {
    const shared = overlapDays(o, from, till);
    if (shared === 0) continue;
    const share = shared / days(o);
    consumption += o.consumption * share;
    costCents += o.costCents * share;
    covered += shared;
  }
  return { consumption, costCents, coverage: covered / daysBetween(from, till) };
}

/** The last period ending before this invoice starts, or null. */
export function previousInvoice(invoice: AuditInvoice, others: AuditInvoice[]): AuditInvoice | null {
  let best: AuditInvoice | null = null;
  for (const o of others) {
    if (o.dateTill >= invoice.dateFrom) continue;
    if (!best || o.dateTill > best.dateTill || (o.dateTill === best.dateTill && o.dateFrom > best.dateFrom))
      best = o;
  }
  return best;
}

/** This invoice and the meter's earlier ones, latest first (by end date). */
export function latestFirst(invoice: AuditInvoice, others: AuditInvoice[]): AuditInvoice[] {
  return [invoice, ...others.filter((o) => o.dateTill < invoice.dateFrom)].sort((a, b) =>
    a.dateTill === b.dateTill ? b.dateFrom.localeCompare(a.dateFrom) : b.dateTill.localeCompare(a.dateTill),
  );
}

export const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const number = (n: number, decimals = 0) =>
  n.toLocaleString('en-NZ', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
export const percent = (n: number) => `${number(Math.abs(n), 1)}%`;
/** dd/MM/yyyy. */
export const shown = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
export const dayBefore = (date: string) => fromDayNumber(toDayNumber(date) - 1);
