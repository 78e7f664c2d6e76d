import { daysInMonth, fromDayNumber, monthOf, toDayNumber } from './calendar';
import {
  certificateCover,
  type DayCover,
  emptyMarketKwh,
  type MarketBasis,
  type MarketInstruments,
  marketOnDay,
  supplierRateOn,
} from './scope2-market';

/**
 * The energy ledger, version 2 (docs/domain.md, The energy ledger): for one meter, which input counts on each
 * day and for each measure, calendarisation by day, unit conversion per input row, the emission factor in
 * force on each day for each scope (the organisation's own set, else the default source, day by day; a day
 * with none is counted as missing), and the monthly fact rows. Pure: the caller loads the inputs and stores
 * the rows. The rules that refuse bad input live in ./ledger-rules.
 */

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

// ---------------------------------------------------------------------------------------------------------
// Which input counts per day (docs/domain.md, Which input counts)

interface InvoiceShare {
  doc: InvoiceDoc;
  first: number;
  last: number;
  quantityStd: number;
  cents: number;
}

/** This meter's part of each invoice: its standard quantity and its cost share. */
function invoiceShares(meterId: number, docs: InvoiceDoc[]): InvoiceShare[] {
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

interface Day {
  quantity: number;
  exported: number;
  cents: number;
  covered: boolean;
  costed: boolean;
  estimated: boolean;
  flagged: boolean;
}

const emptyDay = (): Day => ({
  quantity: 0,
  exported: 0,
  cents: 0,
  covered: false,
  costed: false,
  estimated: false,
  flagged: false,
});

/** Computes the monthly fact rows of one meter from all of its inputs, with the bill-audit alerts. */
export function computeLedger(input: LedgerInput): LedgerResult {
  const { meter } = input;
  // Inputs dated before the meter's open date or after its close date are kept but not counted: only the days
  // of its open period reach the facts (docs/decisions/ledger.md, Inputs outside a meter's open period).
  const openDay = meter.openDate ? toDayNumber(meter.openDate) : null;
  const closeDay = meter.closeDate ? toDayNumber(meter.closeDate) : null;
  const inPeriod = (day: number) =>
    (openDay === null || day >= openDay) && (closeDay === null || day <= closeDay);
  const days = new Map<number, Day>();
  const dayOf = (d: number) => {
    let v = days.get(d);
    if (!v) {
      v = emptyDay();
      days.set(d, v);
    }
    return v;
  };

  // 1. Invoices. A reversal or replacement stops the invoices it reverses on the days it covers.
  const shares = invoiceShares(meter.id, input.invoices);
  const stopped = new Map<number, { first: number; last: number }[]>();
  for (const s of shares) {
    // A decommission is the meter's final bill: what it reverses stops from its start on, also past its end
    // (should the data source be opened again, the reversed invoice's tail must not come back).
    const last = s.doc.kind === 'decommission' ? Number.POSITIVE_INFINITY : s.last;
    for (const id of s.doc.reverses) {
      stopped.set(id, [...(stopped.get(id) ?? []), { first: s.first, last }]);
    }
  }
  const counts = (s: InvoiceShare, day: number) =>
    !(stopped.get(s.doc.id) ?? []).some((r) => r.first <= day && day <= r.last);
  const later = (a: InvoiceShare, b: InvoiceShare) =>
    a.doc.invoiceDate > b.doc.invoiceDate || (a.doc.invoiceDate === b.doc.invoiceDate && a.doc.id > b.doc.id);

  const winner = new Map<number, InvoiceShare>();
  const overlaps = new Map<string, LedgerAlert>();
  for (const s of shares) {
    const count = s.last - s.first + 1;
    const cents = spreadCents(s.cents, count);
    for (let i = 0; i < count; i++) {
      const day = s.first + i;
      if (!counts(s, day)) continue;
      if (!s.doc.carriesConsumption) {
        // Bills that carry only cost add cost and no consumption.
        const d = dayOf(day);
        d.cents += cents(i);
        d.costed = true;
        continue;
      }
      const current = winner.get(day);
      if (current) {
        const [a, b] = current.doc.id < s.doc.id ? [current, s] : [s, current];
        const key = `${a.doc.id}|${b.doc.id}`;
        const iso = fromDayNumber(day);
        const alert = overlaps.get(key);
        if (alert) alert.till = iso;
        else
          overlaps.set(key, {
            kind: 'invoice-overlap',
            invoiceIds: [a.doc.id, b.doc.id],
            from: iso,
            till: iso,
          });
      }
      if (!current || later(s, current)) winner.set(day, s);
    }
  }
  for (const [day, s] of winner) {
    const count = s.last - s.first + 1;
    const d = dayOf(day);
    d.quantity += s.quantityStd / count;
    d.cents += spreadCents(s.cents, count)(day - s.first);
    d.covered = true;
    d.costed = true;
    d.estimated ||= s.doc.estimated === true;
  }
  const invoiced = (day: number) => winner.has(day);

  // 2. On days no invoice covers: consumption records, transactions and fuel purchases.
  const otherDays = new Set<number>();
  if (takesConsumptionRecords(meter)) {
    for (const r of input.consumptionRecords) {
      const first = toDayNumber(r.from);
      const count = toDayNumber(r.till) - first + 1;
      if (count <= 0) continue;
      const perDay = (r.quantity * r.conversionToStandard) / count;
      for (let i = 0; i < count; i++) {
        if (invoiced(first + i)) continue;
        const d = dayOf(first + i);
        d.quantity += perDay;
        d.covered = true;
        d.estimated ||= r.estimated === true;
        otherDays.add(first + i);
      }
    }
  }
  const dated = [...(takesTransactions(meter) ? input.transactions : []), ...input.fuelPurchases];
  const eventMonths = new Set<string>();
  const costedEventMonths = new Set<string>();
  for (const t of dated) {
    const day = toDayNumber(t.date);
    if (invoiced(day) || !inPeriod(day)) continue;
    const d = dayOf(day);
    d.quantity += t.quantity * t.conversionToStandard;
    d.covered = true;
    d.flagged ||= t.flagged === true;
    if (t.costCents !== null) {
      d.cents += t.costCents;
      d.costed = true;
      costedEventMonths.add(monthOf(t.date));
    }
    eventMonths.add(monthOf(t.date));
    otherDays.add(day);
  }

  // 3. Then half-hour data, day by day: import kWh registers feed consumption, export registers an
  // exported quantity of their own (never a reduction); kVArh registers feed neither.
  for (const r of input.registerDays) {
    if (r.quantity !== 'kWh') continue;
    const day = toDayNumber(r.date);
    if (r.direction === 'export') {
      dayOf(day).exported += r.total;
      continue;
    }
    if (invoiced(day) || otherDays.has(day)) continue;
    const d = dayOf(day);
    d.quantity += r.total;
    d.covered = true;
    d.estimated ||= r.estimated === true;
  }

  // 4. Months: quantities, money, emissions per day with the factors in force.
  const scope3Only = reportsInScope3Only(meter);
  const market = marketOf(input, days, inPeriod);
  const rows = new Map<string, FactRow & { versions: Set<number>; unfactored: number }>();
  const rowFor = (month: string) => {
    let row = rows.get(month);
    if (!row) {
      row = {
        month,
        quantityStd: 0,
        exportedStd: 0,
        costCents: 0,
        co2e: { s1: 0, s2Location: 0, s2Market: 0, s3: 0 },
        marketKwh: emptyMarketKwh(),
        daysOpen: openDaysIn(month, meter),
        daysCovered: 0,
        daysCosted: 0,
        daysFactored: 0,
        estimated: false,
        flagged: false,
        factorVersions: [],
        versions: new Set(),
        unfactored: 0,
      };
      rows.set(month, row);
    }
    return row;
  };
  for (const [day, d] of [...days.entries()].sort((a, b) => a[0] - b[0])) {
    if (!inPeriod(day)) continue;
    const row = rowFor(monthOf(fromDayNumber(day)));
    row.quantityStd += d.quantity;
    row.exportedStd += d.exported;
    row.costCents += d.cents;
    row.estimated ||= d.estimated;
    row.flagged ||= d.flagged;
    if (d.covered) row.daysCovered += 1;
    if (d.costed) row.daysCosted += 1;
    if (!d.covered) continue;
    const emissions = emissionsOn(input.factors, day, d.quantity, market(day));
    if (emissions === null) {
      row.unfactored += 1;
      continue;
    }
    for (const v of emissions.versions) row.versions.add(v);
    if (scope3Only) {
      row.co2e.s3 += emissions.co2e.s1 + emissions.co2e.s2Location + emissions.co2e.s3;
    } else {
      for (const key of SCOPE_KEYS) row.co2e[key] += emissions.co2e[key];
      for (const [basis, kwh] of Object.entries(emissions.marketKwh) as [MarketBasis, number][]) {
        row.marketKwh[basis] += kwh;
      }
    }
  }
  // An event-based meter reports by exception: a month with events is covered on every day it was open
  // up to today.
  for (const month of eventMonths) {
    const row = rowFor(month);
    const open = openDaysIn(month, meter, input.today);
    row.daysCovered = Math.max(row.daysCovered, open);
    if (costedEventMonths.has(month)) row.daysCosted = Math.max(row.daysCosted, open);
  }
  const facts = [...rows.values()]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map(({ versions, unfactored, ...row }) => ({
      ...row,
      daysFactored: Math.max(0, row.daysCovered - unfactored),
      factorVersions: [...versions].sort((a, b) => a - b),
    }));
  return { facts, alerts: [...overlaps.values()] };
}

/** The instruments of a plain data type's meter per day: certificate cover and the supplier's rate. */
function marketOf(
  input: LedgerInput,
  days: Map<number, Day>,
  inPeriod: (day: number) => boolean,
): (day: number) => DayMarket | undefined {
  const instruments = input.market;
  if (!instruments || input.factors.kind !== 'plain') return () => undefined;
  if (instruments.certificates.length === 0 && instruments.supplierFactors.length === 0)
    return () => undefined;
  const quantities = new Map<number, number>();
  for (const [day, d] of days) if (d.covered && inPeriod(day)) quantities.set(day, d.quantity);
  const cover = certificateCover(instruments.certificates, quantities);
  return (day) => ({ cover: cover.get(day), supplier: supplierRateOn(instruments.supplierFactors, day) });
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

/**
 * Days of a month on which the meter was open (up to today when given). A measure is complete for a month
 * when its days reach the open days.
 */
export function openDaysIn(month: string, meter: LedgerMeter, today?: string): number {
  const first = toDayNumber(month);
  const last = first + daysInMonth(month) - 1;
  const open = meter.openDate ? Math.max(first, toDayNumber(meter.openDate)) : first;
  const closeLimit = Math.min(
    last,
    today ? toDayNumber(today) : last,
    meter.closeDate ? toDayNumber(meter.closeDate) : last,
  );
  return Math.max(0, closeLimit - open + 1);
}
