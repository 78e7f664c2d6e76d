import { toDayNumber } from './calendar';

/**
 * Market-based scope 2 (GHG Protocol Scope 2 Guidance, the market-based method): electricity covered by the
 * organisation's contractual instruments takes their factor, the rest the residual mix, and where no residual
 * mix is published for the day the grid average (location-based) factor, as the guidance allows. The hierarchy
 * for the part no certificate covers: a supplier-specific factor, then the residual mix, then the grid average.
 * Pure: the ledger passes the instruments that apply to one meter and the day's factors.
 */

/** Energy attribute certificates (NZ-ECs, say) matched to a meter: kWh over a period, at their emission rate. */
export interface CertificateInstrument {
  from: string;
  /** Inclusive. */
  till: string;
  /** Certified consumption, kWh. */
  kwh: number;
  /** kg CO2e per kWh of the certified generation (0 for renewable generation). */
  rate: number;
}

/** A supplier-specific emission factor (the retailer's disclosed rate) in force over a period. */
export interface SupplierFactor {
  from: string;
  till: string;
  rate: number;
}

export interface MarketInstruments {
  certificates: CertificateInstrument[];
  supplierFactors: SupplierFactor[];
}

/** Which factor a kWh of market-based scope 2 took. */
export type MarketBasis = 'certificate' | 'supplier' | 'residual' | 'grid';
export const MARKET_BASES: MarketBasis[] = ['certificate', 'supplier', 'residual', 'grid'];
export const MARKET_BASIS_LABELS: Record<MarketBasis, string> = {
  certificate: 'Certificates',
  supplier: 'Supplier-specific factor',
  residual: 'Residual mix',
  grid: 'Grid average (no residual mix published)',
};

export const emptyMarketKwh = (): Record<MarketBasis, number> => ({
  certificate: 0,
  supplier: 0,
  residual: 0,
  grid: 0,
});

/** The certificate cover of one day: kWh covered (never more than the day's quantity) and their kg CO2e. */
export interface DayCover {
  kwh: number;
  kg: number;
}

/**
 * Spreads each certificate's kWh over the days of its period in proportion to the meter's quantity on each
 * day (so a certificate covers the same share of every day it spans), never more than the quantity: a
 * certificate of more kWh than the meter used in its period covers all of it and the excess is not claimed.
 * Days outside the meter's known consumption take nothing. `quantities`: day number -> standard kWh.
 */
export function certificateCover(
  certificates: readonly CertificateInstrument[],
  quantities: ReadonlyMap<number, number>,
): Map<number, DayCover> {
  const cover = new Map<number, DayCover>();
  for (const c of certificates) {
    const first = toDayNumber(c.from);
    const last = toDayNumber(c.till);
    let used = 0;
    for (const [day, q] of quantities) if (day >= first && day <= last && q > 0) used += q;
    if (used <= 0 || c.kwh <= 0) continue;
    const share = Math.min(1, c.kwh / used);
    for (const [day, q] of quantities) {
      if (day < first || day > last || q <= 0) continue;
      const d = cover.get(day) ?? { kwh: 0, kg: 0 };
      // Overlapping certificates together cover at most the day's quantity.
      const kwh = Math.min(q * share, q - d.kwh);
      if (kwh <= 0) continue;
      d.kwh += kwh;
      d.kg += kwh * c.rate;
      cover.set(day, d);
    }
  }
  return cover;
}

/** The supplier-specific rate in force on a day, if any (the latest starting one where two overlap). */
export function supplierRateOn(factors: readonly SupplierFactor[], day: number): number | undefined {
  let found: SupplierFactor | undefined;
  for (const f of factors) {
    if (toDayNumber(f.from) <= day && day <= toDayNumber(f.till) && (!found || f.from >= found.from))
      found = f;
  }
  return found?.rate;
}

/**
 * One day's market-based scope 2 of `quantity` kWh: the certificates' cover at their rate, the rest at the
 * supplier-specific rate, else the residual mix, else the grid average. Null when none of those exists (the
 * quantity has no scope 2, gas say).
 */
export function marketOnDay(
  quantity: number,
  rates: { cover?: DayCover; supplier?: number; residual?: number; location?: number },
): { kg: number; kwh: Record<MarketBasis, number> } | null {
  const { cover, supplier, residual, location } = rates;
  if (residual === undefined && location === undefined) return null;
  const kwh = emptyMarketKwh();
  const covered = Math.max(0, Math.min(cover?.kwh ?? 0, quantity));
  const coveredKg = cover && cover.kwh > 0 ? (cover.kg * covered) / cover.kwh : 0;
  kwh.certificate = covered;
  const rest = quantity - covered;
  const [basis, rate] =
    supplier !== undefined
      ? (['supplier', supplier] as const)
      : residual !== undefined
        ? (['residual', residual] as const)
        : (['grid', location ?? 0] as const);
  kwh[basis] += rest;
  return { kg: coveredKg + rest * rate, kwh };
}
