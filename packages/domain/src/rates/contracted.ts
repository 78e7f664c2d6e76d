import { fromDayNumber, toDayNumber } from '../calendar';
import { dayTypeOf, touDayTypeNamed, touPeriodNamed } from './tou';

/**
 * The rates a data source's contracts set (docs/decisions/rates.md, Which contracted rates apply to a data
 * source), in cents per kWh: its TOU contract's monthly rates by time period and day type, or, for an
 * electricity meter without a TOU contract, the organisation's non-TOU (NHH) retail and network rates for
 * date ranges.
 */
export interface TouMonthRate {
  /** 'yyyy-MM-01'. */
  month: string;
  periodId: number;
  daytypeId: number;
  rate: number;
}

export interface NhhRate {
  from: string;
  till: string;
  retailRate: number;
  networkRate: number;
}

export interface MeterContractRates {
  /** The TOU contract's name, or null (then `tou` is null). */
  contractName: string | null;
  tou: TouMonthRate[] | null;
  /** Non-TOU rates that apply to the meter (empty for a TOU meter or one that is not electricity). */
  nhh: NhhRate[];
}

/** What a line item is priced for, as far as the contracts go: energy, network, or neither. */
export type LineKind = 'energy' | 'network';

/** Energy and network lines are named by their charge type ('Energy', 'Network charge'; any case). */
export function lineKindOf(chargeType: string | null | undefined): LineKind | null {
  const name = (chargeType ?? '').trim().toLowerCase();
  if (name.startsWith('energy')) return 'energy';
  if (name.startsWith('network')) return 'network';
  return null;
}

export function touRateOn(rates: TouMonthRate[], date: string, periodId: number, daytypeId: number) {
  const month = `${date.slice(0, 7)}-01`;
  return (
    rates.find((r) => r.month === month && r.periodId === periodId && r.daytypeId === daytypeId)?.rate ?? null
  );
}

export function nhhRateOn(rates: NhhRate[], date: string): NhhRate | null {
  return rates.find((r) => r.from <= date && date <= r.till) ?? null;
}

export interface ContractedLineRate {
  /**
   * Cents per kWh: the lowest and highest contracted rate over the line's days. They differ when the line spans
   * day types or months of different rates; its blended rate then depends on when the energy was used.
   */
  min: number;
  max: number;
  /** Where it comes from, for the alert text: 'Metro Energy TOU, Day, Weekday' or 'NHH retail'. */
  source: string;
}

/**
 * The contracted rate for an invoice line over the invoice's days, or null when the contracts say nothing
 * about it (not an energy or network line, no period named on a TOU meter, or a day without a stored rate).
 * A TOU line names its time period and may name a day type (else every day counts with its own day type).
 */
export function contractedLineRate(
  rates: MeterContractRates,
  line: { chargeType?: string | null; touPeriod?: string | null; dayType?: string | null },
  from: string,
  till: string,
): ContractedLineRate | null {
  const kind = lineKindOf(line.chargeType);
  if (kind === null) return null;
  const first = toDayNumber(from);
  const last = toDayNumber(till);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const see = (rate: number) => {
    min = Math.min(min, rate);
    max = Math.max(max, rate);
  };
  if (rates.tou !== null) {
    if (kind !== 'energy') return null;
    const period = line.touPeriod ? touPeriodNamed(line.touPeriod) : undefined;
    if (!period) return null;
    const named = line.dayType ? touDayTypeNamed(line.dayType) : undefined;
    for (let d = first; d <= last; d++) {
      const date = fromDayNumber(d);
      const dayType = dayTypeOf(date);
      if (named && named.id !== dayType.id) continue;
      const rate = touRateOn(rates.tou, date, period.id, dayType.id);
      if (rate === null) return null;
      see(rate);
    }
    if (min > max) return null;
    const days = named ? `, ${named.daytypeDescr}` : '';
    return { min, max, source: `${rates.contractName ?? 'TOU contract'}, ${period.descr}${days}` };
  }
  if (rates.nhh.length === 0) return null;
  for (let d = first; d <= last; d++) {
    const r = nhhRateOn(rates.nhh, fromDayNumber(d));
    if (!r) return null;
    see(kind === 'energy' ? r.retailRate : r.networkRate);
  }
  if (min > max) return null;
  return { min, max, source: kind === 'energy' ? 'NHH retail rate' : 'NHH network rate' };
}
