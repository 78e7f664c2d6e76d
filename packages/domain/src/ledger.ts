import { fromDayNumber, monthOf, toDayNumber } from './calendar';
import { type DayMarket, emissionsOn } from './ledger-emissions';
import { type InvoiceShare, invoiceShares, spreadCents } from './ledger-money';
import {
  type FactRow,
  type LedgerAlert,
  type LedgerInput,
  type LedgerResult,
  reportsInScope3Only,
  SCOPE_KEYS,
  takesConsumptionRecords,
  takesTransactions,
} from './ledger-types';
import { openDaysIn } from './open-days';
import { certificateCover, emptyMarketKwh, type MarketBasis, supplierRateOn } from './scope2-market';

/**
 * The energy ledger, version 2 (docs/domain.md, The energy ledger): for one meter, which input counts on each
 * day and for each measure, calendarisation by day, unit conversion per input row, the emission factor in
 * force on each day for each scope (the organisation's own set, else the default source, day by day; a day
 * with none is counted as missing), and the monthly fact rows. Pure: the caller loads the inputs and stores
 * the rows. The rules that refuse bad input live in ./ledger-rules.
 */

export * from './ledger-emissions';
export * from './ledger-money';
export * from './ledger-types';

// ---------------------------------------------------------------------------------------------------------
// Which input counts per day (docs/domain.md, Which input counts)

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

export { openDaysIn, openDaysOver } from './open-days';
