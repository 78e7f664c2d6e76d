import { fromDayNumber, toDayNumber } from '../calendar';
import { type LineKind, lineKindOf, type MeterContractRates, nhhRateOn, touRateOn } from './contracted';
import { dayTypeOf, periodAt, touDayTypeNamed, touPeriodNamed } from './tou';

/**
 * The virtual invoice (docs/decisions/bill-audit.md, The virtual invoice): what an invoice's energy should
 * have cost, the contracted rates applied to the meter's half-hour data half hour by half hour, beside the
 * lines the retailer billed. Money in whole cents, rates in cents per kWh.
 */
export interface VirtualInvoiceLine {
  /** The line's billed description, else its time period and day type ('Day, Weekday'). */
  label: string;
  kind: LineKind;
  /** Contracted rates x half-hour kWh; null when nothing of the half-hour data falls to this line. */
  virtual: { kwh: number; rate: number; cents: number } | null;
  /** The billed line(s); null when the invoice bills nothing for it. */
  billed: { kwh: number; rate: number | null; cents: number } | null;
  /** Billed minus virtual (a side that is missing counts 0). */
  differenceCents: number;
}

export interface VirtualInvoice {
  source: 'TOU' | 'NHH';
  contractName: string | null;
  lines: VirtualInvoiceLine[];
  virtualCents: number;
  billedCents: number;
  /** Billed minus virtual: positive when the invoice asks more than the contract. */
  differenceCents: number;
  halfHourKwh: number;
  daysInPeriod: number;
  /** Days without 48 half hours of data (left out of the virtual invoice). */
  missingDays: string[];
  /** Days with data but no contracted rate stored for them (left out too). */
  unpricedDays: string[];
  /** Every day of the period has data and a rate: only then is the difference a finding. */
  complete: boolean;
}

export interface VirtualInvoiceInput {
  dateFrom: string;
  dateTill: string;
  halfHour: { date: string; kwh: number[] }[];
  rates: MeterContractRates;
  /** The invoice's lines; only energy lines (and network lines for NHH rates) are compared. */
  items: {
    category?: 'charge' | 'sundry' | 'discount';
    chargeType?: string | null;
    touPeriod?: string | null;
    dayType?: string | null;
    description?: string | null;
    totalCents: number;
    /** units x factor x repeat, in the meter's unit. */
    quantity?: number | null;
  }[];
  /** The meter's unit in kWh (1 for kWh). */
  kwhPerUnit?: number;
}

