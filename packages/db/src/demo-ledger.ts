import { addMonths, daysInMonth, fromDayNumber, monthOf, toDayNumber } from '@verdant/domain/calendar';
import { createMeter } from './asset-factories';
import type { DbOrTx } from './client';
import { type DemoSite, loadCatalogue, round1, round2, season } from './demo-catalogue';
import { seedDemoFuelAndReads } from './demo-fuel-and-reads';
import { type DemoInvoiceFigures, demoLineItems, demoTaxAmount } from './demo-line-items';
import { type DemoSmartMeterName, demoMonthKwh } from './demo-load-profiles';
import { demoNhhRateFor } from './demo-rates';
import { demoHalfHourDays } from './demo-smart-meters';
import { createInvoices } from './input-factories';
import { recomputeFacts } from './ledger/recompute';
import { invoiceLineItems } from './schema/inputs';

/**
 * The demo organisation's meters and three years of inputs, computed from simple formulas so that any
 * figure can be checked by hand:
 *
 *   monthly kWh = base x season(month) x trend^(years since the first month)
 *   season(m)   = 1 + amplitude x cos(2 pi (m - 7) / 12)      (southern winter peaks in July)
 *   cost        = kWh x rate + days x daily charge             (rounded to the cent)
 *
 * Each meter has its own base, amplitude and yearly trend, so some rise and some fall year on year.
 */

type Site = DemoSite;

interface Profile {
  base: number;
  amplitude: number;
  /** Yearly growth: 0.94 falls 6% a year, 1.05 rises 5%. */
  trend: number;
  rate: number;
  daily: number;
  /** The month's kWh when a model draws it (the smart meters), instead of the formula above. */
  quantity?: (month: string) => number;
}

/** Monthly invoices from `first` to `last` (months, inclusive) following a profile. */
async function monthlyInvoices(
  db: DbOrTx,
  meter: { id: number; organisationId: number; unitId?: number | null },
  p: Profile,
  first: string,
  last: string,
  tag: string,
  lines?: {
    energy: 'electricity' | 'gas';
    tou: boolean;
    nhh?: (from: string, till: string) => { retail: number; network: number } | null;
  },
) {
  const list: Parameters<typeof createInvoices>[2] = [];
  const figures: DemoInvoiceFigures[] = [];
  for (let m = first, i = 0; m <= last; m = addMonths(m, 1), i++) {
    const days = daysInMonth(m);
    const quantity = p.quantity?.(m) ?? round1(p.base * season(m, p.amplitude) * p.trend ** (i / 12));
    const cost = round2(quantity * p.rate + days * p.daily);
    list.push({
      from: m,
      till: fromDayNumber(toDayNumber(m) + days - 1),
      consumption: quantity,
      cost,
      invoiceNumber: `${tag}-${m.slice(0, 7).replace('-', '')}`,
      estimated: i % 11 === 5,
      ...(lines ? { taxAmount: demoTaxAmount(cost) } : {}),
    });
    if (lines) {
      const till = fromDayNumber(toDayNumber(m) + days - 1);
      const { nhh, ...kind } = lines;
      figures.push({ units: quantity, days, cost, daily: p.daily, ...kind, nhh: nhh?.(m, till) ?? null });
    }
  }
  const rows = await createInvoices(db, meter, list);
  if (!lines) return;
  const items = rows.flatMap((row, i) =>
    demoLineItems(figures[i] as DemoInvoiceFigures).map((item) => ({
      ...item,
      organisationId: meter.organisationId,
      invoiceId: row.id,
    })),
  );
  for (let i = 0; i < items.length; i += 500)
    await db.insert(invoiceLineItems).values(items.slice(i, i + 500));
}

export interface DemoLedgerResult {
  meters: number;
}

