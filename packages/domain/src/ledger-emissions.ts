import { toDayNumber } from './calendar';
import type { FactorChoice, FactorPeriod, FactorSet, ScopeKey } from './ledger-types';
import { SCOPE_KEYS } from './ledger-types';
import { type DayCover, emptyMarketKwh, type MarketBasis, marketOnDay } from './scope2-market';

// ---------------------------------------------------------------------------------------------------------
// Factors (docs/domain.md, Emissions)

function rateIn(timeline: FactorPeriod[] | undefined, day: number): FactorPeriod | undefined {
  if (!timeline) return undefined;
  for (const f of timeline) {
    if (toDayNumber(f.from) <= day && (f.till === null || day <= toDayNumber(f.till))) return f;
  }
  return undefined;
}

/**
 * The factors in force on a day per scope key: the organisation's own for that scope and day, else the
 * default source's (`s2Market`: the residual mix, where one is published). Null when no factor at all is in
 * force (the day's emissions are unknown, never zero).
 */
export function factorsOn(choice: FactorChoice, day: number): Partial<Record<ScopeKey, FactorPeriod>> | null {
  const found: Partial<Record<ScopeKey, FactorPeriod>> = {};
  let any = false;
  for (const key of SCOPE_KEYS) {
    const f = rateIn(choice.own?.[key], day) ?? rateIn(choice.fallback[key], day);
    if (f) {
      found[key] = f;
      any = true;
    }
  }
  return any ? found : null;
}

/** A day's contractual instruments (plain data types only). */
export interface DayMarket {
  cover?: DayCover;
  supplier?: number;
}

/**
 * A day's emissions per scope key, or null when a factor is missing for it (or one of its components).
 * Market-based scope 2 takes the day's instruments, else the residual mix, else the grid average
 * (./scope2-market), with the kWh behind it by basis.
 */
export function emissionsOn(
  factors: FactorSet,
  day: number,
  quantityStd: number,
  market?: DayMarket,
): { co2e: Record<ScopeKey, number>; marketKwh: Record<MarketBasis, number>; versions: number[] } | null {
  const co2e: Record<ScopeKey, number> = { s1: 0, s2Location: 0, s2Market: 0, s3: 0 };
  const marketKwh = emptyMarketKwh();
  const versions: number[] = [];
  const parts =
    factors.kind === 'plain'
      ? [{ quantity: quantityStd, factors: factors.factors }]
      : factors.components.map((c) => ({
          quantity: ((quantityStd * c.percentage) / 100) * c.conversion,
          factors: c.factors,
        }));
  const use = (f: FactorPeriod | undefined) => {
    if (f?.versionId !== undefined && !versions.includes(f.versionId)) versions.push(f.versionId);
  };
  for (const part of parts) {
    const found = factorsOn(part.factors, day);
    if (found === null) return null;
    for (const key of ['s1', 's2Location', 's3'] as const) {
      const f = found[key];
      if (!f) continue;
      co2e[key] += part.quantity * f.rate;
      use(f);
    }
    const m = marketOnDay(part.quantity, {
      ...market,
      residual: found.s2Market?.rate,
      location: found.s2Location?.rate,
    });
    if (!m) continue;
    co2e.s2Market += m.kg;
    for (const [basis, kwh] of Object.entries(m.kwh) as [MarketBasis, number][]) marketKwh[basis] += kwh;
    if (m.kwh.residual !== 0) use(found.s2Market);
  }
  return { co2e, marketKwh, versions };
}
