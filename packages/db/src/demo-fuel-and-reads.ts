import { addMonths, daysInMonth, fromDayNumber, toDayNumber } from '@verdant/domain/calendar';
import type { createMeter } from './asset-factories';
import type { DbOrTx } from './client';
import { type Catalogue, type DemoSite, round1, round2, season } from './demo-catalogue';
import { createConsumptionRecord, createFuelPurchase, createInvoice } from './input-factories';

type Meter = Awaited<ReturnType<typeof createMeter>>;

/**
 * The demo's inputs that are not monthly bills: fuel cards with weekly purchases, LPG by the bottle swap, and a
 * check meter read by hand. Part of the demo ledger (demo-ledger.ts), which makes the meters and computes their
 * facts; called in its order, so the meters keep their ids.
 */
export async function seedDemoFuelAndReads(
  db: DbOrTx,
  {
    cat,
    meter,
    site,
    firstMonth,
    lastMonth,
    today,
  }: {
    cat: Catalogue;
    meter: (s: DemoSite, values: Parameters<typeof createMeter>[2]) => Promise<Meter>;
    site: (name: string) => DemoSite;
    firstMonth: string;
    lastMonth: string;
    today: string;
  },
) {
  const electricity = {
    energyId: cat.typeId('Electricity (grid supplied)'),
    unitId: cat.unitId('Electricity (grid supplied)', 'kWh'),
  };
  // Fuel cards: diesel and petrol purchases, about one a week.
  const fuels: [string, string, string, number, number][] = [
    ['Northern Depot', 'Diesel', 'NDEPOT DIESEL CARD', 180, 1.92],
    ['Southern Depot', 'Diesel', 'SDEPOT DIESEL CARD', 150, 1.92],
    ['Head Office', 'Petrol', 'POOL CARS PETROL CARD', 55, 2.61],
    ['Civic Library', 'Petrol', 'LIBRARY VAN PETROL CARD', 40, 2.61],
  ];
  let fleet = 0;
  for (const [siteName, fuel, name, litres, price] of fuels) {
    fleet += 1;
    const card = await meter(site(siteName), {
      localName: name,
      meterType: 7,
      energyId: cat.typeId(fuel),
      unitId: cat.unitId(fuel, 'litres'),
    });
    const start = toDayNumber(firstMonth);
    const end = toDayNumber(today) - 1;
    for (let day = start + fleet, k = 0; day <= end; day += 7, k++) {
      const quantity = round2(litres * (0.85 + (0.3 * ((k * 37 + fleet * 11) % 10)) / 10));
      await createFuelPurchase(db, card, {
        date: fromDayNumber(day),
        quantity,
        cost: round2(quantity * price * (1 + 0.04 * Math.sin(k / 9))),
        odometer: 40_000 + k * 480,
        registration: `${fuel === 'Diesel' ? 'DT' : 'PT'}${fleet}${String(100 + fleet * 7)}`,
      });
    }
  }

  // LPG for the aquatic centre's spa heater, delivered and invoiced by the bottle swap.
  const lpg = await meter(site('Aquatic Centre'), {
    localName: 'Aquatic Centre LPG',
    energyId: cat.typeId('LPG'),
    unitId: cat.unitId('LPG', 'litres'),
  });
  for (let m = firstMonth, i = 0; m <= lastMonth; m = addMonths(m, 2), i++) {
    const till = fromDayNumber(toDayNumber(addMonths(m, 2)) - 1);
    const litres = round1(900 * season(m, 0.4));
    await createInvoice(db, lpg, {
      from: m,
      till: till <= today ? till : fromDayNumber(toDayNumber(today) - 1),
      consumption: litres,
      cost: round2(litres * 1.45),
      invoiceNumber: `LPG-${i + 1}`,
    });
  }

  // A level-2 check meter under the Head Office main supply, read monthly by hand from the month after it was
  // fitted: its first month has no reading yet (a check meter counts in no total), where a person can key one.
  const headOffice = site('Head Office');
  const submeter = await meter(headOffice, {
    localName: 'Head Office Level 3 submeter',
    meterOpen: addMonths(firstMonth, -1),
    ...electricity,
    metlvlId: 2,
    meterType: 8,
  });
  for (let m = firstMonth, i = 0; m <= lastMonth; m = addMonths(m, 1), i++) {
    await createConsumptionRecord(db, submeter, {
      from: m,
      till: fromDayNumber(toDayNumber(m) + daysInMonth(m) - 1),
      units: round1(6_200 * season(m, 0.2) * 0.97 ** (i / 12)),
    });
  }
}