/** Adds the demo meters and inputs to the demo organisation and computes their facts. */
export async function seedDemoLedger(db: DbOrTx, sites: Site[], today: string): Promise<DemoLedgerResult> {
  const cat = await loadCatalogue(db);
  const lastMonth = addMonths(monthOf(today), -1);
  const firstMonth = addMonths(lastMonth, -35);
  const site = (name: string) => {
    const s = sites.find((x) => x.name === name);
    if (!s) throw new Error(`demo site ${name} missing`);
    return s;
  };
  const ids: number[] = [];
  // Every meter opens on the first day of its inputs: its invoice list starts with its first invoice.
  const meter = async (s: Site, values: Parameters<typeof createMeter>[2]) => {
    const row = await createMeter(db, s, { meterOpen: firstMonth, ...values });
    ids.push(row.id);
    return row;
  };

  const electricity = {
    energyId: cat.typeId('Electricity (grid supplied)'),
    unitId: cat.unitId('Electricity (grid supplied)', 'kWh'),
  };
  const gas = { energyId: cat.typeId('Natural gas'), unitId: cat.unitId('Natural gas', 'kWh') };
  const water = { energyId: cat.typeId('Water supply'), unitId: cat.unitId('Water supply', 'm3') };
  const wastewater = { energyId: cat.typeId('Wastewater'), unitId: cat.unitId('Wastewater', 'm3') };

  // Electricity supply meters with three years of monthly invoices.
  const supplies: [string, string, number, number, number][] = [
    ['Head Office', 'Main supply', 42_000, 0.18, 0.95],
    ['Head Office', 'Data room', 9_500, 0.04, 1.06],
    ['Head Office', 'Car park lighting', 2_100, 0.3, 0.9],
    ['Northern Depot', 'Workshop supply', 18_000, 0.22, 1.03],
    ['Northern Depot', 'Yard lighting', 3_200, 0.35, 0.97],
    ['Southern Depot', 'Workshop supply', 15_500, 0.2, 0.93],
    ['Southern Depot', 'Wash bay', 4_800, 0.1, 1.08],
    ['Aquatic Centre', 'Main supply', 61_000, 0.12, 0.96],
    ['Aquatic Centre', 'Pool pumps', 22_000, 0.05, 1.02],
    ['Civic Library', 'Main supply', 14_000, 0.25, 0.94],
    ['Civic Library', 'Air conditioning', 5_600, -0.35, 1.05],
    ['Water Treatment Plant', 'Intake pumps', 88_000, 0.08, 1.01],
    ['Water Treatment Plant', 'Treatment building', 26_000, 0.15, 0.97],
    ['Water Treatment Plant', 'Outfall pumps', 31_000, 0.1, 1.07],
  ];
  let n = 0;
  for (const [siteName, name, base, amplitude, trend] of supplies) {
    n += 1;
    const tou = n % 3 === 0;
    const m = await meter(site(siteName), {
      localName: `${siteName} ${name}`,
      ...electricity,
      meterType: tou ? 1 : 2,
      account: `0000${String(1000 + n * 37)}NT${String(n).padStart(3, '0')}`.slice(-15),
      meterNumber: `E${String(40_000 + n * 113)}`,
    });
    await monthlyInvoices(
      db,
      m,
      { base, amplitude, trend, rate: 0.2, daily: 1.65 },
      firstMonth,
      lastMonth,
      `EL${n}`,
      // Non-time-of-use supplies are billed at the demo's NHH rates where they cover the month.
      {
        energy: 'electricity',
        tou,
        nhh: tou ? undefined : (from, till) => demoNhhRateFor(today, from, till),
      },
    );
  }

  // Natural gas.
  const gasMeters: [string, number, number, number][] = [
    ['Aquatic Centre', 120_000, 0.3, 0.97],
    ['Head Office', 16_000, 0.6, 0.92],
    ['Civic Library', 9_000, 0.65, 1.04],
    ['Northern Depot', 6_500, 0.5, 1.0],
  ];
  for (const [siteName, base, amplitude, trend] of gasMeters) {
    const m = await meter(site(siteName), { localName: `${siteName} Gas`, ...gas });
    await monthlyInvoices(
      db,
      m,
      { base, amplitude, trend, rate: 0.11, daily: 0.9 },
      firstMonth,
      lastMonth,
      `GS${ids.length}`,
      { energy: 'gas', tou: false },
    );
  }

  // Water supply and wastewater (m3).
  for (const [siteName, base] of [
    ['Head Office', 310],
    ['Aquatic Centre', 2_400],
    ['Northern Depot', 420],
    ['Southern Depot', 380],
    ['Civic Library', 120],
    ['Water Treatment Plant', 900],
  ] as const) {
    const w = await meter(site(siteName), {
      localName: `${siteName} Water`,
      ...water,
      account: `W-${ids.length + 7001}`,
    });
    await monthlyInvoices(
      db,
      w,
      { base, amplitude: -0.15, trend: 0.98, rate: 2.35, daily: 0.4 },
      firstMonth,
      lastMonth,
      `WS${ids.length}`,
    );
    if (siteName !== 'Water Treatment Plant' && siteName !== 'Civic Library') {
      const ww = await meter(site(siteName), {
        localName: `${siteName} Wastewater`,
        ...wastewater,
        account: `WW-${ids.length + 7001}`,
      });
      await monthlyInvoices(
        db,
        ww,
        { base: base * 0.85, amplitude: -0.15, trend: 0.98, rate: 2.9, daily: 0.3 },
        firstMonth,
        lastMonth,
        `WW${ids.length}`,
      );
    }
  }

  await seedDemoFuelAndReads(db, { cat, meter, site, firstMonth, lastMonth, today });

  // Smart meters: invoices until 13 months ago, then half-hour data, both drawn from the buildings' models.
  const hhStart = addMonths(lastMonth, -12);
  const smart: [string, string, DemoSmartMeterName][] = [
    ['Civic Library', 'Smart meter', 'Civic Library Smart meter'],
    ['Southern Depot', 'Smart meter', 'Southern Depot Smart meter'],
    ['Head Office', 'EV chargers', 'Head Office EV chargers'],
  ];
  for (const [siteName, name, model] of smart) {
    const m = await meter(site(siteName), {
      localName: `${siteName} ${name}`,
      ...electricity,
      meterType: 5,
      smartMetering: true,
    });
    await monthlyInvoices(
      db,
      m,
      {
        base: 0,
        amplitude: 0,
        trend: 1,
        rate: 0.21,
        daily: 1.2,
        quantity: (month) => demoMonthKwh(model, month),
      },
      firstMonth,
      addMonths(hhStart, -1),
      `SM${ids.length}`,
      { energy: 'electricity', tou: false },
    );
    await demoHalfHourDays(db, m, model, hhStart, fromDayNumber(toDayNumber(today) - 1));
  }
  await recomputeFacts(db, ids, today);
  return { meters: ids.length };
}
