import type { MeterContractRates } from '../rates/contracted';

/**
 * Bill audit (docs/architecture.md, Bill audit): every audit is a pure function of one invoice and what is
 * known around it (the meter's other invoices, its alert set-ups, the organisation's alert settings,
 * half-hour data). An audit answers null when the invoice passes, or a finding with the text the alert shows.
 *
 * Money is in integer cents; consumption in the meter's unit; dates 'yyyy-MM-dd'.
 */
export interface AuditItem {
  totalCents: number;
  /** Charge, sundry or discount (a charge when not given). */
  category?: 'charge' | 'sundry' | 'discount';
  /** rate x units x factor x repeat in cents, when the item has them; null for a lump sum. */
  calculatedCents: number | null;
  taxExempt: boolean;
  /** Flagged on entry: an edited total more than 1 % from its calculated total. */
  arithmeticError?: boolean;
  description?: string | null;
  /** Charge type name ('Energy', 'Network charge', ...), time period and day type, as the line names them. */
  chargeType?: string | null;
  touPeriod?: string | null;
  dayType?: string | null;
  /** Cents per unit of the meter, and the units it applies to (units x factor x repeat); null for a lump sum. */
  rate?: number | null;
  quantity?: number | null;
}

export interface AuditInvoice {
  id: number;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  dateDue: string | null;
  dateFrom: string;
  dateTill: string;
  /** This meter's consumption on the invoice, in the meter's unit. */
  consumption: number;
  /** Cost before tax. */
  costCents: number;
  taxCents: number;
  /** 'Items are' GST incl (the item totals contain their GST); excl when not given. */
  itemsIncludeTax?: boolean;
  /** 'Discount applied' after GST (the GST is on the undiscounted items); before when not given. */
  discountAfterTax?: boolean;
  /** The invoice's GST percentage; 15 when not given. */
  taxPercentage?: number;
  readType: 'actual' | 'estimated' | 'customer';
  items: AuditItem[];
}

export interface ConsumptionSetup {
  /** 1 greater than, 2 less than, 3 different from the same period last year. */
  differ: number;
  /** Whole percent; null: not set. */
  percent: number | null;
  /** Whole units of the meter; null: not set. */
  absolute: number | null;
}

export interface TariffSetup {
  /** Percent change of the unit rate. */
  relative: number | null;
  /** Dollars: the change must be worth more than this over the invoice's consumption. */
  absolute: number | null;
  /** Change of the unit rate, cents a unit. */
  rate: number | null;
}

/** One day of half-hour data: kWh for each of up to 48 half hours. */
export interface HalfHourDay {
  date: string;
  kwh: number[];
}

export interface AuditContext {
  invoice: AuditInvoice;
  /** The meter's other invoices that count (not reversed), any order, without `invoice`. */
  others: AuditInvoice[];
  /** kwhPerUnit: the meter unit in kWh (1 for kWh), for comparing with half-hour data; null when not energy. */
  meter: { hasExport: boolean; unit: string; kwhPerUnit?: number | null };
  consumptionSetup: ConsumptionSetup | null;
  tariffSetup: TariffSetup | null;
  /** Base Load Alert trigger percentage; null: not set. */
  baseLoadTrigger: number | null;
  organisation: {
    estimatesAlertCount: number | null;
    nillConsumptionAlertCount: number | null;
  };
  /** Half-hour days of the meter from the day before the previous invoice's start to the invoice's end. */
  halfHour: HalfHourDay[] | null;
  /** Percent; default 2. */
  halfHourTolerance?: number;
  /** The rates the meter's contracts set (TOU or NHH); null or absent when none. */
  rates?: MeterContractRates | null;
}

export interface AuditFinding {
  audit: AuditCode;
  message: string;
}

export const AUDIT_CODES = [
  'consumption-last-year',
  'use-per-day',
  'cost-per-day',
  'unit-rate',
  'base-load',
  'consecutive-estimates',
  'nil-consumption',
  'duplicate-number',
  'duplicate-cost',
  'overlapping-period',
  'gap-before',
  'period-length',
  'gst',
  'arithmetic',
  'due-date',
  'negative-consumption',
  'half-hour-reconciliation',
  'contracted-rate',
  'virtual-invoice',
] as const;
export type AuditCode = (typeof AUDIT_CODES)[number];

export interface Audit {
  code: AuditCode;
  name: string;
  /** What the audit checks and why, shown beside its alerts. */
  explanation: string;
  run(ctx: AuditContext): AuditFinding | null;
}
