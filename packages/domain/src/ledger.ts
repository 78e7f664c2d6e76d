import { daysInMonth, fromDayNumber, monthOf, toDayNumber } from './calendar';

/**
 * The energy ledger for one meter (domain.md, "The energy ledger"): which inputs count, calendarisation by
 * day, unit conversion, the emission factor in force on each day for each scope, and the monthly fact rows.
 * Pure: the caller loads the inputs and stores the rows.
 */

export type Scope = 1 | 2 | 3;

export interface PeriodInput {
  from: string;
  till: string;
  /** In the meter's unit. */
  quantity: number;
  /** Cost before tax in cents; 0 when the input has none. */
  costCents: number;
  estimated?: boolean;
  /** A reversed or replaced invoice no longer counts. */
  reversed?: boolean;
}

export interface DatedInput {
  date: string;
  /** In the meter's unit. */
  quantity: number;
  costCents: number;
}

export interface FactorPeriod {
  from: string;
  /** Inclusive; null while in force. */
  till: string | null;
  /** kg CO2e per standard unit. */
  rate: number;
}

/** Factor timelines per scope for a plain data type, or per component for a composite one. */
export type FactorSet =
  | { kind: 'plain'; byScope: Partial<Record<Scope, FactorPeriod[]>> }
  | {
      kind: 'composite';
      components: { percentage: number; byScope: Partial<Record<Scope, FactorPeriod[]>> }[];
    };

export interface LedgerMeter {
  meterType: number;
  metlvlId: number;
  /** The meter unit's conversion to the data type's standard unit. */
  conversionToStandard: number;
  openDate?: string | null;
  closeDate?: string | null;
}

export interface LedgerInput {
  meter: LedgerMeter;
  invoices: PeriodInput[];
  consumptionRecords: PeriodInput[];
  transactions: DatedInput[];
  fuelPurchases: DatedInput[];
  /** One entry per day with readings: kWh (already the standard unit of electricity) and how many half hours. */
  halfHourDays: { date: string; kwh: number }[];
  factors: FactorSet;
  /** The last day dated inputs can cover (today), for the days an event-based meter is counted. */
  today: string;
}

export interface FactRow {
  month: string;
  quantityStd: number;
  costCents: number;
  co2e: Record<Scope, number>;
  daysCovered: number;
  estimated: boolean;
}

const SCOPES: Scope[] = [1, 2, 3];

/** Meter types whose transactions count (7 Transactional, 9 Transactional with cost). */
export const takesTransactions = (m: LedgerMeter) => m.meterType === 7 || m.meterType === 9;
/** Consumption records count for type 8 (unmetered consumption only) and for level-2 meters. */
export const takesConsumptionRecords = (m: LedgerMeter) => m.meterType === 8 || m.metlvlId === 2;

/** The rate in force on a day (day number) in one timeline; 0 when none is. Timelines are short. */
function rateIn(timeline: FactorPeriod[] | undefined, day: number): number {
  if (!timeline) return 0;
  for (const f of timeline) {
    if (toDayNumber(f.from) <= day && (f.till === null || day <= toDayNumber(f.till))) return f.rate;
  }
  return 0;
}

/** kg CO2e per standard unit on a day for each scope; a composite weights its components by percentage. */
export function ratesOn(factors: FactorSet, day: number): Record<Scope, number> {
  const rates: Record<Scope, number> = { 1: 0, 2: 0, 3: 0 };
  for (const scope of SCOPES) {
    rates[scope] =
      factors.kind === 'plain'
        ? rateIn(factors.byScope[scope], day)
        : factors.components.reduce(
            (sum, c) => sum + (c.percentage / 100) * rateIn(c.byScope[scope], day),
            0,
          );
  }
  return rates;
}

/** Splits whole cents over `days` days so that they add up exactly; earlier days take the remainder. */
export function spreadCents(cents: number, days: number): (dayIndex: number) => number {
  const sign = cents < 0 ? -1 : 1;
  const whole = Math.abs(Math.round(cents));
  const base = Math.floor(whole / days);
  const extra = whole - base * days;
  return (i) => sign * (base + (i < extra ? 1 : 0));
}

interface DayAmount {
  quantity: number;
  cents: number;
  estimated: boolean;
}

