import { addMonths, daysInMonth, fromDayNumber, monthOf, toDayNumber } from '@verdant/domain/calendar';
import type { MeterContractRates } from '@verdant/domain/rates/contracted';
import { TOU_DAY_TYPES, TOU_TIME_PERIODS } from '@verdant/domain/rates/tou';
import { type VirtualInvoice, virtualInvoice } from '@verdant/domain/rates/virtual-invoice';
import { and, between, eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { demoTaxAmount } from './demo-line-items';
import { demoTouRate } from './demo-rates';
import { createInvoices } from './input-factories';
import { recomputeFacts } from './ledger/recompute';
import { meters } from './schema/assets';
import { halfHourDays } from './schema/half-hours';
import { invoiceLineItems } from './schema/inputs';
import { meterAlertSettings } from './schema/meter-settings';

const METER = 'Civic Library Smart meter';
/** c/kWh and $ a day, not priced by the TOU contract. */
const NETWORK_RATE = 3.6;
const DAILY = 1.2;
const LEVY_RATE = 0.13;
/** The latest invoice bills weekday Day energy this much over the contract (c/kWh): a slip to find. */
const SLIP = 2;
/** The smart meter's Tariff Alert absolute amount, $, low enough for the slip to pass it. */
const THRESHOLD = '20';

/**
 * The virtual invoice's demo (docs/decisions/demo.md, Deliberate slips for the bill audit): the Civic
 * Library's smart meter, on the demo's TOU contract with half-hour data from 13 months ago, gets the monthly
 * invoices the retailer sent over those months (its earlier invoices end the day before), each billing energy
 * by TOU period and day type at the contracted rate on the half-hour kWh, a network charge, a daily fixed
 * charge and the levy. The latest bills weekday Day energy 2 c/kWh over the contract, so its invoice page
 * shows the difference and the bill audit raises the tariff alerts. The invoices count instead of the
 * half-hour data over their days (consumption unchanged, cost now known). Runs after the rates
 * (demo-targets-rates.ts).
 */
export async function seedDemoTouInvoices(
  tx: DbOrTx,
  { organisationId, today }: { organisationId: number; today: string },
) {
  const [meter] = await tx
    .select({ id: meters.id, organisationId: meters.organisationId, unitId: meters.unitId })
    .from(meters)
    .where(and(eq(meters.organisationId, organisationId), eq(meters.localName, METER)));
  if (!meter) return;
  const lastMonth = addMonths(monthOf(today), -1);
  const first = addMonths(lastMonth, -12);
  const lastDay = fromDayNumber(toDayNumber(lastMonth) + daysInMonth(lastMonth) - 1);
  const days = await tx
    .select({ date: halfHourDays.readDate, kwh: halfHourDays.kwh })
    .from(halfHourDays)
    .where(
      and(
        eq(halfHourDays.organisationId, organisationId),
        eq(halfHourDays.meterId, meter.id),
        eq(halfHourDays.register, 0),
        between(halfHourDays.readDate, first, lastDay),
      ),
    );
  const halfHour = days.map((d) => ({ date: d.date, kwh: d.kwh }));
  const list: Parameters<typeof createInvoices>[2] = [];
  const lines: Omit<typeof invoiceLineItems.$inferInsert, 'organisationId' | 'invoiceId'>[][] = [];
  const billed: { month: string; till: string; priced: VirtualInvoice }[] = [];
  for (let month = first; month <= lastMonth; month = addMonths(month, 1)) {
    const till = fromDayNumber(toDayNumber(month) + daysInMonth(month) - 1);
    const rates: MeterContractRates = {
      contractName: null,
      nhh: [],
      tou: TOU_TIME_PERIODS.flatMap((p) =>
        TOU_DAY_TYPES.map((d) => ({
          month,
          periodId: p.id,
          daytypeId: d.id,
          rate: demoTouRate(month, p.descr, d.daytypeDescr),
        })),
      ),
    };
    const priced = virtualInvoice({ dateFrom: month, dateTill: till, halfHour, rates, items: [] });
    if (priced?.complete) billed.push({ month, till, priced });
  }
  // The slip is on the latest invoice: last month's, unless its half-hour data has a gap (demo-half-hour.ts
  // takes two days out of last month), when the month goes unbilled and the half-hour data counts.
  const latest = billed.at(-1)?.month;
  for (const { month, till, priced } of billed) {
    const items: (typeof lines)[number] = [];
    const charge = (values: Omit<(typeof items)[number], 'category' | 'sortOrder'>) =>
      items.push({ category: 'charge', sortOrder: items.length + 1, ...values });
    let kwh = 0;
    for (const l of priced.lines) {
      const [period = '', dayType = ''] = l.label.split(', ');
      const units = l.virtual?.kwh ?? 0;
      kwh += units;
      const slip = month === latest && period === 'Day' && dayType === 'Weekday' ? SLIP : 0;
      const rate = demoTouRate(month, period, dayType) + slip;
      charge({
        chargeType: 'energy',
        description: `Energy - ${l.label}`,
        touPeriod: period,
        dayType,
        rate: rate.toFixed(4),
        units: units.toFixed(3),
        factor: '1',
        repeat: '1',
        total: (Math.round(units * rate) / 100).toFixed(2),
        discountable: true,
      });
    }
    kwh = Math.round(kwh * 1000) / 1000;
    const dayCount = daysInMonth(month);
    charge({
      chargeType: 'network',
      description: 'Network charge',
      rate: NETWORK_RATE.toFixed(4),
      units: kwh.toFixed(3),
      factor: '1',
      repeat: '1',
      total: (Math.round(kwh * NETWORK_RATE) / 100).toFixed(2),
      discountable: true,
    });
    // A lump sum: the invoice page reads a typed rate of 100 or more as dollars, so $1.20 a day has no rate.
    charge({
      chargeType: 'daily',
      description: `Daily fixed charge, ${dayCount} days at $${DAILY.toFixed(2)}`,
      total: (DAILY * dayCount).toFixed(2),
      discountable: true,
    });
    charge({
      chargeType: 'levy',
      description: 'Electricity Authority levy',
      rate: LEVY_RATE.toFixed(4),
      units: kwh.toFixed(3),
      factor: '1',
      repeat: '1',
      total: (Math.round(kwh * LEVY_RATE) / 100).toFixed(2),
      discountable: false,
    });
    const cost = items.reduce((s, i) => s + Math.round(Number(i.total) * 100), 0) / 100;
    list.push({
      from: month,
      till,
      consumption: kwh,
      cost,
      taxAmount: demoTaxAmount(cost),
      invoiceNumber: `SMT-${month.slice(0, 7).replace('-', '')}`,
    });
    lines.push(items);
  }
  const rows = await createInvoices(tx, meter, list);
  const values = rows.flatMap((row, i) =>
    (lines[i] ?? []).map((item) => ({ ...item, organisationId, invoiceId: row.id })),
  );
  if (values.length > 0) await tx.insert(invoiceLineItems).values(values);
  await tx
    .update(meterAlertSettings)
    .set({ tariffAbs: THRESHOLD })
    .where(
      and(eq(meterAlertSettings.organisationId, organisationId), eq(meterAlertSettings.meterId, meter.id)),
    );
  await recomputeFacts(tx, [meter.id], today);
}
