import {
  addMonths,
  daysBetween,
  daysInMonth,
  fromDayNumber,
  monthOf,
  toDayNumber,
} from '@verdant/domain/calendar';
import { and, between, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { demoLineItems, demoTaxAmount } from './demo-line-items';
import { type DemoSmartMeterName, demoMeterDay, halfHourKwh } from './demo-load-profiles';
import { demoNhhRateFor } from './demo-rates';
import { createInvoices } from './input-factories';
import { recomputeFacts } from './ledger/recompute';
import { meters } from './schema/assets';
import { halfHourDays, halfHourRegisters } from './schema/half-hours';
import { invoiceLineItems } from './schema/inputs';

/**
 * The smart meters' half-hour data, day by day from their buildings' models (demo-load-profiles.ts): kWh and
 * kW of each standard-time half hour, and a power factor that rises with the load.
 */
export async function demoHalfHourDays(
  db: DbOrTx,
  meter: { id: number; organisationId: number },
  model: DemoSmartMeterName,
  from: string,
  till: string,
) {
  const rows: (typeof halfHourDays.$inferInsert)[] = [];
  for (let d = 0; d < daysBetween(from, till); d++) {
    const date = fromDayNumber(toDayNumber(from) + d);
    const kw = demoMeterDay(model, date).importKw;
    const kwh = halfHourKwh(kw);
    const peak = Math.max(...kw, 1);
    rows.push({
      meterId: meter.id,
      organisationId: meter.organisationId,
      readDate: date,
      kwh,
      kw,
      pf: kw.map((v) => Math.round((0.86 + 0.1 * (v / peak)) * 1000) / 1000),
      dayKwh: kwh.reduce((a, b) => a + b, 0),
      readings: 48,
    });
  }
  await db.insert(halfHourRegisters).values({
    organisationId: meter.organisationId,
    meterId: meter.id,
    register: 0,
    direction: 'import',
    quantity: 'kWh',
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(halfHourDays).values(rows.slice(i, i + 500));
}

/** The two smart meters billed at the NHH rates (the Civic Library's is on the TOU contract), by invoice prefix. */
const NHH_SMART: Record<string, string> = {
  'Southern Depot Smart meter': 'SDS',
  'Head Office EV chargers': 'EVC',
};
const RATE = 0.21;
const DAILY = 1.2;

/**
 * The retailer's monthly invoices over the months of half-hour data, for the smart meters billed at the demo's
 * NHH rates: each bills the month's half-hour kWh (so consumption is unchanged and its cost is known), and a
 * month with days missing from the half-hour data (last month's communications fault) is not billed yet.
 * The Civic Library's TOU invoices are demo-tou-invoices.ts. Runs after demo-half-hour.ts.
 */
export async function seedDemoSmartMeterInvoices(
  tx: DbOrTx,
  { organisationId, today }: { organisationId: number; today: string },
) {
  const smart = await tx
    .select({ id: meters.id, organisationId: meters.organisationId, name: meters.localName })
    .from(meters)
    .where(and(eq(meters.organisationId, organisationId), inArray(meters.localName, Object.keys(NHH_SMART))));
  const lastMonth = addMonths(monthOf(today), -1);
  const first = addMonths(lastMonth, -12);
  const lastDay = fromDayNumber(toDayNumber(lastMonth) + daysInMonth(lastMonth) - 1);
  for (const meter of smart) {
    const days = await tx
      .select({ date: halfHourDays.readDate, kwh: halfHourDays.dayKwh, readings: halfHourDays.readings })
      .from(halfHourDays)
      .where(
        and(
          eq(halfHourDays.meterId, meter.id),
          eq(halfHourDays.register, 0),
          between(halfHourDays.readDate, first, lastDay),
        ),
      );
    const list: Parameters<typeof createInvoices>[2] = [];
    const lines: ReturnType<typeof demoLineItems>[] = [];
    for (let month = first; month <= lastMonth; month = addMonths(month, 1)) {
      const mine = days.filter((d) => monthOf(d.date) === month);
      const count = daysInMonth(month);
      if (mine.length < count || mine.some((d) => d.readings < 48)) continue;
      const units = Math.round(mine.reduce((s, d) => s + d.kwh, 0) * 1000) / 1000;
      const cost = Math.round((units * RATE + count * DAILY) * 100) / 100;
      const till = fromDayNumber(toDayNumber(month) + count - 1);
      list.push({
        from: month,
        till,
        consumption: units,
        cost,
        taxAmount: demoTaxAmount(cost),
        invoiceNumber: `${NHH_SMART[meter.name ?? ''] ?? 'SM'}-${month.slice(0, 7).replace('-', '')}`,
      });
      lines.push(
        demoLineItems({
          units,
          days: count,
          cost,
          daily: DAILY,
          tou: false,
          energy: 'electricity',
          nhh: demoNhhRateFor(today, month, till),
        }),
      );
    }
    const rows = await createInvoices(tx, meter, list);
    const values = rows.flatMap((row, i) =>
      (lines[i] ?? []).map((item) => ({ ...item, organisationId, invoiceId: row.id })),
    );
    if (values.length > 0) await tx.insert(invoiceLineItems).values(values);
  }
  await recomputeFacts(
    tx,
    smart.map((m) => m.id),
    today,
  );
}
