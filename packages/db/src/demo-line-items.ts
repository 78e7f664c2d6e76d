import type { invoiceLineItems } from './schema/inputs';

/**
 * Line items for a demo electricity or gas invoice (docs/decisions/demo.md, Bills read as paper bills, at the
 * contracted rates), built so that they reconcile exactly with the invoice's cost before tax, which the demo
 * ledger already counts (so the ledger is unchanged):
 *
 *   daily fixed charge = days x daily rate                    (rounded to the cent)
 *   levy               = units x levy rate                    (rounded to the cent)
 *   energy             = cost - fixed charge - levy           (the remainder, to the cent)
 *
 * On a time-of-use meter the energy is split into Day (65 % of the units, at a day rate) and Night (the rest of
 * the units and of the energy total). Every rate is typed as on a bill (cents a unit under 100 c, else dollars),
 * so rate x units is within a cent or two of the line total. GST is 15 % of the whole, rounded to the cent.
 */
export interface DemoInvoiceFigures {
  /** Consumption in kWh. */
  units: number;
  days: number;
  /** Cost before tax, dollars to the cent (what the invoice row stores). */
  cost: number;
  /** Daily fixed charge, dollars a day. */
  daily: number;
  /** Time of use: energy by Day and Night period. */
  tou: boolean;
  energy: 'electricity' | 'gas';
  /**
   * The non-TOU (NHH) contract rates covering the invoice (c/kWh), when there are: energy is billed at the
   * retail rate and a network charge at the network rate, and the daily fixed charge takes the remainder.
   */
  nhh?: { retail: number; network: number } | null;
}

export type DemoLineItem = Omit<typeof invoiceLineItems.$inferInsert, 'organisationId' | 'invoiceId'>;

const cents = (dollars: number) => Math.round(dollars * 100);
const money = (c: number) => (c / 100).toFixed(2);
/**
 * A rate as a bill is typed (data-portal.md 5, 9): under 100 cents a unit in cents to 4 decimals, else in
 * dollars to 6 (the invoice page reads a typed rate of 100 or more as dollars).
 */
const typedRate = (centsPerUnit: number) =>
  Math.abs(centsPerUnit) < 100 ? centsPerUnit.toFixed(4) : (centsPerUnit / 100).toFixed(6);
/** The typed rate from a line total in cents and its units. */
const rateOf = (totalCents: number, units: number) => (units === 0 ? '0' : typedRate(totalCents / units));
/**
 * A daily fixed charge over `days`: as a rate a day when it can be typed as one (under $1 in cents, $100 or
 * more in dollars); between $1 and $100 a day no typed rate reads right, so the line is its total alone and
 * says the days and the daily charge, as a bill does.
 */
function dailyCharge(totalCents: number, days: number) {
  const perDay = days === 0 ? 0 : totalCents / days;
  if (Math.abs(perDay) < 100 || Math.abs(perDay) >= 10_000)
    return {
      description: 'Daily fixed charge',
      rate: typedRate(perDay),
      units: '1',
      factor: '1',
      repeat: String(days),
    };
  return {
    description: `Daily fixed charge, ${days} days at $${(perDay / 100).toFixed(2)}`,
    rate: null,
    units: null,
    factor: null,
    repeat: null,
  };
}

/** Electricity Authority levy (0.13 c/kWh) on electricity; Gas Industry Co levy (0.09 c/kWh) on gas. */
const LEVY = {
  electricity: { rate: 0.13, text: 'Electricity Authority levy' },
  gas: { rate: 0.09, text: 'Gas Industry Co levy' },
};

export const DEMO_GST_RATE = 0.15;

export function demoTaxAmount(cost: number): string {
  return money(Math.round(cents(cost) * DEMO_GST_RATE));
}

export function demoLineItems(f: DemoInvoiceFigures): DemoLineItem[] {
  const total = cents(f.cost);
  const fixed = Math.round(f.days * f.daily * 100);
  const levy = LEVY[f.energy];
  const levyCents = Math.round(f.units * levy.rate);
  const items: DemoLineItem[] = [];
  if (f.nhh && !f.tou) return contracted(f, f.nhh, total, levyCents);
  const energyCents = total - fixed - levyCents;
  const charge = (values: Omit<DemoLineItem, 'category' | 'sortOrder'>) =>
    items.push({ category: 'charge', sortOrder: items.length + 1, discountable: true, ...values });
  if (f.tou) {
    const dayUnits = Math.round(f.units * 0.65 * 10) / 10;
    const nightUnits = Math.round((f.units - dayUnits) * 10) / 10;
    // Day costs a third more a unit than night: day share of the energy cents = 0.65 x 4 / (0.65 x 4 + 0.35 x 3).
    const dayCents = Math.round((energyCents * dayUnits * 4) / (dayUnits * 4 + nightUnits * 3 || 1));
    const nightCents = energyCents - dayCents;
    charge({
      chargeType: 'energy',
      description: 'Energy - Day',
      touPeriod: 'Day',
      dayType: 'All days',
      rate: rateOf(dayCents, dayUnits),
      units: String(dayUnits),
      factor: '1',
      repeat: '1',
      total: money(dayCents),
    });
    charge({
      chargeType: 'energy',
      description: 'Energy - Night',
      touPeriod: 'Night',
      dayType: 'All days',
      rate: rateOf(nightCents, nightUnits),
      units: String(nightUnits),
      factor: '1',
      repeat: '1',
      total: money(nightCents),
    });
  } else {
    charge({
      chargeType: 'energy',
      description: f.energy === 'gas' ? 'Gas - Anytime' : 'Energy - Anytime',
      rate: rateOf(energyCents, f.units),
      units: String(f.units),
      factor: '1',
      repeat: '1',
      total: money(energyCents),
    });
  }
  charge({ chargeType: 'daily', ...dailyCharge(fixed, f.days), total: money(fixed) });
  charge({
    chargeType: 'levy',
    description: levy.text,
    rate: levy.rate.toFixed(4),
    units: String(f.units),
    factor: '1',
    repeat: '1',
    total: money(levyCents),
    discountable: false,
  });
  return items;
}

/** NHH-priced lines: energy at the retail rate, network at the network rate, the fixed charge the rest. */
function contracted(
  f: DemoInvoiceFigures,
  nhh: { retail: number; network: number },
  total: number,
  levyCents: number,
): DemoLineItem[] {
  const energyCents = Math.round(f.units * nhh.retail);
  const networkCents = Math.round(f.units * nhh.network);
  const fixedCents = total - energyCents - networkCents - levyCents;
  const line = (values: Omit<DemoLineItem, 'category' | 'sortOrder' | 'factor' | 'repeat'>, n: number) => ({
    category: 'charge' as const,
    sortOrder: n,
    discountable: true,
    factor: '1',
    repeat: '1',
    ...values,
  });
  return [
    line(
      {
        chargeType: 'energy',
        description: 'Energy - Anytime',
        rate: nhh.retail.toFixed(4),
        units: String(f.units),
        total: money(energyCents),
      },
      1,
    ),
    line(
      {
        chargeType: 'network',
        description: 'Network charge',
        rate: nhh.network.toFixed(4),
        units: String(f.units),
        total: money(networkCents),
      },
      2,
    ),
    { ...line({ chargeType: 'daily', total: money(fixedCents) }, 3), ...dailyCharge(fixedCents, f.days) },
    line(
      {
        chargeType: 'levy',
        description: LEVY[f.energy].text,
        rate: LEVY[f.energy].rate.toFixed(4),
        units: String(f.units),
        total: money(levyCents),
        discountable: false,
      },
      4,
    ),
  ];
}
