import type { MarketBasis, MarketInstruments } from './scope2-market';

/** The ledger's inputs, factors and results (docs/domain.md, The energy ledger); ./ledger computes them. */

export type Scope = 1 | 2 | 3;
/**
 * Scope 2 has a location-based (grid average) and a market-based figure. As a factor timeline, `s2Market` is
 * the catalogue's residual-mix factor (scope2_basis 'residual-mix'); as a figure, the market-based total
 * (./scope2-market).
 */
export type ScopeKey = 's1' | 's2Location' | 's2Market' | 's3';
export const SCOPE_KEYS: ScopeKey[] = ['s1', 's2Location', 's2Market', 's3'];

export type InvoiceKind = 'normal' | 'reversal' | 'replacement' | 'decommission';
export const INVOICE_KINDS: InvoiceKind[] = ['normal', 'reversal', 'replacement', 'decommission'];

export type LineCategory = 'charge' | 'sundry' | 'discount' | 'tax';

/** The part of an invoice that falls to one meter (a row of `invoice_meters`). */
export interface InvoiceMeter {
  meterId: number;
  /** Read consumption times the multiplier is the meter's consumption. */
  multiplier: number;
  /** Percentage of the invoice's cost that falls to this meter; null: in proportion to consumption. */
  sharing: number | null;
  /** In the unit of the row. */
  consumption: number;
  /** The row's unit: standard quantity = quantity x conversionToStandard. */
  conversionToStandard: number;
}

/** An invoice as a document (docs/domain.md, Inputs). */
export interface InvoiceDoc {
  id: number;
  invoiceDate: string;
  from: string;
  till: string;
  kind: InvoiceKind;
  /** From its bill type: false for bills that carry only cost (lines charges, for example). */
  carriesConsumption: boolean;
  /** For a reversal or a replacement: the invoices it reverses on the days it covers. */
  reverses: number[];
  estimated?: boolean;
  /** Charges + sundries - discounts, in cents (tax excluded); see `costBeforeTaxCents`. */
  costCents: number;
  meters: InvoiceMeter[];
}

/** A consumption record: a period and units (types 8 and level-2 meters). */
export interface PeriodInput {
  from: string;
  till: string;
  quantity: number;
  conversionToStandard: number;
  estimated?: boolean;
}

/** A transaction or a fuel purchase: a dated quantity and, where it has one, a cost in cents. */
export interface DatedInput {
  date: string;
  quantity: number;
  conversionToStandard: number;
  /** null: the input carries no cost (transactions of type 7). */
  costCents: number | null;
  /** Incorrect-fuel purchases count (the fuel was burnt) and are flagged. */
  flagged?: boolean;
}

export type RegisterDirection = 'import' | 'export';
export type RegisterQuantity = 'kWh' | 'kVArh';

/** One register's half-hour readings of one standard-time day, summed. */
export interface RegisterDay {
  date: string;
  direction: RegisterDirection;
  quantity: RegisterQuantity;
  /** The day's sum in the register's quantity (kWh, the standard unit of electricity). */
  total: number;
  /** Some of the day's half hours were estimated or substituted (quality E, S, F or V): the month is an estimate. */
  estimated?: boolean;
}

export interface FactorPeriod {
  from: string;
  /** Inclusive; null while in force. */
  till: string | null;
  /** kg CO2e per standard unit. */
  rate: number;
  /** The factor version the rate comes from, recorded on the facts it produced. */
  versionId?: number;
}

/** Factor timelines per scope key. */
export type Timelines = Partial<Record<ScopeKey, FactorPeriod[]>>;

/** The organisation's own set where it has a factor for the day and scope, else the default source's. */
export interface FactorChoice {
  own?: Timelines;
  fallback: Timelines;
}

/** Factors for a plain data type, or per component for a composite one. */
export type FactorSet =
  | { kind: 'plain'; factors: FactorChoice }
  | {
      kind: 'composite';
      components: {
        percentage: number;
        /** From the composite's standard unit to the component's (litres to kWh, say). */
        conversion: number;
        factors: FactorChoice;
      }[];
    };

export type ReportingSource = 'ORGANISATION' | 'ASSOCIATED' | 'CONTRACTOR' | 'UNREPORTED';
export type Situation = 'STANDARD' | 'CHECK' | 'OFFSHORE' | 'LANDLORD';

export interface LedgerMeter {
  id: number;
  meterType: number;
  metlvlId: number;
  openDate?: string | null;
  closeDate?: string | null;
  /** Bit flags: 1 consumption reporting, 2 and 4 carbon reporting. */
  reporting?: number;
  reportingSource?: ReportingSource | string;
  situation?: Situation | string;
}

export interface LedgerInput {
  meter: LedgerMeter;
  invoices: InvoiceDoc[];
  consumptionRecords: PeriodInput[];
  transactions: DatedInput[];
  fuelPurchases: DatedInput[];
  registerDays: RegisterDay[];
  factors: FactorSet;
  /** The organisation's contractual instruments that apply to this meter (market-based scope 2). */
  market?: MarketInstruments;
  /** The last day inputs can cover (today in the organisation's time zone). */
  today: string;
}

export interface FactRow {
  month: string;
  quantityStd: number;
  exportedStd: number;
  costCents: number;
  co2e: Record<ScopeKey, number>;
  /** The kWh behind market-based scope 2, by the factor each took. */
  marketKwh: Record<MarketBasis, number>;
  daysOpen: number;
  daysCovered: number;
  daysCosted: number;
  daysFactored: number;
  estimated: boolean;
  /** Incorrect-fuel purchases (or other flagged inputs) count and are flagged. */
  flagged: boolean;
  factorVersions: number[];
}

export interface LedgerAlert {
  kind: 'invoice-overlap';
  invoiceIds: [number, number];
  from: string;
  till: string;
}

export interface LedgerResult {
  facts: FactRow[];
  alerts: LedgerAlert[];
}

// ---------------------------------------------------------------------------------------------------------
// Which meters count, per measure (docs/domain.md, Which meters count)

export type TotalMeasure = 'consumption' | 'cost' | 'emissions';

/** Whether a meter's facts count in totals of a measure (sites, groups, the organisation). */
export function countsIn(meter: LedgerMeter, measure: TotalMeasure): boolean {
  if (meter.metlvlId === 2 || meter.situation === 'CHECK' || meter.reportingSource === 'UNREPORTED') {
    return false;
  }
  const reporting = meter.reporting ?? 7;
  if (measure === 'consumption') return (reporting & 1) !== 0;
  if (measure === 'emissions') return (reporting & 6) !== 0;
  return true;
}

/** CONTRACTOR and ASSOCIATED meters report in scope 3, not in scopes 1 and 2. */
export const reportsInScope3Only = (meter: LedgerMeter) =>
  meter.reportingSource === 'CONTRACTOR' || meter.reportingSource === 'ASSOCIATED';

/** Meter types whose transactions count (7 Transactional, 9 Transactional with cost). */
export const takesTransactions = (m: LedgerMeter) => m.meterType === 7 || m.meterType === 9;
/**
 * Consumption records count for type 8 (unmetered consumption only) and level-2 meters, which take them by
 * hand, and for every other data source but the transactional ones (7 and 9), where they come from files of
 * whole days and billing periods (Green Button daily or monthly readings, EIEP13A and NEM13 reads).
 */
export const takesConsumptionRecords = (m: LedgerMeter) => m.meterType !== 7 && m.meterType !== 9;