function addTo(
  days: Map<number, DayAmount>,
  day: number,
  quantity: number,
  cents: number,
  estimated = false,
) {
  const d = days.get(day);
  if (d) {
    d.quantity += quantity;
    d.cents += cents;
    d.estimated ||= estimated;
  } else {
    days.set(day, { quantity, cents, estimated });
  }
}

/** Spreads period inputs evenly over their days (inclusive) into a day map. */
function spreadPeriods(inputs: PeriodInput[], skip?: Set<number>): Map<number, DayAmount> {
  const days = new Map<number, DayAmount>();
  for (const p of inputs) {
    if (p.reversed) continue;
    const first = toDayNumber(p.from);
    const count = toDayNumber(p.till) - first + 1;
    if (count <= 0) continue;
    const perDay = p.quantity / count;
    const cents = spreadCents(p.costCents, count);
    for (let i = 0; i < count; i++) {
      if (skip?.has(first + i)) continue;
      addTo(days, first + i, perDay, cents(i), p.estimated === true);
    }
  }
  return days;
}

/** Computes the monthly fact rows of one meter from all of its inputs. */
export function computeMonthlyFacts(input: LedgerInput): FactRow[] {
  const { meter } = input;
  // 1. Invoices are authoritative on the days they cover.
  const invoiceDays = spreadPeriods(input.invoices);
  const counted = new Map(invoiceDays);
  const covered = new Set(invoiceDays.keys());
  const invoicedMonths = new Set([...invoiceDays.keys()].map((d) => monthOf(fromDayNumber(d))));

  // 2. Consumption records on the days no invoice covers, for the meters that take them.
  if (takesConsumptionRecords(meter)) {
    for (const [day, amount] of spreadPeriods(input.consumptionRecords, covered)) {
      addTo(counted, day, amount.quantity, amount.cents, amount.estimated);
      covered.add(day);
    }
  }

  // 3. Dated inputs fall on their date, unless an invoice covers it.
  const dated = [...(takesTransactions(meter) ? input.transactions : []), ...input.fuelPurchases];
  const eventMonths = new Set<string>();
  for (const t of dated) {
    const day = toDayNumber(t.date);
    if (invoiceDays.has(day)) continue;
    addTo(counted, day, t.quantity, t.costCents);
    eventMonths.add(monthOf(t.date));
  }

  // 4. Half-hour readings count for a month only where no invoice covers any of its days.
  for (const h of input.halfHourDays) {
    if (invoicedMonths.has(monthOf(h.date))) continue;
    const day = toDayNumber(h.date);
    // Readings are kWh, the standard unit: undo the meter-unit conversion applied below.
    addTo(counted, day, h.kwh / meter.conversionToStandard, 0);
    covered.add(day);
  }

  const rows = new Map<string, FactRow>();
  const rowFor = (month: string) => {
    let row = rows.get(month);
    if (!row) {
      row = {
        month,
        quantityStd: 0,
        costCents: 0,
        co2e: { 1: 0, 2: 0, 3: 0 },
        daysCovered: 0,
        estimated: false,
      };
      rows.set(month, row);
    }
    return row;
  };
  for (const [day, amount] of counted) {
    const row = rowFor(monthOf(fromDayNumber(day)));
    const std = amount.quantity * meter.conversionToStandard;
    const rates = ratesOn(input.factors, day);
    row.quantityStd += std;
    row.costCents += amount.cents;
    for (const scope of SCOPES) row.co2e[scope] += std * rates[scope];
    row.estimated ||= amount.estimated;
  }
  for (const day of covered) rowFor(monthOf(fromDayNumber(day))).daysCovered += 1;
  // An event-based meter reports by exception: a month is covered on every day the meter was open.
  for (const month of eventMonths) {
    const row = rowFor(month);
    row.daysCovered = Math.max(row.daysCovered, openDaysIn(month, meter, input.today));
  }
  return [...rows.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** Days of a month on which the meter was open, up to today. */
function openDaysIn(month: string, meter: LedgerMeter, today: string): number {
  const first = toDayNumber(month);
  const last = first + daysInMonth(month) - 1;
  const open = meter.openDate ? Math.max(first, toDayNumber(meter.openDate)) : first;
  const closeLimit = Math.min(
    last,
    toDayNumber(today),
    meter.closeDate ? toDayNumber(meter.closeDate) : last,
  );
  return Math.max(0, closeLimit - open + 1);
}
