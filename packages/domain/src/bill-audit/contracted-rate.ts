import { contractedLineRate } from '../rates/contracted';
import { dollars, number } from './shared';
import type { Audit, AuditContext } from './types';

/** A rate within this (cents per kWh) of the contracted one is the contracted rate written to fewer decimals. */
export const RATE_TOLERANCE_CENTS = 0.005;

export interface LineRateDifference {
  description: string;
  /** Cents per kWh. */
  billedRate: number;
  /** The contracted rate, or the range of them over the line's days (day types or months of other rates). */
  contractedMin: number;
  contractedMax: number;
  source: string;
  /** (billed - the nearest contracted rate) x the line's kWh, in whole cents. */
  differenceCents: number;
  kwh: number;
}

/**
 * The invoice's energy and network lines billed at another rate than the meter's contracts set for the
 * invoice's days (docs/decisions/bill-audit.md, Rates against the contract). A line spanning day types or
 * months of different rates may blend them (by when the energy was used), so it differs only outside their
 * range. It counts when it is more than RATE_TOLERANCE_CENTS outside and the difference is worth at least a
 * cent over its units.
 */
export function lineRateDifferences({ invoice, rates, meter }: AuditContext): LineRateDifference[] {
  if (!rates) return [];
  const kwhPerUnit = meter.kwhPerUnit ?? 1;
  const out: LineRateDifference[] = [];
  for (const item of invoice.items) {
    if ((item.category ?? 'charge') !== 'charge') continue;
    if (
      item.rate === null ||
      item.rate === undefined ||
      item.quantity === null ||
      item.quantity === undefined
    )
      continue;
    const contracted = contractedLineRate(rates, item, invoice.dateFrom, invoice.dateTill);
    if (!contracted) continue;
    const billedRate = item.rate / kwhPerUnit;
    const nearest = Math.min(Math.max(billedRate, contracted.min), contracted.max);
    const kwh = item.quantity * kwhPerUnit;
    const differenceCents = Math.round((billedRate - nearest) * kwh);
    if (Math.abs(billedRate - nearest) <= RATE_TOLERANCE_CENTS || differenceCents === 0) continue;
    out.push({
      description: item.description || item.chargeType || 'Line',
      billedRate,
      contractedMin: contracted.min,
      contractedMax: contracted.max,
      source: contracted.source,
      differenceCents,
      kwh,
    });
  }
  return out;
}

const rateText = (l: LineRateDifference) =>
  l.contractedMin === l.contractedMax
    ? `${number(l.contractedMin, 4)} c`
    : `${number(l.contractedMin, 4)} to ${number(l.contractedMax, 4)} c`;

export const contractedRateAudit: Audit = {
  code: 'contracted-rate',
  name: 'Rates against the contract',
  explanation:
    "Compares the rate of each energy and network line with the rate the data source's contracts set for the invoice's days: its TOU contract's monthly rate for the line's time period (and day type, when the line names one), or the organisation's non-TOU (NHH) retail rate for energy and network rate for network lines. A line over day types or months with different rates may blend them, so it is held to their range. Alerts on every line billed at another rate, with what the difference is worth over the line's units.",
  run(ctx) {
    const lines = lineRateDifferences(ctx);
    if (lines.length === 0) return null;
    const text = lines.map(
      (l) =>
        `${l.description} billed at ${number(l.billedRate, 4)} c/kWh, contracted ${rateText(l)} (${l.source}): ${dollars(l.differenceCents)} over ${number(l.kwh, 1)} kWh`,
    );
    return { audit: 'contracted-rate', message: text.join('; ') };
  },
};