interface Bucket {
  key: string;
  label: string;
  kind: LineKind;
  periodId: number | null;
  daytypeId: number | null;
  kwh: number;
  cents: number;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Prices each complete, rated day of the period into buckets (TOU period and day type, or NHH energy/network). */
function price(input: VirtualInvoiceInput) {
  const { rates } = input;
  const byDate = new Map(input.halfHour.map((d) => [d.date, d]));
  const buckets = new Map<string, Bucket>();
  const add = (b: Omit<Bucket, 'kwh' | 'cents'>, kwh: number, cents: number) => {
    const found = buckets.get(b.key) ?? { ...b, kwh: 0, cents: 0 };
    found.kwh += kwh;
    found.cents += cents;
    buckets.set(b.key, found);
  };
  const missingDays: string[] = [];
  const unpricedDays: string[] = [];
  let halfHourKwh = 0;
  const first = toDayNumber(input.dateFrom);
  const last = toDayNumber(input.dateTill);
  for (let d = first; d <= last; d++) {
    const date = fromDayNumber(d);
    const day = byDate.get(date);
    if (!day || day.kwh.length < 48) {
      missingDays.push(date);
      continue;
    }
    if (rates.tou !== null) {
      const tou = rates.tou;
      const dayType = dayTypeOf(date);
      const slots = day.kwh.slice(0, 48).map((kwh, i) => {
        const period = periodAt(Math.floor(i / 2), (i % 2) * 30);
        return { kwh, period, rate: touRateOn(tou, date, period.id, dayType.id) };
      });
      if (slots.some((s) => s.rate === null)) {
        unpricedDays.push(date);
        continue;
      }
      for (const s of slots) {
        halfHourKwh += s.kwh;
        add(
          {
            key: `${s.period.id}-${dayType.id}`,
            label: `${s.period.descr}, ${dayType.daytypeDescr}`,
            kind: 'energy',
            periodId: s.period.id,
            daytypeId: dayType.id,
          },
          s.kwh,
          s.kwh * (s.rate ?? 0),
        );
      }
    } else {
      const rate = nhhRateOn(rates.nhh, date);
      if (!rate) {
        unpricedDays.push(date);
        continue;
      }
      const kwh = day.kwh.slice(0, 48).reduce((a, b) => a + b, 0);
      halfHourKwh += kwh;
      const common = { periodId: null, daytypeId: null };
      add(
        { key: 'energy', label: 'Energy (NHH retail)', kind: 'energy', ...common },
        kwh,
        kwh * rate.retailRate,
      );
      add(
        { key: 'network', label: 'Network (NHH)', kind: 'network', ...common },
        kwh,
        kwh * rate.networkRate,
      );
    }
  }
  const ordered = [...buckets.values()].sort(
    (a, b) =>
      (a.kind === b.kind ? 0 : a.kind === 'energy' ? -1 : 1) ||
      (a.periodId ?? 0) - (b.periodId ?? 0) ||
      (a.daytypeId ?? 0) - (b.daytypeId ?? 0),
  );
  return { buckets: ordered, missingDays, unpricedDays, halfHourKwh };
}

/**
 * The virtual invoice of an invoice's period, or null when the meter's contracts set no rates for it or the
 * meter has no half-hour day in the period. Billed lines are matched to the half-hour buckets they bill: a TOU
 * line by its time period (and its day type, when it names one; lines naming none take what is left), an NHH
 * energy line the retail bucket, a network line the network bucket.
 */
export function virtualInvoice(input: VirtualInvoiceInput): VirtualInvoice | null {
  const { rates } = input;
  const source = rates.tou !== null ? 'TOU' : rates.nhh.length > 0 ? 'NHH' : null;
  if (source === null) return null;
  const priced = price(input);
  if (priced.missingDays.length === daysOf(input)) return null;
  const kwhPerUnit = input.kwhPerUnit ?? 1;
  const billedLines = input.items.filter((i) => {
    if ((i.category ?? 'charge') !== 'charge') return false;
    const kind = lineKindOf(i.chargeType);
    return kind === 'energy' || (kind === 'network' && source === 'NHH');
  });
  const used = new Set<string>();
  const take = (match: (b: Bucket) => boolean) => {
    const found = priced.buckets.filter((b) => !used.has(b.key) && match(b));
    for (const b of found) used.add(b.key);
    return found;
  };
  // Period-named lines first, so a line naming no period takes only what the others leave.
  const ordered = [...billedLines].sort(
    (a, b) => Number(!touPeriodNamed(a.touPeriod ?? '')) - Number(!touPeriodNamed(b.touPeriod ?? '')),
  );
  const lines: VirtualInvoiceLine[] = [];
  for (const item of ordered) {
    const kind = lineKindOf(item.chargeType) as LineKind;
    const period = source === 'TOU' ? touPeriodNamed(item.touPeriod ?? '') : undefined;
    const dayType = period ? touDayTypeNamed(item.dayType ?? '') : undefined;
    const matched = take((b) =>
      source === 'NHH'
        ? b.kind === kind
        : !period || (b.periodId === period.id && (!dayType || b.daytypeId === dayType.id)),
    );
    lines.push(line(item.description || item.chargeType || 'Line', kind, matched, item, kwhPerUnit));
  }
  for (const b of priced.buckets)
    if (!used.has(b.key)) lines.push(line(b.label, b.kind, [b], null, kwhPerUnit));
  const virtualCents = lines.reduce((s, l) => s + (l.virtual?.cents ?? 0), 0);
  const billedCents = lines.reduce((s, l) => s + (l.billed?.cents ?? 0), 0);
  return {
    source,
    contractName: rates.contractName,
    lines,
    virtualCents,
    billedCents,
    differenceCents: billedCents - virtualCents,
    halfHourKwh: round3(priced.halfHourKwh),
    daysInPeriod: daysOf(input),
    missingDays: priced.missingDays,
    unpricedDays: priced.unpricedDays,
    complete: priced.missingDays.length === 0 && priced.unpricedDays.length === 0,
  };
}

const daysOf = (i: { dateFrom: string; dateTill: string }) =>
  toDayNumber(i.dateTill) - toDayNumber(i.dateFrom) + 1;

function line(
  label: string,
  kind: LineKind,
  buckets: Bucket[],
  item: VirtualInvoiceInput['items'][number] | null,
  kwhPerUnit: number,
): VirtualInvoiceLine {
  const kwh = buckets.reduce((s, b) => s + b.kwh, 0);
  const exact = buckets.reduce((s, b) => s + b.cents, 0);
  const virtual =
    buckets.length > 0 && kwh > 0 ? { kwh: round3(kwh), rate: exact / kwh, cents: Math.round(exact) } : null;
  const billedKwh =
    item?.quantity === null || item?.quantity === undefined ? null : item.quantity * kwhPerUnit;
  const billed = item
    ? {
        kwh: round3(billedKwh ?? 0),
        rate: billedKwh ? item.totalCents / billedKwh : null,
        cents: item.totalCents,
      }
    : null;
  return {
    label,
    kind,
    virtual,
    billed,
    differenceCents: (billed?.cents ?? 0) - (virtual?.cents ?? 0),
  };
}
